import { describe, expect, it } from 'vitest';
import { encodeBinaryFile } from './binary-file.js';
import { decodeBinaryFileLazy } from './binary-file.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('decodeBinaryFileLazy', () => {
  it('reads the sections encodeBinaryFile wrote, each inflated once', () => {
    for (const deflate of [false, true]) {
      const f = decodeBinaryFileLazy(encodeBinaryFile('TESTLAZY', 7, [text('alpha'), text(''), text('gamma '.repeat(100))], { deflate }), 'TESTLAZY', 'x.bin');
      expect([f.version, f.count]).toEqual([7, 3]);
      expect(new TextDecoder().decode(f.section(2))).toBe('gamma '.repeat(100));
      expect(f.section(2)).toBe(f.section(2));
      expect(new TextDecoder().decode(f.section(0))).toBe('alpha');
      expect(f.section(1).byteLength).toBe(0);
      expect(() => f.section(3)).toThrow(/x\.bin: section 3 is missing/);
    }
  });

  it('checks the magic, length and checksum before any section is read, naming the file', () => {
    const bytes = encodeBinaryFile('TESTLAZY', 1, [text('alpha'), text('beta')], { deflate: true });
    expect(() => decodeBinaryFileLazy(bytes.subarray(0, bytes.length - 3), 'TESTLAZY', 'seg/a.bin')).toThrow(/seg\/a\.bin: checksum mismatch/);
    const altered = new Uint8Array(bytes);
    altered[altered.length - 9]! ^= 0xff;
    expect(() => decodeBinaryFileLazy(altered, 'TESTLAZY', 'seg/a.bin')).toThrow(/seg\/a\.bin: checksum mismatch/);
    expect(() => decodeBinaryFileLazy(bytes, 'OTHERMAG', 'seg/a.bin')).toThrow(/seg\/a\.bin: not a OTHERMAG file/);
    expect(() => decodeBinaryFileLazy(bytes.subarray(0, 10), 'TESTLAZY', 'seg/a.bin')).toThrow(/seg\/a\.bin: truncated/);
  });
});

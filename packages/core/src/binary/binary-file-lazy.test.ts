import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeBinaryFile } from './binary-file.js';
import { decodeBinaryFileLazy } from './binary-file.js';
import { sortedIndexOf, stringColumn } from './string-column.js';

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

  it('take gives a section without keeping its inflated copy; section keeps it', () => {
    const f = decodeBinaryFileLazy(encodeBinaryFile('TESTLAZY', 1, [text('beta '.repeat(50))], { deflate: true }), 'TESTLAZY', 'x.bin');
    const a = f.take(0);
    expect(new TextDecoder().decode(a)).toBe('beta '.repeat(50));
    expect(f.take(0)).not.toBe(a);
    expect(f.take(0)).toEqual(a);
    const kept = f.section(0);
    expect(f.take(0)).toBe(kept);
    expect(() => f.take(1)).toThrow(/x\.bin: section 1 is missing/);
  });

  it('keepOnly copies the kept sections out of the file bytes and lets the others go; release lets go of more', () => {
    const bytes = encodeBinaryFile('TESTLAZY', 1, [text('alpha'), text('beta '.repeat(50)), text('gamma')], { compression: ['raw', 'deflate', 'raw'] });
    const f = decodeBinaryFileLazy(bytes, 'TESTLAZY', 'x.bin');
    f.keepOnly([1, 2]);
    bytes.fill(0);
    expect(new TextDecoder().decode(f.section(2))).toBe('gamma');
    expect(f.section(2).buffer).not.toBe(bytes.buffer);
    expect(new TextDecoder().decode(f.range(1, 0, 10))).toBe('beta beta ');
    expect(() => f.section(0)).toThrow(/x\.bin: section 0 was let go/);
    f.release([1]);
    expect(() => f.take(1)).toThrow(/x\.bin: section 1 was let go/);
    expect(new TextDecoder().decode(f.take(2))).toBe('gamma');
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

  it('compresses per section: raw sections are views into the bytes, blocked ones inflate only the blocks read', () => {
    // 300 KiB of text: five 64 KiB blocks
    const long = Array.from({ length: 300 * 1024 }, (_, i) => String.fromCharCode(97 + ((i * 7 + (i >> 9)) % 26))).join('');
    const nums = new Uint32Array([1, 2, 3, 4000000000]);
    const bytes = encodeBinaryFile('TESTLAZY', 2, [new Uint8Array(nums.buffer), text('free text '.repeat(50)), text(long), text('')], {
      compression: ['raw', 'deflate', 'blocks', 'blocks'],
    });
    const f = decodeBinaryFileLazy(bytes, 'TESTLAZY', 'x.bin');
    const raw = f.section(0);
    expect(raw.buffer).toBe(bytes.buffer);
    expect(new Uint32Array(raw.buffer, raw.byteOffset, 4)).toEqual(nums);
    expect(new TextDecoder().decode(f.section(1))).toBe('free text '.repeat(50));
    // ranges inside one block and across a block boundary
    for (const [a, b] of [[10, 20], [65530, 65546], [0, long.length], [200000, 200000], [long.length - 3, long.length]] as const)
      expect(new TextDecoder().decode(f.range(2, a, b))).toBe(long.slice(a, b));
    expect(new TextDecoder().decode(f.section(2))).toBe(long);
    expect(f.section(3).byteLength).toBe(0);
    expect(() => f.range(2, 0, long.length + 1)).toThrow(/x\.bin: section 2: bytes/);
    // the blocked text is smaller than the text
    expect(bytes.byteLength).toBeLessThan(long.length);
  });

  it('refuses a section compression it does not know, naming the file', () => {
    const bytes = encodeBinaryFile('TESTLAZY', 1, [text('alpha')], { compression: ['raw'] });
    new DataView(bytes.buffer).setUint32(20 + 4, 7, true);
    // the compression word is covered by the checksum: recompute it as a newer writer would
    new DataView(bytes.buffer).setUint32(16, crc32(bytes.subarray(20)), true);
    expect(() => decodeBinaryFileLazy(bytes, 'TESTLAZY', 'seg/b.bin')).toThrow(/seg\/b\.bin: section 0 has an unknown compression 7/);
  });
});

describe('stringColumn', () => {
  it('decodes strings on demand and binary-searches a sorted column', () => {
    const words = ['alpha', 'beta', 'gamma', 'zeta', 'Ünïcode'].sort();
    const blob = text(words.join(''));
    const ends = new Uint32Array(words.length);
    let at = 0;
    words.forEach((w, i) => (ends[i] = at += text(w).byteLength));
    let reads = 0;
    const col = stringColumn(new Uint8Array(ends.buffer), (a, b) => {
      reads++;
      return blob.subarray(a, b);
    });
    expect(col.length).toBe(words.length);
    expect(Array.from({ length: words.length }, (_, i) => col.at(i))).toEqual(words);
    expect(col.at(words.length)).toBeUndefined();
    const before = reads;
    expect(col.at(1)).toBe(words[1]);
    expect(reads).toBe(before);
    for (const w of words) expect(sortedIndexOf(col, w)).toBe(words.indexOf(w));
    expect(sortedIndexOf(col, 'delta')).toBe(-1);
  });
});

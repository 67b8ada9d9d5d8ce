import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeStrings, encodeStrings } from './binary-file.js';

/** The table as one encoder call per string builds it: the reference the joined encoding must equal. */
function perString(strings: string[]): [Buffer, Buffer] {
  const parts = strings.map((s) => new TextEncoder().encode(s));
  let total = 0;
  const ends = Uint32Array.from(parts, (p) => (total += p.length));
  return [Buffer.concat(parts), Buffer.from(ends.buffer)];
}

describe('encodeStrings', () => {
  const pieces = ['', 'a', 'Zürich', '東京', '😀', 'e\u0301', '\uD83D', '\uDE00', 'x\uD800y', 'tail\uDBFF', '\uDC00head', 'plain ascii text'];
  let seed = 7;
  const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  const strings = Array.from({ length: 3000 }, () => Array.from({ length: rand(4) }, () => pieces[rand(pieces.length)]!).join(''));

  it('draws strings that put lone surrogates at the boundaries', () => {
    expect(strings.filter((s, i) => /[\uD800-\uDBFF]$/.test(s) && /^[\uDC00-\uDFFF]/.test(strings[i + 1] ?? '')).length).toBeGreaterThan(5);
  });

  it('writes the bytes one encoder call per string writes, lone surrogates included, whatever the group size', () => {
    const [blob, ends] = perString(strings);
    for (const group of [1, 7, 64, 1 << 24]) {
      const [b, e] = encodeStrings(strings, group);
      expect(Buffer.from(b).equals(blob)).toBe(true);
      expect(Buffer.from(e).equals(ends)).toBe(true);
    }
  });

  it('round-trips well-formed strings', () => {
    const wellFormed = strings.filter((s) => !/[\uD800-\uDFFF]/.test(s) || /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/.test(s));
    const [b, e] = encodeStrings(wellFormed, 16);
    expect(decodeStrings(b, e)).toEqual(wellFormed);
  });

  describe('when the encoder writes less than asked', () => {
    const real = TextEncoder.prototype.encodeInto;
    afterEach(() => vi.restoreAllMocks());

    it('hands each group a destination of exactly its bytes (Node 20 writes nothing into views longer than 2 GiB)', () => {
      // the same refusal, scaled down: a destination longer than 4 KiB gets nothing written
      vi.spyOn(TextEncoder.prototype, 'encodeInto').mockImplementation(function (this: TextEncoder, text: string, dest: Uint8Array) {
        return dest.byteLength > 4096 ? { read: 0, written: 0 } : real.call(this, text, dest);
      });
      const [blob, ends] = perString(strings);
      const [b, e] = encodeStrings(strings, 64);
      expect(Buffer.from(b).equals(blob)).toBe(true);
      expect(Buffer.from(e).equals(ends)).toBe(true);
    });

    it('fails naming the strings rather than storing zeros', () => {
      vi.spyOn(TextEncoder.prototype, 'encodeInto').mockImplementation(() => ({ read: 0, written: 0 }));
      expect(() => encodeStrings(['abc', 'def'])).toThrow(/string table: encoding strings 0–1 wrote 0 of 6 bytes/);
    });
  });
});

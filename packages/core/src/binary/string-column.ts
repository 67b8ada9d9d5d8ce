// A string table of a binary file read in place: string i is decoded from its UTF-8 bytes on
// its first read and kept. Opening a graph of 400k node ids and names then costs nothing per
// string; a question decodes only the few hundred it touches. Arrays satisfy the same interface,
// so columns built in memory (a graph with deltas applied) need no wrapper.
import { u32 } from './binary-file.js';

export interface StringColumn {
  readonly length: number;
  at(i: number): string | undefined;
}

/**
 * Strings of a table whose UTF-8 bytes [start, end) `bytes` returns (a view into the file, or
 * bytes inflated from it on demand). The end offsets are a section, or — with `length` given — a
 * function reading it on the first string read (a deflated offsets section of a table most
 * questions never read).
 */
export function stringColumn(endsBytes: Uint8Array | (() => Uint8Array), bytes: (start: number, end: number) => Uint8Array, length?: number): StringColumn {
  let ends = typeof endsBytes === 'function' ? undefined : u32(endsBytes);
  const n = ends ? ends.length : length!;
  if (!(n >= 0)) throw new TypeError('stringColumn: give the length when the offsets are read lazily');
  const cache = new Array<string | undefined>(n);
  return {
    length: n,
    at(i) {
      if (!(i >= 0 && i < n)) return undefined;
      let s = cache[i];
      if (s === undefined) {
        ends ??= u32((endsBytes as () => Uint8Array)());
        cache[i] = s = utf8(bytes(i === 0 ? 0 : ends[i - 1]!, ends[i]!));
      }
      return s;
    },
  };
}

/** A column over a whole in-memory (or raw, in-file) blob. */
export function blobStringColumn(blob: Uint8Array, endsBytes: Uint8Array): StringColumn {
  return stringColumn(endsBytes, (a, b) => blob.subarray(a, b));
}

/** Every string of a column, as an array (an array is returned as is). */
export function columnToArray(c: StringColumn): string[] {
  if (Array.isArray(c)) return c as string[];
  const out = new Array<string>(c.length);
  for (let i = 0; i < c.length; i++) out[i] = c.at(i)!;
  return out;
}

/** Strings [from, to) of a column. */
export function columnSlice(c: StringColumn, from: number, to: number): string[] {
  const out: string[] = [];
  for (let i = from; i < to; i++) out.push(c.at(i)!);
  return out;
}

/** Index of `key` in a column sorted by JS string order (`<`), or -1. Decodes about log2(n) strings. */
export function sortedIndexOf(c: StringColumn, key: string): number {
  let lo = 0;
  let hi = c.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = c.at(mid)!;
    if (x === key) return mid;
    if (x < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const decoder = new TextDecoder();
function utf8(b: Uint8Array): string {
  // ASCII fast path: most ids and names are short ASCII, and String.fromCharCode is far cheaper
  // than a TextDecoder call per string
  if (b.byteLength <= 64) {
    let ascii = true;
    for (let j = 0; ascii && j < b.byteLength; j++) if (b[j]! > 127) ascii = false;
    if (ascii) return String.fromCharCode.apply(null, b as unknown as number[]);
  }
  return decoder.decode(b);
}

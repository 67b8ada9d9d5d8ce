// A set of strings numbered densely, in one open-addressing table of typed arrays: a string is
// found by its 32-bit hash and then compared whole (two strings of one hash never share a
// number). Numbers of removed strings are reused. Where the strings live is the table's
// `StringStore`: held as they are (`HeldStrings`), packed into one byte buffer
// (`PackedStrings`), or not held at all, for strings the owner can rebuild (a node's blocking
// key, from the node's key). Used by the name index, where a Map of millions of keys costs
// several times the bytes.
import type { StringStore } from './string-stores.js';
import { HeldStrings } from './string-stores.js';

/** FNV-1a over the UTF-16 code units, with a final avalanche (the table takes the low bits). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

const EMPTY = -1;
/** The table grows past this load (linear probing stays short below it). */
const MAX_LOAD = 0.7;

export class StringTable {
  private hashes = new Int32Array(8);
  /** Open addressing (linear probing): a string's number, or EMPTY. */
  private table = new Int32Array(16).fill(EMPTY);
  private readonly free: number[] = [];
  private live = 0;
  private top = 0;

  constructor(private readonly store: StringStore = new HeldStrings()) {}

  /** Number of strings in the table. */
  get size(): number {
    return this.live;
  }

  /** One past the largest number in use (for arrays indexed by number). */
  get limit(): number {
    return this.top;
  }

  /** Size the table for `n` strings at once. */
  reserve(n: number): void {
    if (n > this.table.length * MAX_LOAD) this.rehash(n);
    if (n > this.hashes.length) this.hashes = grown(this.hashes, n, true);
  }

  /** The number of `s`, or -1. */
  find(s: string): number {
    return this.findHashed(s, hashString(s));
  }

  /** Whether the last `intern` added its string (rather than finding it). */
  added = false;

  /** The number of `s`, adding it when absent (`added` tells which). */
  intern(s: string): number {
    const h = hashString(s);
    const found = this.findHashed(s, h);
    this.added = found < 0;
    if (found >= 0) return found;
    if (this.live + 1 > this.table.length * MAX_LOAD) this.rehash(this.live + 1);
    const n = this.free.length > 0 ? this.free.pop()! : this.top++;
    this.store.set?.(n, s);
    if (n >= this.hashes.length) this.hashes = grown(this.hashes, n + 1);
    this.hashes[n] = h;
    const mask = this.table.length - 1;
    let i = h & mask;
    while (this.table[i] !== EMPTY) i = (i + 1) & mask;
    this.table[i] = n;
    this.live++;
    return n;
  }

  /** The string numbered `n`. */
  at(n: number): string {
    return this.store.at(n);
  }

  /** Remove the string numbered `n` (without reading it); its number may be given to a later string. */
  remove(n: number): void {
    const table = this.table;
    const mask = table.length - 1;
    let i = this.hashes[n]! & mask;
    while (table[i] !== n) i = (i + 1) & mask;
    // backward-shift deletion: move into the hole every later entry of the run that may sit there
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const m = table[j]!;
      if (m === EMPTY) break;
      const home = this.hashes[m]! & mask;
      if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
        table[i] = m;
        i = j;
      }
    }
    table[i] = EMPTY;
    this.store.clear?.(n);
    this.free.push(n);
    this.live--;
  }

  private findHashed(s: string, h: number): number {
    const table = this.table;
    const mask = table.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const n = table[i]!;
      if (n === EMPTY) return -1;
      if (this.hashes[n] === h && this.store.matches(n, s)) return n;
    }
  }

  /** A table of room for `n` strings, holding the strings in use. */
  private rehash(n: number): void {
    let size = 16;
    while (n > size * MAX_LOAD) size *= 2;
    const table = new Int32Array(size).fill(EMPTY);
    const mask = size - 1;
    for (const m of this.table) {
      if (m === EMPTY) continue;
      let i = this.hashes[m]! & mask;
      while (table[i] !== EMPTY) i = (i + 1) & mask;
      table[i] = m;
    }
    this.table = table;
  }
}

/**
 * `a` copied into a larger array: exactly `min` elements when `exact` (a bulk build that knows
 * its size), else at least `min` and half again as many as `a` (amortised growth).
 */
export function grown(a: Int32Array<ArrayBuffer>, min: number, exact = false): Int32Array<ArrayBuffer> {
  if (min <= a.length) return a;
  const b = new Int32Array(exact ? min : Math.max(min, Math.ceil(a.length * 1.5), 8));
  b.set(a);
  return b;
}

// Where a StringTable's strings live. `HeldStrings` keeps the strings given (for strings held
// elsewhere anyway, such as the graph's node ids: the table then costs a pointer each).
// `PackedStrings` copies them into one byte buffer, one byte a character when every character
// is Latin-1 (the rare others are held as they are): no string object per key, at the price of
// building the string again when it is read.

export interface StringStore {
  /** The string numbered `n` (a number in use). */
  at(n: number): string;
  /** Whether the string numbered `n` is `s`. */
  matches(n: number, s: string): boolean;
  /** Keep `s` as number `n` (stores that hold their strings). */
  set?(n: number, s: string): void;
  /** Number `n` is no longer in use. */
  clear?(n: number): void;
}

export class HeldStrings implements StringStore {
  private readonly strings: (string | undefined)[] = [];

  at(n: number): string {
    return this.strings[n]!;
  }

  matches(n: number, s: string): boolean {
    return this.strings[n] === s;
  }

  set(n: number, s: string): void {
    this.strings[n] = s;
  }

  clear(n: number): void {
    this.strings[n] = undefined;
  }
}

/** `start` of a number not in use, and `length` of a string held in `wide`. */
const NONE = -1;

export class PackedStrings implements StringStore {
  private pool = Buffer.alloc(1 << 12);
  /** Bytes written, and how many of them belong to strings no longer in use. */
  private used = 0;
  private garbage = 0;
  /** Per number n: where its string starts at 2n and its length at 2n + 1 (side by side: one cache line). */
  private place = new Int32Array(16).fill(NONE);
  private readonly wide = new Map<number, string>();

  /** The buffer the packed strings are in (replaced when it grows: read it again after a `set`). */
  get buffer(): Buffer {
    return this.pool;
  }

  /** Where the string numbered `n` starts in `buffer`. */
  startOf(n: number): number {
    return this.place[2 * n]!;
  }

  /** The length in bytes of the string numbered `n`, or -1 when it is held as it is (not Latin-1). */
  lengthOf(n: number): number {
    return this.place[2 * n + 1]!;
  }

  at(n: number): string {
    const len = this.place[2 * n + 1]!;
    if (len === NONE) return this.wide.get(n)!;
    const from = this.place[2 * n]!;
    return this.pool.toString('latin1', from, from + len);
  }

  matches(n: number, s: string): boolean {
    const len = this.place[2 * n + 1]!;
    if (len === NONE) return this.wide.get(n) === s;
    if (s.length !== len) return false;
    const pool = this.pool;
    const from = this.place[2 * n]!;
    for (let i = 0; i < len; i++) if (pool[from + i] !== s.charCodeAt(i)) return false;
    return true;
  }

  set(n: number, s: string): void {
    if (2 * n + 1 >= this.place.length) {
      const place = new Int32Array(Math.max(2 * n + 2, 2 * Math.ceil(this.place.length * 0.75))).fill(NONE);
      place.set(this.place);
      this.place = place;
    }
    if (this.used + s.length > this.pool.length) this.repack(s.length);
    // a byte a character, written here (a short key costs less than a call to Buffer#write);
    // a character beyond Latin-1 sends the whole key to `wide` (the bytes written stay unused)
    const pool = this.pool;
    const at = this.used;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c > 0xff) {
        this.wide.set(n, s);
        this.place[2 * n] = at;
        this.place[2 * n + 1] = NONE;
        return;
      }
      pool[at + i] = c;
    }
    this.place[2 * n] = at;
    this.place[2 * n + 1] = s.length;
    this.used += s.length;
  }

  clear(n: number): void {
    if (this.place[2 * n + 1] === NONE) this.wide.delete(n);
    else this.garbage += this.place[2 * n + 1]!;
    this.place[2 * n] = NONE;
    this.place[2 * n + 1] = 0;
  }

  /** Room for `more` bytes: a larger buffer, or, when a quarter of the bytes is garbage, the strings in use copied into a new one. */
  private repack(more: number): void {
    if (this.garbage * 4 < this.used) {
      // little garbage: a larger buffer, the bytes copied as they lie
      const pool = Buffer.alloc(Math.max(1 << 12, Math.ceil((this.used + more) * 1.5)));
      this.pool.copy(pool, 0, 0, this.used);
      this.pool = pool;
      return;
    }
    const live = this.used - this.garbage;
    const pool = Buffer.alloc(Math.max(1 << 12, Math.ceil((live + more) * 1.5)));
    let at = 0;
    for (let n = 0; 2 * n < this.place.length; n++) {
      const from = this.place[2 * n]!;
      const len = this.place[2 * n + 1]!;
      if (from === NONE || len === NONE) continue;
      this.pool.copy(pool, at, from, from + len);
      this.place[2 * n] = at;
      at += len;
    }
    this.pool = pool;
    this.used = at;
    this.garbage = 0;
  }
}

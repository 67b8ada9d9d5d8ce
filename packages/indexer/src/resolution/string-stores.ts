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

const isLatin1 = (s: string) => {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
};

/** `start` of a number not in use, and `length` of a string held in `wide`. */
const NONE = -1;

export class PackedStrings implements StringStore {
  private pool = Buffer.alloc(1 << 12);
  /** Bytes written, and how many of them belong to strings no longer in use. */
  private used = 0;
  private garbage = 0;
  private start = new Int32Array(8).fill(NONE);
  private length = new Int32Array(8);
  private readonly wide = new Map<number, string>();

  /** The buffer the packed strings are in (replaced when it grows: read it again after a `set`). */
  get buffer(): Buffer {
    return this.pool;
  }

  /** Where the string numbered `n` starts in `buffer`. */
  startOf(n: number): number {
    return this.start[n]!;
  }

  /** The length in bytes of the string numbered `n`, or -1 when it is held as it is (not Latin-1). */
  lengthOf(n: number): number {
    return this.length[n]!;
  }

  at(n: number): string {
    const len = this.length[n]!;
    if (len === NONE) return this.wide.get(n)!;
    const from = this.start[n]!;
    return this.pool.toString('latin1', from, from + len);
  }

  matches(n: number, s: string): boolean {
    const len = this.length[n]!;
    if (len === NONE) return this.wide.get(n) === s;
    if (s.length !== len) return false;
    const pool = this.pool;
    const from = this.start[n]!;
    for (let i = 0; i < len; i++) if (pool[from + i] !== s.charCodeAt(i)) return false;
    return true;
  }

  set(n: number, s: string): void {
    if (n >= this.start.length) {
      const size = Math.max(n + 1, Math.ceil(this.start.length * 1.5));
      const start = new Int32Array(size).fill(NONE);
      start.set(this.start);
      const length = new Int32Array(size);
      length.set(this.length);
      this.start = start;
      this.length = length;
    }
    this.start[n] = this.used;
    if (!isLatin1(s)) {
      this.wide.set(n, s);
      this.length[n] = NONE;
      return;
    }
    if (this.used + s.length > this.pool.length) {
      this.repack(s.length);
      this.start[n] = this.used;
    }
    this.pool.write(s, this.used, 'latin1');
    this.length[n] = s.length;
    this.used += s.length;
  }

  clear(n: number): void {
    if (this.length[n] === NONE) this.wide.delete(n);
    else this.garbage += this.length[n]!;
    this.start[n] = NONE;
    this.length[n] = 0;
  }

  /** Room for `more` bytes: the strings in use copied into a new buffer (dropping the garbage), larger if need be. */
  private repack(more: number): void {
    const live = this.used - this.garbage;
    const pool = Buffer.alloc(Math.max(1 << 12, Math.ceil((live + more) * 1.5)));
    let at = 0;
    for (let n = 0; n < this.start.length; n++) {
      const from = this.start[n]!;
      const len = this.length[n]!;
      if (from === NONE || len === NONE) continue;
      this.pool.copy(pool, at, from, from + len);
      this.start[n] = at;
      at += len;
    }
    this.pool = pool;
    this.used = at;
    this.garbage = 0;
  }
}

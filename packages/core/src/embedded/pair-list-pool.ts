// Many small growable lists of int32 pairs (x, y) kept in two shared typed arrays instead of two
// typed arrays per list: a list is a (start, capacity, length) entry in three int32 columns, its
// pairs `x[start … start + length)` and `y[…]`. A list that outgrows its capacity moves to the end
// of the pool with room to grow; the region it leaves (and the region of a cleared list) is
// garbage until a compaction, run when the pool must grow while a third or more of it is garbage.
// Compaction copies every list in list order, so a list's pairs keep their order throughout:
// the BM25 index (bm25-index.ts) sums scores in posting order and must stay bit-identical.
//
// `x`, `y` and `start` change on growth and compaction: read them again after every call that adds.

export class PairListPool {
  /** First values of the pairs. */
  x: Int32Array;
  /** Second values of the pairs. */
  y: Int32Array;
  /** Per list: where its pairs begin in `x`/`y`. */
  start: Int32Array;
  /** Per list: how many pairs fit before it must move. */
  cap: Int32Array;
  /** Per list: how many pairs it holds. */
  len: Int32Array;
  /** Number of lists. */
  lists = 0;
  /** Where the next moved or reserved list goes (everything from here on is free). */
  end = 0;
  /** Pair slots below `end` that no list owns. */
  garbage = 0;
  /** Compactions so far (for tests and accounting). */
  compactions = 0;

  constructor(pairs = 64, lists = 16) {
    this.x = new Int32Array(pairs);
    this.y = new Int32Array(pairs);
    this.start = new Int32Array(lists);
    this.cap = new Int32Array(lists);
    this.len = new Int32Array(lists);
  }

  /**
   * A pool that takes `x` and `y` as they are (no copy), list `i` holding pairs
   * `[offsets[i], offsets[i + 1])`, each list exactly full.
   */
  static wrap(x: Int32Array, y: Int32Array, offsets: ArrayLike<number>, lists: number): PairListPool {
    const pool = new PairListPool(0, Math.max(lists, 16));
    pool.x = x;
    pool.y = y;
    for (let i = 0; i < lists; i++) {
      pool.start[i] = offsets[i]!;
      pool.cap[i] = pool.len[i] = offsets[i + 1]! - offsets[i]!;
    }
    pool.lists = lists;
    pool.end = lists > 0 ? offsets[lists]! : 0;
    return pool;
  }

  /** A new empty list; its id. */
  addList(): number {
    if (this.lists === this.start.length) {
      const n = this.lists * 2;
      this.start = grown(this.start, n);
      this.cap = grown(this.cap, n);
      this.len = grown(this.len, n);
    }
    const id = this.lists++;
    this.start[id] = this.end;
    this.cap[id] = 0;
    this.len[id] = 0;
    return id;
  }

  push(list: number, x: number, y: number): void {
    const n = this.len[list]!;
    if (n === this.cap[list]!) this.move(list, n < 4 ? 4 : n + (n >> 1));
    const at = this.start[list]! + n;
    this.x[at] = x;
    this.y[at] = y;
    this.len[list] = n + 1;
  }

  /** Position of the first pair of `list` whose x is `x`, or -1. */
  indexOf(list: number, x: number): number {
    const s = this.start[list]!;
    for (let i = 0, n = this.len[list]!; i < n; i++) if (this.x[s + i] === x) return i;
    return -1;
  }

  /** Remove the pair at `i`, moving the list's last pair into its place. */
  swapRemove(list: number, i: number): void {
    const s = this.start[list]!;
    const last = s + this.len[list]! - 1;
    this.x[s + i] = this.x[last]!;
    this.y[s + i] = this.y[last]!;
    this.len[list]!--;
  }

  /** Empty `list` and give it room for exactly `capacity` pairs (its old region becomes garbage). */
  reset(list: number, capacity: number): void {
    this.garbage += this.cap[list]!;
    this.cap[list] = 0;
    this.len[list] = 0;
    this.start[list] = this.end;
    if (capacity > 0) this.move(list, capacity);
  }

  /** Pair slots held by the two arrays (for accounting and tests). */
  get capacity(): number {
    return this.x.length;
  }

  /** Move `list` to the end of the pool with room for `capacity` pairs. */
  private move(list: number, capacity: number): void {
    if (this.end + capacity > this.x.length) this.makeRoom(capacity);
    const from = this.start[list]!;
    const n = this.len[list]!;
    const to = this.end;
    this.x.copyWithin(to, from, from + n);
    this.y.copyWithin(to, from, from + n);
    this.garbage += this.cap[list]!;
    this.start[list] = to;
    this.cap[list] = capacity;
    this.end = to + capacity;
  }

  /** Room for `need` more pairs at the end: compact when a third is garbage, else grow by half. */
  private makeRoom(need: number): void {
    const live = this.end - this.garbage;
    if (this.garbage * 3 >= this.end) {
      const size = Math.max(64, live + need + ((live + need) >> 3));
      const x = new Int32Array(size);
      const y = new Int32Array(size);
      let at = 0;
      for (let l = 0; l < this.lists; l++) {
        const s = this.start[l]!;
        const n = this.len[l]!;
        x.set(this.x.subarray(s, s + n), at);
        y.set(this.y.subarray(s, s + n), at);
        this.start[l] = at;
        this.cap[l] = n;
        at += n;
      }
      this.x = x;
      this.y = y;
      this.end = at;
      this.garbage = 0;
      this.compactions++;
      return;
    }
    const size = Math.max(this.end + need, this.x.length + (this.x.length >> 1), 64);
    this.x = grown(this.x, size);
    this.y = grown(this.y, size);
  }
}

function grown(a: Int32Array, size: number): Int32Array {
  const b = new Int32Array(size);
  b.set(a.length > size ? a.subarray(0, size) : a);
  return b;
}

// A binary min-heap of (item, priority) pairs, for Dijkstra-style searches.

export class MinHeap<T> {
  private items: T[] = [];
  private pr: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: T, priority: number): void {
    this.items.push(item);
    this.pr.push(priority);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.pr[parent]! <= priority) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The pair with the least priority, removed from the heap; throws on an empty heap (check `size`). */
  pop(): [T, number] {
    if (this.items.length === 0) throw new RangeError('MinHeap.pop: the heap is empty');
    const top: [T, number] = [this.items[0] as T, this.pr[0]!];
    const lastItem = this.items.pop() as T;
    const lastP = this.pr.pop()!;
    if (this.items.length > 0) {
      this.items[0] = lastItem;
      this.pr[0] = lastP;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        // l, r and m are checked against the length, so these reads are in range
        if (l < this.items.length && this.pr[l]! < this.pr[m]!) m = l;
        if (r < this.items.length && this.pr[r]! < this.pr[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  /** Swaps the pairs at positions a and b (both in range). */
  private swap(a: number, b: number): void {
    const item = this.items[a] as T;
    this.items[a] = this.items[b] as T;
    this.items[b] = item;
    const p = this.pr[a]!;
    this.pr[a] = this.pr[b]!;
    this.pr[b] = p;
  }
}

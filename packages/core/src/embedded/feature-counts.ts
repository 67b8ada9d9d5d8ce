// Counts of 32-bit feature hashes for the hashing embedder: an open-addressing table over typed
// arrays that keeps keys in first-seen order. The order matters: the embedder sums feature
// weights into float32 slots in that order, and float addition is not associative, so a
// different order could change the last bit of a vector. (A Map<number, number> keeps the same
// order but boxes every hash above 2^30 as a heap number.)

export class FeatureCounts {
  /** Keys in first-seen order; `counts[i]` belongs to `keys[i]`. */
  keys = new Uint32Array(64);
  counts = new Uint32Array(64);
  size = 0;
  /** Slot → key index + 1 (0 = empty); `slotOf[i]` is the slot holding key i. */
  private slots = new Int32Array(128);
  private slotOf = new Int32Array(64);
  private shift = 32 - 7;

  clear(): void {
    for (let i = 0; i < this.size; i++) this.slots[this.slotOf[i]!] = 0;
    this.size = 0;
  }

  add(h: number): void {
    const mask = this.slots.length - 1;
    let s = Math.imul(h, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const at = this.slots[s]!;
      if (at === 0) break;
      if (this.keys[at - 1] === h) {
        this.counts[at - 1]!++;
        return;
      }
      s = (s + 1) & mask;
    }
    const i = this.size++;
    if (i === this.keys.length) this.growKeys();
    this.keys[i] = h;
    this.counts[i] = 1;
    this.slots[s] = i + 1;
    this.slotOf[i] = s;
    if (this.size * 2 > this.slots.length) this.rehash();
  }

  private growKeys(): void {
    const n = this.keys.length * 2;
    const keys = new Uint32Array(n);
    keys.set(this.keys);
    const counts = new Uint32Array(n);
    counts.set(this.counts);
    const slotOf = new Int32Array(n);
    slotOf.set(this.slotOf);
    this.keys = keys;
    this.counts = counts;
    this.slotOf = slotOf;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.shift--;
    const mask = this.slots.length - 1;
    for (let i = 0; i < this.size; i++) {
      let s = Math.imul(this.keys[i]!, 0x9e3779b1) >>> this.shift;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = i + 1;
      this.slotOf[i] = s;
    }
  }
}

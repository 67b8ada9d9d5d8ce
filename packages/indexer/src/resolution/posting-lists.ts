// Key → an ordered list of entries, as doubly linked lists in typed arrays: no object per key or
// per entry. A list keeps the order entries were linked in; unlinking one leaves the others in
// place, in constant time however long the list. Entries are numbered by the caller: `width`
// entries per slot (entry slot·width + j), plus extra entries drawn from a pool (negative
// numbers, for the few slots with a variable number of keys). A key leaves the table when its
// last entry is unlinked. With `derive` (entry → the key it is linked under) the key strings are
// not held: a list's key is derived from its first entry when a lookup must compare it. The
// first entry's `prev` is the list's last entry (no tail array).
import type { StringStore } from './string-stores.js';
import { grown, StringTable } from './string-table.js';

const NONE = -1;
/** Extra entry x is numbered -2 - x (NONE is -1). */
const extra = (e: number) => -2 - e;

export class PostingLists {
  readonly keys: StringTable;
  /** Per key k: its first entry at 2k and its number of entries at 2k + 1 (one cache line for both). */
  private lists = new Int32Array(16);
  /** Per entry e: its next entry at 2e and its previous one at 2e + 1 (side by side: one cache line). */
  private links = new Int32Array(16);
  private xLinks = new Int32Array(16);
  /** An extra entry's slot and key number. */
  private xSlot = new Int32Array(8);
  private xKey = new Int32Array(8);
  private xTop = 0;
  private readonly xFree: number[] = [];

  /**
   * `keys`: where the key strings live (default: held as they are), or, for keys derived from
   * their entries, `derive(e)` (the key entry e is linked under) and `matches(e, key)`
   * (`derive(e) === key`, without building the string).
   */
  constructor(
    readonly width: number,
    keys?: StringStore | { derive: (entry: number) => string; matches: (entry: number, key: string) => boolean },
  ) {
    const derived = keys && 'derive' in keys ? keys : undefined;
    this.keys = new StringTable(
      derived ? { at: (k) => derived.derive(this.lists[2 * k]!), matches: (k, s) => derived.matches(this.lists[2 * k]!, s) } : (keys as StringStore | undefined),
    );
  }

  /** Make room for the entries of slots below `slots` and for `keys` keys (`exact`: the final size of a bulk build). */
  reserve(slots: number, keys = 0, exact = false): void {
    const n = slots * this.width;
    this.links = grown(this.links, 2 * n, exact);
    if (keys > 0) {
      this.keys.reserve(keys);
      this.reserveKeys(keys, exact);
    }
  }

  /** The slot of entry `e`. */
  slotOf(e: number): number {
    return e >= 0 ? Math.floor(e / this.width) : this.xSlot[extra(e)]!;
  }

  /** Append entry `e` to the list of `key`; returns the key's number. */
  link(key: string, e: number): number {
    const k = this.keys.intern(key);
    if (2 * k + 1 >= this.lists.length) this.reserveKeys(k + 1, false);
    if (this.lists[2 * k + 1] === 0) {
      this.lists[2 * k] = e;
      this.setPrev(e, e);
    } else {
      const h = this.lists[2 * k]!;
      const t = this.getPrev(h);
      this.setNext(t, e);
      this.setPrev(e, t);
      this.setPrev(h, e);
    }
    this.setNext(e, NONE);
    this.lists[2 * k + 1]!++;
    return k;
  }

  /** Append a new extra entry for `slot` to the list of `key`; returns the entry. */
  linkExtra(key: string, slot: number): number {
    const x = this.xFree.length > 0 ? this.xFree.pop()! : this.xTop++;
    if (x >= this.xSlot.length) {
      this.xSlot = grown(this.xSlot, x + 1);
      this.xKey = grown(this.xKey, this.xSlot.length, true);
      this.xLinks = grown(this.xLinks, 2 * this.xSlot.length, true);
    }
    this.xSlot[x] = slot;
    const e = extra(x);
    this.xKey[x] = this.link(key, e);
    return e;
  }

  /** Take entry `e` out of the list of the key numbered `k` (an extra entry knows its key). */
  unlink(e: number, k = this.xKey[extra(e)]!): void {
    const p = this.getPrev(e);
    const n = this.getNext(e);
    const h = this.lists[2 * k]!;
    if (--this.lists[2 * k + 1]! === 0) this.keys.remove(k);
    else if (e === h) {
      // the next entry becomes the first, and keeps the last as its prev
      this.lists[2 * k] = n;
      this.setPrev(n, p);
    } else {
      this.setNext(p, n);
      this.setPrev(n === NONE ? h : n, p);
    }
    if (e < 0) this.xFree.push(extra(e));
  }

  /** Take entry `e` out of the list of `key` (which holds it). */
  unlinkFrom(key: string, e: number): void {
    this.unlink(e, this.keys.find(key));
  }

  /** How many entries the list of `key` holds. */
  count(key: string): number {
    const k = this.keys.find(key);
    return k < 0 ? 0 : this.lists[2 * k + 1]!;
  }

  /** The slots of the entries of `key`, in list order. */
  slots(key: string): number[] {
    const out: number[] = [];
    const k = this.keys.find(key);
    if (k < 0) return out;
    for (let e = this.lists[2 * k]!, left = this.lists[2 * k + 1]!; left > 0; e = this.getNext(e), left--) out.push(this.slotOf(e));
    return out;
  }

  /** Every key with entries, in no particular order. */
  keyList(): string[] {
    const out: string[] = [];
    for (let k = 0; k < this.keys.limit; k++) if (this.lists[2 * k + 1]! > 0) out.push(this.keys.at(k));
    return out;
  }

  private reserveKeys(n: number, exact: boolean): void {
    this.lists = grown(this.lists, 2 * n, exact);
  }

  private getNext(e: number): number {
    return e >= 0 ? this.links[2 * e]! : this.xLinks[2 * extra(e)]!;
  }

  private getPrev(e: number): number {
    return e >= 0 ? this.links[2 * e + 1]! : this.xLinks[2 * extra(e) + 1]!;
  }

  private setNext(e: number, v: number): void {
    if (e >= 0) this.links[2 * e] = v;
    else this.xLinks[2 * extra(e)] = v;
  }

  private setPrev(e: number, v: number): void {
    if (e >= 0) this.links[2 * e + 1] = v;
    else this.xLinks[2 * extra(e) + 1] = v;
  }
}

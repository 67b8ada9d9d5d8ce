// Key → ids, in insertion order, for the resolver's name tables. Most keys name a single node, so
// a key's one id is held as the string itself and only a second id makes it a Set: on a 10k-passage
// build the tables held ~180k Sets (≈ 48 MB of a 300 MB heap) for keys that were mostly singletons.

export class IdMultimap {
  private readonly map = new Map<string, string | Set<string>>();

  /** The ids under `k` (insertion order), or undefined. */
  get(k: string): Iterable<string> | undefined {
    const v = this.map.get(k);
    return typeof v === 'string' ? [v] : v;
  }

  /** How many ids `k` holds. */
  count(k: string): number {
    const v = this.map.get(k);
    return v === undefined ? 0 : typeof v === 'string' ? 1 : v.size;
  }

  add(k: string, id: string): void {
    if (!k) return;
    const v = this.map.get(k);
    if (v === undefined) this.map.set(k, id);
    else if (typeof v === 'string') {
      if (v !== id) this.map.set(k, new Set([v, id]));
    } else v.add(id);
  }

  remove(k: string, id: string): void {
    const v = this.map.get(k);
    if (v === undefined) return;
    if (typeof v === 'string') {
      if (v === id) this.map.delete(k);
      return;
    }
    v.delete(id);
    if (v.size === 1) this.map.set(k, v.values().next().value!);
    else if (v.size === 0) this.map.delete(k);
  }
}

// A key → ids index (chunk id → the nodes / edges it supports, normalised name → node ids; the
// indexer's entity resolver keeps its name tables in it too). Ids stay in insertion order.
// Most keys hold a single id (nearly every name names one entity), so a key holds the id string
// itself and becomes a Set only when a second id joins: a Set per key cost ~100 bytes and a
// fresh allocation for each of hundreds of thousands of names.
export class IdIndex {
  private readonly map = new Map<string, string | Set<string>>();

  /** Number of keys. */
  get size(): number {
    return this.map.size;
  }

  add(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) this.map.set(key, id);
    else if (typeof cur !== 'string') cur.add(id);
    else if (cur !== id) this.map.set(key, new Set([cur, id]));
  }

  delete(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'string') {
      if (cur === id) this.map.delete(key);
      return;
    }
    cur.delete(id);
    if (cur.size === 0) this.map.delete(key);
  }

  /** How many ids `key` holds. */
  count(key: string): number {
    const cur = this.map.get(key);
    return cur === undefined ? 0 : typeof cur === 'string' ? 1 : cur.size;
  }

  /** The ids under `key` (a new array; empty when none). */
  get(key: string): string[] {
    const cur = this.map.get(key);
    return cur === undefined ? [] : typeof cur === 'string' ? [cur] : [...cur];
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }
}

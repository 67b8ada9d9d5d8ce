// key → ids, for the store's secondary indexes (chunk → node ids, chunk → edge ids, name → node
// ids). Most keys hold one id (a name) or a handful (a chunk's facts), so a key's ids are kept in
// the smallest form that fits: the id string itself, then a plain array of exact size (8 bytes an id), and a Set
// only once a key holds more than SET_FROM ids, where an array's linear membership test would
// start to cost. At 8,000 passages the Sets this replaces took ~40 bytes an id plus ~100 bytes
// each. Every form keeps the ids in insertion order (a Set iterates in insertion order; arrays
// append and splice), so `get` answers in the same order whichever form holds them.

/** A key switches from an array to a Set when it would hold more ids than this. */
const SET_FROM = 32;

// Arrays are replaced by exact-size copies rather than grown in place: `push` on a short array
// reserves room for ~16 more elements, which on a key of a few ids costs more than the ids.
function withAdded(ids: string[], id: string): string[] {
  const out = new Array<string>(ids.length + 1);
  for (let i = 0; i < ids.length; i++) out[i] = ids[i]!;
  out[ids.length] = id;
  return out;
}
function withoutAt(ids: string[], at: number): string[] {
  const out = new Array<string>(ids.length - 1);
  for (let i = 0, j = 0; i < ids.length; i++) if (i !== at) out[j++] = ids[i]!;
  return out;
}

export class IdIndex {
  private readonly map = new Map<string, string | string[] | Set<string>>();

  /** Number of keys. */
  get size(): number {
    return this.map.size;
  }

  add(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) this.map.set(key, id);
    else if (typeof cur === 'string') {
      if (cur !== id) this.map.set(key, [cur, id]);
    } else if (Array.isArray(cur)) {
      if (cur.includes(id)) return;
      this.map.set(key, cur.length < SET_FROM ? withAdded(cur, id) : new Set(cur).add(id));
    } else cur.add(id);
  }

  delete(key: string, id: string): void {
    const cur = this.map.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'string') {
      if (cur === id) this.map.delete(key);
      return;
    }
    if (Array.isArray(cur)) {
      const at = cur.indexOf(id);
      if (at < 0) return;
      this.map.set(key, cur.length === 2 ? cur[1 - at]! : withoutAt(cur, at));
      return;
    }
    cur.delete(id);
    if (cur.size === 0) this.map.delete(key);
  }

  /**
   * Set the ids of a key not yet present, in order (distinct, as `add` would have left them: the
   * same form `add` gives that many ids). The bulk path (column-load.ts) fills an empty index.
   */
  setNew(key: string, ids: string[]): void {
    this.map.set(key, ids.length === 1 ? ids[0]! : ids.length <= SET_FROM ? ids : new Set(ids));
  }

  /** How many ids `key` holds. */
  count(key: string): number {
    const cur = this.map.get(key);
    return cur === undefined ? 0 : typeof cur === 'string' ? 1 : Array.isArray(cur) ? cur.length : cur.size;
  }

  /** The ids under `key`, in the order they were added (a new array; empty when none). */
  get(key: string): string[] {
    const cur = this.map.get(key);
    return cur === undefined ? [] : typeof cur === 'string' ? [cur] : Array.isArray(cur) ? cur.slice() : [...cur];
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }
}

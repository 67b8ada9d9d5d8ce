// The entity resolver's lookup tables over the graph's node names: normalised key (and alias
// keys) → nodes, blocking keys → nodes, initials → nodes. Built from the whole graph once, then
// kept up to date from the ids a batch wrote (`update`), so a build does not re-read and
// re-normalise every node at every batch. A node whose entries did not change keeps its place in
// each table (the resolver tries candidates in table order).
import { IdIndex, type EntityNode, type GraphStore } from '@rag/graph-store';
import { initialsOfKey, normalizeEntityName } from './normalize-name.js';

/** Blocking keys: a misspelling rarely hits the first word, the last word and the prefix at once. */
export function blockKeys(k: string): string[] {
  const words = k.split(' ');
  return [`f:${words[0] ?? ''}`, `l:${words[words.length - 1] ?? ''}`, `p:${k.slice(0, 4)}`];
}

/**
 * A node's entries: its normalised key, and its alias keys when it has aliases (few nodes do). The
 * initials and blocking keys are recomputed from the key when needed rather than held: a node
 * with no aliases is one map entry to its key string (the string the tables hold anyway), not a
 * record of three fields.
 */
type Entries = string | { key: string; aliases: readonly string[] };

const keyOfEntries = (e: Entries) => (typeof e === 'string' ? e : e.key);
const aliasesOf = (e: Entries): readonly string[] => (typeof e === 'string' ? [] : e.aliases);
/** A key of one word has no initials entry. */
const initialsOfEntry = (key: string) => (key.includes(' ') ? initialsOfKey(key) : undefined);

/** An empty key (a name of punctuation only) names nothing. */
const link = (table: IdIndex, k: string, id: string) => {
  if (k) table.add(k, id);
};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export class NameIndex {
  // key → node ids; a key holds its one id as a string until a second joins (IdIndex)
  readonly byKey = new IdIndex();
  readonly byFirst = new IdIndex();
  readonly byInitials = new IdIndex();
  private readonly entries = new Map<string, Entries>();

  /** The index of every node of `graph`, in the graph's node order. */
  static of(graph: GraphStore): NameIndex {
    const index = new NameIndex();
    for (const n of graph.nodes()) index.put(n);
    return index;
  }

  keyOf(id: string): string | undefined {
    const e = this.entries.get(id);
    return e === undefined ? undefined : keyOfEntries(e);
  }

  ids(): IterableIterator<string> {
    return this.entries.keys();
  }

  /** Bring the entries of these node ids in line with the graph (absent nodes are dropped). */
  update(graph: GraphStore, ids: Iterable<string>): void {
    for (const id of ids) {
      const n = graph.getNode(id);
      if (n) this.put(n);
      else this.drop(id);
    }
  }

  put(n: EntityNode): void {
    const key = normalizeEntityName(n.name);
    const aliases = n.aliases.map((a) => normalizeEntityName(a));
    const prev = this.entries.get(n.id);
    if (prev !== undefined && keyOfEntries(prev) === key && sameList(aliasesOf(prev), aliases)) return;
    if (prev !== undefined) this.unlink(n.id, prev);
    this.entries.set(n.id, aliases.length > 0 ? { key, aliases } : key);
    link(this.byKey, key, n.id);
    for (const k of aliases) link(this.byKey, k, n.id);
    for (const b of blockKeys(key)) link(this.byFirst, b, n.id);
    const initials = initialsOfEntry(key);
    if (initials !== undefined) link(this.byInitials, initials, n.id);
  }

  drop(id: string): void {
    const prev = this.entries.get(id);
    if (!prev) return;
    this.unlink(id, prev);
    this.entries.delete(id);
  }

  private unlink(id: string, e: Entries): void {
    const key = keyOfEntries(e);
    this.byKey.delete(key, id);
    for (const k of aliasesOf(e)) this.byKey.delete(k, id);
    for (const b of blockKeys(key)) this.byFirst.delete(b, id);
    const initials = initialsOfEntry(key);
    if (initials !== undefined) this.byInitials.delete(initials, id);
  }
}

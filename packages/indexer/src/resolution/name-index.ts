// The entity resolver's lookup tables over the graph's node names: normalised key (and alias
// keys) → nodes, blocking keys → nodes, initials → nodes. Built from the whole graph once, then
// kept up to date from the ids a batch wrote (`update`), so a build does not re-read and
// re-normalise every node at every batch. A node whose entries did not change keeps its place in
// each table (the resolver tries candidates in table order).
import type { EntityNode, GraphStore } from '@rag/graph-store';
import { initialsOf, normalizeEntityName } from './normalize-name.js';

/** Blocking keys: a misspelling rarely hits the first word, the last word and the prefix at once. */
export function blockKeys(k: string): string[] {
  const words = k.split(' ');
  return [`f:${words[0] ?? ''}`, `l:${words[words.length - 1] ?? ''}`, `p:${k.slice(0, 4)}`];
}

interface Entries {
  key: string;
  names: string[];
  blocks: string[];
  initials: string | undefined;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export class NameIndex {
  readonly byKey = new Map<string, Set<string>>();
  readonly byFirst = new Map<string, Set<string>>();
  readonly byInitials = new Map<string, Set<string>>();
  private readonly entries = new Map<string, Entries>();

  /** The index of every node of `graph`, in the graph's node order. */
  static of(graph: GraphStore): NameIndex {
    const index = new NameIndex();
    for (const n of graph.nodes()) index.put(n);
    return index;
  }

  keyOf(id: string): string | undefined {
    return this.entries.get(id)?.key;
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
    const next: Entries = {
      key,
      names: [key, ...n.aliases.map((a) => normalizeEntityName(a))],
      blocks: blockKeys(key),
      initials: key.includes(' ') ? initialsOf(n.name) : undefined,
    };
    const prev = this.entries.get(n.id);
    if (prev && prev.key === next.key && prev.initials === next.initials && sameList(prev.names, next.names)) return;
    if (prev) this.unlink(n.id, prev);
    this.entries.set(n.id, next);
    for (const k of next.names) add(this.byKey, k, n.id);
    for (const b of next.blocks) add(this.byFirst, b, n.id);
    if (next.initials !== undefined) add(this.byInitials, next.initials, n.id);
  }

  drop(id: string): void {
    const prev = this.entries.get(id);
    if (!prev) return;
    this.unlink(id, prev);
    this.entries.delete(id);
  }

  private unlink(id: string, e: Entries): void {
    for (const k of e.names) remove(this.byKey, k, id);
    for (const b of e.blocks) remove(this.byFirst, b, id);
    if (e.initials !== undefined) remove(this.byInitials, e.initials, id);
  }
}

function add(map: Map<string, Set<string>>, k: string, id: string): void {
  if (!k) return;
  let s = map.get(k);
  if (!s) map.set(k, (s = new Set()));
  s.add(id);
}

function remove(map: Map<string, Set<string>>, k: string, id: string): void {
  const s = map.get(k);
  if (!s) return;
  s.delete(id);
  if (s.size === 0) map.delete(k);
}

// What changed in a graph since it was last persisted, for writing a delta segment instead of
// the whole graph (graph-delta.ts). Nodes and edges: every write goes through the store core's
// putNode / dropNode / putEdge / dropEdge, which record the ids they touch; a touched id present
// now is an upsert, one absent now a removal. Logs: entries only grow, and an entry changes
// afterwards only by its `undone` flag, so a log's change is "keep the first `from` entries,
// then these".
import type { StoreCore } from './store-core.js';
import { byId } from './store-helpers.js';
import type { EntityNode, GraphSchema, RelationEdge } from './types.js';

/** A log's change: the persisted log's first `from` entries are kept, `entries` follow them. */
export interface LogChange {
  from: number;
  entries: unknown[];
}

/** The changes since the graph was last persisted (or opened). Records sorted by id. */
export interface GraphChanges {
  nodes: EntityNode[];
  removedNodes: string[];
  edges: RelationEdge[];
  removedEdges: string[];
  mergeLog: LogChange;
  editLog: LogChange;
  /** The schema now (written with every delta: it is small). */
  schema?: GraphSchema;
}

export interface ChangeTracker {
  /** Meaningful once `markPersisted` has been called: changes are not recorded before that. */
  pendingChanges(): GraphChanges;
  /** The graph as it is now is durable: changes are recorded and counted from here. */
  markPersisted(): void;
}

interface Log {
  logEntries(from?: number): unknown[];
  /** Per entry, whether it is undone: what the tracker compares, without opening the entries. */
  undoneFlags(): boolean[];
}

export function createChangeTracker(core: StoreCore, merges: Log, edits: Log): ChangeTracker {
  const { graph } = core;
  let mergeFlags: boolean[] = [];
  let editFlags: boolean[] = [];
  const flags = (log: Log) => log.undoneFlags();
  const logChange = (log: Log, before: boolean[]): LogChange => {
    const now = log.undoneFlags();
    let from = Math.min(before.length, now.length);
    for (let i = 0; i < from; i++)
      if (now[i] !== before[i]) {
        from = i;
        break;
      }
    return { from, entries: log.logEntries(from) };
  };
  return {
    pendingChanges() {
      const nodes: EntityNode[] = [];
      const removedNodes: string[] = [];
      for (const id of core.touchedNodes) {
        const n = graph.getNode(id);
        if (n) nodes.push(n);
        else removedNodes.push(id);
      }
      const edges: RelationEdge[] = [];
      const removedEdges: string[] = [];
      for (const id of core.touchedEdges) {
        const e = graph.getEdge(id);
        if (e) edges.push(e);
        else removedEdges.push(id);
      }
      const schema = core.schema;
      return {
        nodes: nodes.sort(byId),
        removedNodes: removedNodes.sort(),
        edges: edges.sort(byId),
        removedEdges: removedEdges.sort(),
        mergeLog: logChange(merges, mergeFlags),
        editLog: logChange(edits, editFlags),
        ...(schema ? { schema } : {}),
      };
    },
    markPersisted() {
      core.tracking = true;
      core.touchedNodes.clear();
      core.touchedEdges.clear();
      mergeFlags = flags(merges);
      editFlags = flags(edits);
    },
  };
}

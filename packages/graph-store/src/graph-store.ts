// The GraphStore: entities and typed relations with provenance (π and its
// inverse), a name/alias index, typed schemas, merge/split with exact undo, chunk removal, and
// logged, undoable edits. This file composes the parts (one concept each) and reads / writes
// snapshots:
//   store-core.ts     the graph, the indexes kept exact under every write, schema checks, version
//   multigraph.ts     the graph structure itself (our own; graphology only via to-graphology.ts)
//   id-index.ts       the key → ids indexes (chunk → facts, name → nodes)
//   store-reads.ts    lookups, name search, incident edges, π and π⁻¹, refs, subgraphs
//   upsert-ops.ts     addEntity / addRelation / addTriple, removeNode / removeEdge
//   bulk-ops.ts       addBatch: the same upserts for a whole batch, checked once
//   merge-ops.ts      merge / undoMerge / split and the merge log
//   chunk-removal.ts  removeChunks (document deletion)
//   edit-ops.ts       updateEntity / createRelation / updateRelation / removeRelation / undoEdit
//   store-helpers.ts  pure helpers they share
// Persistence is persistence.ts (JSON) and graph-codec.ts / graph-view.ts (graph format 2).
import { RagError, invalidInput } from '@rag/core';
import { createChangeTracker, type GraphChanges } from './change-tracker.js';
import { addBatch } from './bulk-ops.js';
import { removeChunks } from './chunk-removal.js';
import { createEditOps } from './edit-ops.js';
import { encodeGraph } from './graph-encode.js';
import { createMergeOps } from './merge-ops.js';
import { GRAPH_FORMAT_VERSION, GraphSnapshotSchema } from './schemas.js';
import { createStoreCore, type StoreCore } from './store-core.js';
import { parse } from './store-helpers.js';
import { createStoreReads } from './store-reads.js';
import { createUpsertOps } from './upsert-ops.js';
import type { HeldMerge } from './merge-log.js';
import type { EditLogEntry, MergeLogEntry } from './schemas.js';
import type { EntityNode, GraphSchema, GraphSnapshot, GraphStore, RelationEdge } from './types.js';

export { deepEqual } from './store-helpers.js';

export interface GraphStoreOptions {
  /** Start from a snapshot (e.g. `loadGraph`'s result or another store's `toJSON()`); validated. */
  snapshot?: unknown;
  /** Schema to enforce from the start (ignored when the snapshot carries one). */
  schema?: GraphSchema;
  /** Type given to entities added without one. Default "Entity". */
  defaultType?: string;
  /** Clock for merge-log and edit-log timestamps (inject for deterministic tests). */
  now?: () => Date;
}

/** Members the implementation adds to the `GraphStore` contract. */
export interface GraphStoreExtras {
  /** Remove a node and its incident edges. */
  removeNode(id: string): { removedEdges: string[] };
  removeEdge(id: string): RelationEdge;
  /** Distinct relation labels present in the graph, sorted. */
  relationTypes(): string[];
  /** Every chunk id that supports some node or edge, sorted. */
  chunkIds(): string[];
  /** Nodes, edges and log entries changed since the last `markPersisted` (graph deltas); recorded only after a first call of it. */
  pendingChanges(): GraphChanges;
  /** Count changes from now on (call once the current graph is durable). */
  markPersisted(): void;
  /**
   * The graph as a graph file (graph-codec.ts), what `encodeGraph(toJSON())` gives but with the
   * merge log written from the entries as held: pages read from a file are copied, not parsed.
   */
  encodeBinary(): Uint8Array;
}

const DEFAULT_TYPE = 'Entity';

/**
 * What a store starts from: a parsed snapshot's records, or (`fill`) a stored graph's checked
 * columns poured into the empty core in bulk (column-load.ts).
 */
export type InitialRecords = {
  schema?: GraphSchema | undefined;
  /** The merge log: validated entries, or a stored log's held entries (merge-archive.ts). */
  mergeLog: MergeLogEntry[] | { held: HeldMerge[] };
  editLog?: EditLogEntry[] | undefined;
} & ({ nodes: Iterable<EntityNode>; edges: Iterable<RelationEdge> } | { fill(core: StoreCore): void });

export function createGraphStore(options: GraphStoreOptions = {}): GraphStore & GraphStoreExtras {
  if (options.snapshot === undefined) return buildGraphStore(options);
  const snap = parse(GraphSnapshotSchema, options.snapshot, 'snapshot');
  if (snap.formatVersion !== GRAPH_FORMAT_VERSION) {
    throw new RagError('RAG_STORE_VERSION', `snapshot.formatVersion: ${snap.formatVersion} is not supported (expected ${GRAPH_FORMAT_VERSION})`, {
      details: { input: 'snapshot.formatVersion', found: snap.formatVersion, expected: GRAPH_FORMAT_VERSION },
    });
  }
  return buildGraphStore(options, snap);
}

/**
 * The store, started from `initial` as given (no schema parse: `createGraphStore` parses a
 * snapshot first; graph-view.ts passes a stored graph's decoded, CRC-checked columns).
 */
export function buildGraphStore(options: Omit<GraphStoreOptions, 'snapshot'>, initial?: InitialRecords): GraphStore & GraphStoreExtras {
  const core = createStoreCore({ defaultType: options.defaultType ?? DEFAULT_TYPE, now: options.now ?? (() => new Date()) });
  const { graph } = core;
  const reads = createStoreReads(core);
  const upserts = createUpsertOps(core);
  const merges = createMergeOps(core);
  const edits = createEditOps(core);

  // ---------------------------------------------------------------- initial state

  if (initial && 'fill' in initial) initial.fill(core);
  else if (initial) {
    for (const n of initial.nodes) {
      if (graph.hasNode(n.id)) throw invalidInput('snapshot.nodes', `duplicate node id "${n.id}"`);
      core.putNode(n);
    }
    for (const e of initial.edges) {
      if (!graph.hasNode(e.source) || !graph.hasNode(e.target)) {
        throw invalidInput('snapshot.edges', `edge "${e.id}" points at a missing node`);
      }
      if (graph.hasEdge(e.id)) throw invalidInput('snapshot.edges', `duplicate edge id "${e.id}"`);
      core.putEdge(e);
    }
  }
  if (initial) {
    merges.restoreLog(initial.mergeLog);
    edits.restoreLog(initial.editLog ?? []);
    if (initial.schema) core.setSchema(initial.schema);
    else if (options.schema) core.setSchema(options.schema);
  } else if (options.schema) core.setSchema(options.schema);
  core.version = 0;
  // changes are recorded from the first markPersisted() (the persister calls it after writing)
  const tracker = createChangeTracker(core, merges, edits);

  /** The snapshot; its merge log left empty unless `withMergeLog` (opening every entry). */
  function snapshot(withMergeLog: boolean): GraphSnapshot {
    const schema = core.schema;
    return {
      formatVersion: GRAPH_FORMAT_VERSION,
      nodes: graph.nodesById(),
      edges: graph.edgesById(),
      ...(schema ? { schema } : {}),
      mergeLog: withMergeLog ? merges.logEntries() : [],
      editLog: edits.logEntries(),
    };
  }
  const toJSON = () => snapshot(true);

  const store: GraphStore & GraphStoreExtras = {
    get version() {
      return core.version;
    },
    get nodeCount() {
      return graph.order;
    },
    get edgeCount() {
      return graph.size;
    },
    get schema() {
      return core.schema;
    },
    ...reads,
    addEntity: upserts.addEntity,
    addRelation: upserts.addRelation,
    addTriple: upserts.addTriple,
    addBatch: (batch) => addBatch(core, batch),
    removeNode: upserts.removeNode,
    removeEdge: upserts.removeEdge,
    removeChunks: (chunkIds) => removeChunks(core, chunkIds),
    setSchema: core.setSchema,
    merge: merges.merge,
    undoMerge: merges.undoMerge,
    split: merges.split,
    mergeLog: merges.mergeLog,
    updateEntity: edits.updateEntity,
    createRelation: edits.createRelation,
    updateRelation: edits.updateRelation,
    removeRelation: edits.removeRelation,
    undoEdit: edits.undoEdit,
    editLog: edits.editLog,
    toJSON,
    encodeBinary: () => encodeGraph(snapshot(false), merges.heldLog()),
    pendingChanges: tracker.pendingChanges,
    markPersisted: tracker.markPersisted,
  };
  return store;
}

// A read-only GraphStore over decoded graph columns (graph format 2). Queries, algorithms and
// provenance lookups run on typed arrays and build objects only for the nodes and edges they
// return; the writable store is not built. The first call that edits the graph (add, merge,
// split, remove, schema, entity/relation edits and their undo) materialises the writable
// store from the columns and from then on every call goes to it: the view is transparent to
// its users.
import type { GraphChanges } from './change-tracker.js';
import { createColumnReader, type ColumnReads } from './column-reader.js';
import { columnFill, type GraphColumns } from './graph-codec.js';
import { buildGraphStore, type GraphStoreExtras, type GraphStoreOptions } from './graph-store.js';
import type { GraphSchema, GraphStore } from './types.js';

type Store = GraphStore & GraphStoreExtras;

/** What the view adds: whether the writable store has been built, and the columns for fast paths. */
export interface GraphViewExtras {
  isMaterialized(): boolean;
  /** Build the writable store now, as the first edit would (a writer that expects edits soon). */
  materialize(): void;
  /** The decoded columns while the view is unedited (undefined once materialised). */
  columns(): GraphColumns | undefined;
}

export function createGraphView(decoded: GraphColumns, options: Omit<GraphStoreOptions, 'snapshot'> = {}): Store & GraphViewExtras {
  const reader = createColumnReader(decoded);
  const n = reader.nodeCount;
  const m = reader.edgeCount;
  let delegate: Store | undefined;

  /** Build the writable store from the columns; every later call goes to it. */
  const materialize = (): Store => {
    if (!delegate) {
      delegate = buildGraphStore(options, columnFill(reader.columns()));
      // the columns are what was persisted (or opened): record changes from here
      delegate.markPersisted();
      reader.release();
    }
    return delegate;
  };
  const edit =
    <K extends keyof Store>(key: K) =>
    (...args: unknown[]) =>
      (materialize()[key] as (...a: unknown[]) => unknown)(...args);
  /** A read: from the columns while unedited, from the writable store once materialised. */
  const read =
    <K extends keyof ColumnReads>(key: K) =>
    (...args: unknown[]) =>
      delegate ? (delegate[key] as (...a: unknown[]) => unknown)(...args) : (reader.reads[key] as (...a: unknown[]) => unknown)(...args);

  const view = {
    get version() {
      // a materialised store starts at version 0 again: shift it so cached adjacency is dropped
      return delegate ? delegate.version + 1 : 0;
    },
    get nodeCount() {
      return delegate ? delegate.nodeCount : n;
    },
    get edgeCount() {
      return delegate ? delegate.edgeCount : m;
    },
    get schema(): GraphSchema | undefined {
      return delegate ? (delegate as { schema?: GraphSchema }).schema : reader.columns().schema;
    },
    addEntity: edit('addEntity'),
    addRelation: edit('addRelation'),
    addTriple: edit('addTriple'),
    addBatch: edit('addBatch'),
    removeChunks: edit('removeChunks'),
    setSchema: edit('setSchema'),
    merge: edit('merge'),
    undoMerge: edit('undoMerge'),
    split: edit('split'),
    updateEntity: edit('updateEntity'),
    createRelation: edit('createRelation'),
    updateRelation: edit('updateRelation'),
    removeRelation: edit('removeRelation'),
    undoEdit: edit('undoEdit'),
    removeNode: edit('removeNode'),
    removeEdge: edit('removeEdge'),
    getNode: read('getNode'),
    getEdge: read('getEdge'),
    hasNode: read('hasNode'),
    findByName: read('findByName'),
    nodes: read('nodes'),
    edges: read('edges'),
    edgesOf: read('edgesOf'),
    neighbors: read('neighbors'),
    chunksOfNode: read('chunksOfNode'),
    factsOfChunk: read('factsOfChunk'),
    mergeLog: read('mergeLog'),
    editLog: read('editLog'),
    toRef: read('toRef'),
    edgeRef: read('edgeRef'),
    subgraph: read('subgraph'),
    toJSON: read('toJSON'),
    encodeBinary: read('encodeBinary'),
    relationTypes: read('relationTypes'),
    chunkIds: read('chunkIds'),
    // unedited, the view is exactly what it was opened from
    pendingChanges: (): GraphChanges =>
      delegate
        ? delegate.pendingChanges()
        : { nodes: [], removedNodes: [], edges: [], removedEdges: [], mergeLog: { from: reader.columns().mergeLogLength, entries: [] }, editLog: { from: reader.columns().editLogLength, entries: [] }, ...(reader.columns().schema ? { schema: reader.columns().schema } : {}) },
    markPersisted: () => delegate?.markPersisted(),
    isMaterialized: () => delegate !== undefined,
    materialize: () => void materialize(),
    columns: () => (delegate ? undefined : reader.columns()),
  };
  return view as unknown as Store & GraphViewExtras;
}

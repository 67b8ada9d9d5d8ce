// Read queries answered from decoded graph columns (graph format 2): typed arrays, objects built
// only for the nodes and edges returned, indexes built lazily on first use. graph-view.ts serves
// these until the first edit, then releases the columns (release()) and answers from the store.
import { columnSlice, RagError, type GraphEdgeRef, type GraphNodeRef, type Subgraph } from '@rag/core';
import { invertProvenance, type ChunkRecords } from './chunk-records.js';
import { publicEdit } from './edit-log.js';
import { normalizeName, normalizeRelation } from './entity-id.js';
import { columnsToSnapshot, edgeAt, edgeIdAt, nodeAt, sortedEdgeIndex, sortedNodeIndex, type GraphColumns } from './graph-codec.js';
import { encodeColumns } from './graph-encode.js';
import { holdEntries } from './merge-pages.js';
import { publicRecord } from './merge-ops.js';
import { GRAPH_FORMAT_VERSION, type EditLogEntry, type MergeLogEntry } from './schemas.js';
import { deepFreeze } from './store-helpers.js';
import type { ChunkFacts, EditRecord, EntityNode, MergeRecord, RelationEdge } from './types.js';

/** What a released reader holds instead of its columns: no method reads them from then on. */
const RELEASED = Object.freeze({}) as GraphColumns;

/** factsOfChunk calls answered by scanning the provenance column before the chunk → facts tables are built. */
const SCANNED_FACT_CALLS = 16;

/** The read queries of a column reader (each as GraphStore's method of the same name). */
export type ColumnReads = ReturnType<typeof createColumnReader>['reads'];

export function createColumnReader(decoded: GraphColumns) {
  // released (see release()) once the writable store is built
  let cols = decoded;
  const n = cols.nodeIds.length;
  const m = cols.sources.length;
  const nodeObjs = new Array<EntityNode | undefined>(n);
  const edgeObjs = new Array<RelationEdge | undefined>(m);
  const node = (i: number) => (nodeObjs[i] ??= nodeAt(cols, i));
  const edge = (i: number) => (edgeObjs[i] ??= edgeAt(cols, i));

  // --- lazily built indexes -------------------------------------------------------------
  let nodeIndex: Map<string, number> | undefined;
  const nodeIdx = () => (nodeIndex ??= new Map(Array.from({ length: n }, (_, i) => [cols.nodeIds.at(i)!, i])));
  let edgeIndex: Map<string, number> | undefined;
  const edgeIdx = () => {
    if (!edgeIndex) {
      edgeIndex = new Map();
      for (let i = 0; i < m; i++) edgeIndex.set(edgeIdAt(cols, i), i);
    }
    return edgeIndex;
  };
  /** Incident edges per node in the store's order: out-edges, then in-edges (each in edge order). */
  let outOff: Uint32Array | undefined;
  let outList: Uint32Array | undefined;
  let inOff: Uint32Array | undefined;
  let inList: Uint32Array | undefined;
  const csr = (ends: Uint32Array): [Uint32Array, Uint32Array] => {
    const off = new Uint32Array(n + 1);
    for (let e = 0; e < m; e++) off[ends[e]! + 1]!++;
    for (let i = 0; i < n; i++) off[i + 1]! += off[i]!;
    const fill = off.slice(0, n);
    const list = new Uint32Array(m);
    for (let e = 0; e < m; e++) list[fill[ends[e]!]!++] = e;
    return [off, list];
  };
  const adjacency = () => {
    if (!outOff) {
      [outOff, outList] = csr(cols.sources);
      [inOff, inList] = csr(cols.targets);
    }
    return { outOff: outOff!, outList: outList!, inOff: inOff!, inList: inList! };
  };
  let nameIndex: Map<string, number[]> | undefined;
  const names = () => {
    if (!nameIndex) {
      nameIndex = new Map();
      for (let i = 0; i < n; i++) {
        const keys = new Set([cols.names.at(i)!, ...columnSlice(cols.aliases, cols.aliasOffsets[i]!, cols.aliasOffsets[i + 1]!)].map(normalizeName));
        for (const k of keys) {
          if (k === '') continue;
          const list = nameIndex.get(k);
          if (list) list.push(i);
          else nameIndex.set(k, [i]);
        }
      }
    }
    return nameIndex;
  };
  /** Chunk → the nodes and edges it supports, as two CSR tables over typed arrays (no per-chunk objects). */
  type Csr = ChunkRecords;
  let chunkFacts: { nodes: Csr; edges: Csr } | undefined;
  const facts = () => (chunkFacts ??= { nodes: invertProvenance(cols.nodeProv, n, cols.provChunk, cols.chunkIds.length), edges: invertProvenance(cols.edgeProv, m, cols.provChunk, cols.chunkIds.length) });
  /** The records a chunk supports, once each (a record may cite a chunk several times). */
  const factsAt = (t: Csr, c: number): number[] => {
    const out: number[] = [];
    for (let j = t.off[c]!; j < t.off[c + 1]!; j++) if (out[out.length - 1] !== t.list[j]) out.push(t.list[j]!);
    return out;
  };
  /** Nodes and edges citing chunk c, each once, in index order: one pass over the provenance column. */
  const scanFacts = (c: number): [number[], number[]] => {
    const nodes: number[] = [];
    const edges: number[] = [];
    const record = (offsets: Uint32Array, count: number, j: number) => {
      // the record whose provenance run [offsets[i], offsets[i + 1]) holds entry j
      let lo = 0;
      let hi = count - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (offsets[mid]! <= j) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    const pc = cols.provChunk;
    const nodeEnd = cols.nodeProv[n]!;
    for (let j = 0; j < pc.length; j++) {
      if (pc[j] !== c) continue;
      if (j < nodeEnd) {
        const i = record(cols.nodeProv, n, j);
        if (nodes[nodes.length - 1] !== i) nodes.push(i);
      } else if (j >= cols.edgeProv[0]! && j < cols.edgeProv[m]!) {
        const e = record(cols.edgeProv, m, j);
        if (edges[edges.length - 1] !== e) edges.push(e);
      }
    }
    return [nodes, edges];
  };
  let factCalls = 0;
  let chunkIndex: Map<string, number> | undefined;
  const chunkIdx = () => (chunkIndex ??= new Map(Array.from({ length: cols.chunkIds.length }, (_, i) => [cols.chunkIds.at(i)!, i])));

  // columns in id order (every file written from toJSON) are binary-searched: no id → index maps
  // (the edge map alone costs ~1 s and ~100 MB on a 400k-edge graph)
  const nodeAtId = (id: string): number | undefined => {
    if (!cols.sorted) return nodeIdx().get(id);
    const i = sortedNodeIndex(cols, id);
    return i < 0 ? undefined : i;
  };
  const edgeAtId = (id: string): number | undefined => {
    if (!cols.sorted) return edgeIdx().get(id);
    const i = sortedEdgeIndex(cols, id);
    return i < 0 ? undefined : i;
  };
  const requireNode = (id: string, input = 'nodeId'): number => {
    const i = nodeAtId(id);
    if (i === undefined) throw new RagError('RAG_NOT_FOUND', `${input}: no node "${id}"`, { details: { input, id } });
    return i;
  };
  const requireEdge = (id: string, input = 'edgeId'): number => {
    const i = edgeAtId(id);
    if (i === undefined) throw new RagError('RAG_NOT_FOUND', `${input}: no edge "${id}"`, { details: { input, id } });
    return i;
  };
  const incident = (i: number, direction: 'out' | 'in' | 'both', relations?: string[]): RelationEdge[] => {
    const a = adjacency();
    const rel = relations && relations.length > 0 ? new Set(relations.map(normalizeRelation)) : undefined;
    const out: RelationEdge[] = [];
    const take = (e: number) => {
      if (!rel || rel.has(cols.dict[cols.relations[e]!]!)) out.push(edge(e));
    };
    if (direction !== 'in') for (let j = a.outOff[i]!; j < a.outOff[i + 1]!; j++) take(a.outList[j]!);
    if (direction !== 'out')
      for (let j = a.inOff[i]!; j < a.inOff[i + 1]!; j++) {
        const e = a.inList[j]!;
        // a self-loop is listed once
        if (direction === 'both' && cols.sources[e] === cols.targets[e]) continue;
        take(e);
      }
    return out;
  };

  const reads = {
    getNode(id: string) {
      const i = nodeAtId(id);
      return i === undefined ? undefined : node(i);
    },
    getEdge(id: string) {
      const i = edgeAtId(id);
      return i === undefined ? undefined : edge(i);
    },
    hasNode(id: string) {
      return nodeAtId(id) !== undefined;
    },
    findByName(name: string) {
      const ids = names().get(normalizeName(name));
      return ids ? ids.map((i) => cols.nodeIds.at(i)!).sort().map((id) => node(nodeAtId(id)!)) : [];
    },
    nodes() {
      return Array.from({ length: n }, (_, i) => node(i)).values();
    },
    edges() {
      return Array.from({ length: m }, (_, i) => edge(i)).values();
    },
    edgesOf(nodeId: string, opts: { direction?: 'out' | 'in' | 'both'; relations?: string[] } = {}) {
      return incident(requireNode(nodeId), opts.direction ?? 'both', opts.relations);
    },
    neighbors(nodeId: string, opts: { direction?: 'out' | 'in' | 'both'; relations?: string[] } = {}) {
      const out = new Set<string>();
      for (const e of incident(requireNode(nodeId), opts.direction ?? 'both', opts.relations)) out.add(e.source === nodeId ? e.target : e.source);
      return [...out];
    },
    chunksOfNode(nodeId: string, opts: { viaEdges?: boolean } = {}) {
      const i = requireNode(nodeId);
      const out = new Set<string>();
      for (let j = cols.nodeProv[i]!; j < cols.nodeProv[i + 1]!; j++) out.add(cols.chunkIds.at(cols.provChunk[j]!)!);
      if (opts.viaEdges) for (const e of incident(i, 'both')) for (const p of e.provenance) out.add(p.chunkId);
      return [...out];
    },
    factsOfChunk(chunkId: string): ChunkFacts {
      const c = chunkIdx().get(chunkId);
      if (c === undefined) return { nodes: [], edges: [] };
      // the first few calls (a question's top chunks) scan the provenance column; inverting it
      // for every chunk pays off only for callers that ask about many chunks
      const [nodes, edges] = ++factCalls <= SCANNED_FACT_CALLS ? scanFacts(c) : [factsAt(facts().nodes, c), factsAt(facts().edges, c)];
      return { nodes: nodes.map((i) => cols.nodeIds.at(i)!).sort(), edges: edges.map((i) => edgeIdAt(cols, i)).sort() };
    },
    mergeLog(): MergeRecord[] {
      // held entries carry the listed fields: a version 5 file lists its log from the headers alone
      return cols.heldMergeLog ? cols.heldMergeLog().map(publicRecord) : (cols.mergeLog() as MergeLogEntry[]).map(publicRecord);
    },
    editLog(): EditRecord[] {
      return (cols.editLog() as EditLogEntry[]).map((e) => publicEdit(deepFreeze(e)));
    },
    toRef(nodeId: string): GraphNodeRef {
      const x = node(requireNode(nodeId));
      return { id: x.id, name: x.name, type: x.type, aliases: [...x.aliases], ...(x.description !== undefined ? { description: x.description } : {}) };
    },
    edgeRef(edgeId: string): GraphEdgeRef {
      const e = edge(requireEdge(edgeId));
      return { id: e.id, source: e.source, target: e.target, relation: e.relation, confidence: e.confidence, provenance: e.provenance.map((p) => ({ ...p })) };
    },
    subgraph(nodeIds: string[], edgeIds?: string[]): Subgraph {
      const nodes = new Set<string>();
      for (const id of nodeIds) {
        requireNode(id, 'nodeIds');
        nodes.add(id);
      }
      let list: string[];
      if (edgeIds) {
        list = [...new Set(edgeIds)];
        for (const id of list) {
          const e = edge(requireEdge(id, 'edgeIds'));
          nodes.add(e.source);
          nodes.add(e.target);
        }
      } else {
        const set = new Set<string>();
        const a = adjacency();
        for (const id of nodes) {
          const i = nodeAtId(id)!;
          for (let j = a.outOff[i]!; j < a.outOff[i + 1]!; j++) {
            const e = a.outList[j]!;
            if (nodes.has(cols.nodeIds.at(cols.targets[e]!)!)) set.add(edgeIdAt(cols, e));
          }
        }
        list = [...set];
      }
      return { nodes: [...nodes].map((id) => reads.toRef(id)), edges: list.map((id) => reads.edgeRef(id)) };
    },
    toJSON() {
      return columnsToSnapshot(cols);
    },
    encodeBinary() {
      // from the columns: no object per node or edge (a store opened only to be written whole)
      return encodeColumns(cols, GRAPH_FORMAT_VERSION, cols.heldMergeLog?.() ?? holdEntries(cols.mergeLog()));
    },
    relationTypes() {
      const used = new Set<string>();
      for (let e = 0; e < m; e++) used.add(cols.dict[cols.relations[e]!]!);
      return [...used].sort();
    },
    chunkIds() {
      const used = new Set<string>();
      for (let j = 0; j < cols.provChunk.length; j++) used.add(cols.chunkIds.at(cols.provChunk[j]!)!);
      return [...used].sort();
    },
  };

  return {
    reads,
    nodeCount: n,
    edgeCount: m,
    /** The columns (RELEASED after release()). */
    columns: () => cols,
    /** Drops the columns, the objects built from them and every index: the reader answers nothing after this. */
    release() {
      nodeIndex = edgeIndex = nameIndex = chunkIndex = undefined;
      chunkFacts = undefined;
      outOff = outList = inOff = inList = undefined;
      // the columns and the file bytes behind them (hundreds of megabytes for a large graph)
      nodeObjs.length = 0;
      edgeObjs.length = 0;
      cols = RELEASED;
    },
  };
}

// Writing a graph file (format 2, its layout described in graph-codec.ts, which reads it). One
// writer serves two sources: a store's records (`encodeGraph`: the objects a snapshot holds) and
// an unedited view's columns (`encodeColumns`: the decoded file with deltas applied, read column
// by column — no object is made per node or edge, which on a large store opened only to be
// written whole, as `compact()` does, was most of the write's memory). Both give the same bytes
// for the same graph.
import {
  bytesOf,
  encodeBinaryFile,
  encodeStrings,
  jsonSection,
  MATCH_KEY_VERSION,
  RagError,
  type Metadata,
  type SectionCompression,
  type StringColumn,
} from '@rag/core';
import { csrRows } from './algorithms/csr.js';
import { relationId } from './entity-id.js';
import { GRAPH_BINARY_MAGIC, GRAPH_BINARY_VERSION, type GraphColumns, type GraphHeader } from './graph-codec.js';
import type { HeldMerge } from './merge-log.js';
import { encodeMergePages, holdEntries, mergePageBytes } from './merge-pages.js';
import { encodeNameIndex } from './name-keys.js';
import { createProvenanceColumns } from './provenance-columns.js';
import { createStringTable } from './string-table.js';
import type { GraphSnapshot } from './types.js';

/** What the writer reads, record by record (indexes in file order). */
interface GraphSource {
  readonly nodes: number;
  readonly edges: number;
  nodeId(i: number): string;
  name(i: number): string;
  type(i: number): string;
  aliases(i: number): readonly string[];
  description(i: number): string | undefined;
  /** JSON text of the node's attributes, '' for none */
  nodeAttributes(i: number): string;
  /** Provenance spans of node i, then of edge e, handed to `span` in order. */
  nodeSpans(i: number, span: (chunkId: string, start: number, end: number) => void): void;
  edgeSpans(e: number, span: (chunkId: string, start: number, end: number) => void): void;
  spanCount: number;
  /** Node indexes of edge e's ends. */
  source(e: number): number;
  target(e: number): number;
  relation(e: number): string;
  confidence(e: number): number;
  edgeId(e: number): string;
  /** JSON text of the edge's attributes, '' for none */
  edgeAttributes(e: number): string;
  formatVersion: number;
  schema: GraphSnapshot['schema'];
  editLog: readonly unknown[];
}

const attrText = (a: Metadata | undefined) => (a && Object.keys(a).length > 0 ? JSON.stringify(a) : '');

/** A snapshot's records as a source (edge ends looked up by node id). */
function snapshotSource(snapshot: GraphSnapshot): GraphSource {
  const { nodes, edges } = snapshot;
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  const end = (e: number, id: string) => {
    const i = nodeIndex.get(id);
    if (i === undefined) throw new RagError('RAG_INVALID_INPUT', `graph: edge "${edges[e]!.id}" points at a missing node`);
    return i;
  };
  return {
    nodes: nodes.length,
    edges: edges.length,
    nodeId: (i) => nodes[i]!.id,
    name: (i) => nodes[i]!.name,
    type: (i) => nodes[i]!.type,
    aliases: (i) => nodes[i]!.aliases,
    description: (i) => nodes[i]!.description,
    nodeAttributes: (i) => attrText(nodes[i]!.attributes),
    nodeSpans: (i, span) => {
      for (const p of nodes[i]!.provenance) span(p.chunkId, p.start, p.end);
    },
    edgeSpans: (e, span) => {
      for (const p of edges[e]!.provenance) span(p.chunkId, p.start, p.end);
    },
    spanCount: nodes.reduce((s, n) => s + n.provenance.length, 0) + edges.reduce((s, e) => s + e.provenance.length, 0),
    source: (e) => end(e, edges[e]!.source),
    target: (e) => end(e, edges[e]!.target),
    relation: (e) => edges[e]!.relation,
    confidence: (e) => edges[e]!.confidence,
    edgeId: (e) => edges[e]!.id,
    edgeAttributes: (e) => attrText(edges[e]!.attributes),
    formatVersion: snapshot.formatVersion,
    schema: snapshot.schema,
    editLog: snapshot.editLog ?? [],
  };
}

/** Decoded columns as a source (strings read from their tables, spans from the provenance columns). */
function columnsSource(c: GraphColumns, formatVersion: number): GraphSource {
  const at = (col: StringColumn, i: number) => col.at(i)!;
  const { provChunk } = c;
  const provStart = c.provStart;
  const provEnd = c.provEnd;
  const confidence = c.confidence;
  const spans = (from: number, to: number, span: (chunkId: string, start: number, end: number) => void) => {
    for (let j = from; j < to; j++) span(at(c.chunkIds, provChunk[j]!), provStart[j]!, provEnd[j]!);
  };
  const aliasesOf = (i: number) => {
    const out: string[] = [];
    for (let k = c.aliasOffsets[i]!; k < c.aliasOffsets[i + 1]!; k++) out.push(at(c.aliases, k));
    return out;
  };
  let spanCount = 0;
  for (let i = 0; i < c.nodeIds.length; i++) spanCount += c.nodeProv[i + 1]! - c.nodeProv[i]!;
  for (let e = 0; e < c.sources.length; e++) spanCount += c.edgeProv[e + 1]! - c.edgeProv[e]!;
  return {
    nodes: c.nodeIds.length,
    edges: c.sources.length,
    nodeId: (i) => at(c.nodeIds, i),
    name: (i) => at(c.names, i),
    type: (i) => c.dict[c.types[i]!]!,
    aliases: aliasesOf,
    description: (i) => c.descriptions.at(i),
    nodeAttributes: (i) => c.nodeAttributes.at(i) ?? '',
    nodeSpans: (i, span) => spans(c.nodeProv[i]!, c.nodeProv[i + 1]!, span),
    edgeSpans: (e, span) => spans(c.edgeProv[e]!, c.edgeProv[e + 1]!, span),
    spanCount,
    source: (e) => c.sources[e]!,
    target: (e) => c.targets[e]!,
    relation: (e) => c.dict[c.relations[e]!]!,
    confidence: (e) => confidence[e]!,
    edgeId: (e) => c.edgeIds.at(e) ?? relationId(at(c.nodeIds, c.sources[e]!), c.dict[c.relations[e]!]!, at(c.nodeIds, c.targets[e]!)),
    edgeAttributes: (e) => c.edgeAttributes.at(e) ?? '',
    formatVersion,
    schema: c.schema,
    editLog: c.editLog(),
  };
}

/**
 * The graph file of `snapshot`. `held`: its merge log as the store holds it (then
 * `snapshot.mergeLog` is not read): entries read from a version 5 file keep their stored pages.
 */
export function encodeGraph(snapshot: GraphSnapshot, held?: readonly HeldMerge[]): Uint8Array {
  return encodeSource(snapshotSource(snapshot), held ?? holdEntries(snapshot.mergeLog));
}

/**
 * The graph file of decoded columns (a view's, deltas applied) and its held merge log: the bytes
 * `encodeGraph` gives for the same graph, without an object per record.
 */
export function encodeColumns(c: GraphColumns, formatVersion: number, held: readonly HeldMerge[]): Uint8Array {
  return encodeSource(columnsSource(c, formatVersion), held);
}

function encodeSource(src: GraphSource, held: readonly HeldMerge[]): Uint8Array {
  const n = src.nodes;
  const m = src.edges;
  const dict = createStringTable();
  const intern = (s: string) => dict.indexOf(s);
  const chunkTable = createStringTable();
  const prov = createProvenanceColumns(src.spanCount, (c) => chunkTable.indexOf(c));
  const span = (chunkId: string, start: number, end: number) => prov.add(chunkId, start, end);
  const nodeIds = new Array<string>(n);
  const names = new Array<string>(n);
  const types = new Uint32Array(n);
  const aliasOffsets = new Uint32Array(n + 1);
  const aliases: string[] = [];
  const hasDesc = new Uint8Array(n);
  const descriptions: string[] = [];
  const nodeAttributes = new Array<string>(n);
  const nodeProv = new Uint32Array(n + 1);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    nodeIds[i] = src.nodeId(i);
    if (i > 0 && !(nodeIds[i - 1]! < nodeIds[i]!)) sorted = false;
    names[i] = src.name(i);
    types[i] = intern(src.type(i));
    for (const a of src.aliases(i)) aliases.push(a);
    aliasOffsets[i + 1] = aliases.length;
    const d = src.description(i);
    if (d !== undefined) {
      hasDesc[i] = 1;
      descriptions.push(d);
    }
    nodeAttributes[i] = src.nodeAttributes(i);
    src.nodeSpans(i, span);
    nodeProv[i + 1] = prov.written;
  }
  const sources = new Uint32Array(m);
  const targets = new Uint32Array(m);
  const relations = new Uint32Array(m);
  const confidence = new Float64Array(m);
  const derived = new Uint8Array(m);
  const explicitIds: string[] = [];
  const edgeAttributes = new Array<string>(m);
  const edgeProv = new Uint32Array(m + 1);
  edgeProv[0] = prov.written;
  let previousEdge = '';
  for (let e = 0; e < m; e++) {
    const s = src.source(e);
    const t = src.target(e);
    sources[e] = s;
    targets[e] = t;
    const relation = src.relation(e);
    relations[e] = intern(relation);
    confidence[e] = src.confidence(e);
    const id = src.edgeId(e);
    if (e > 0 && !(previousEdge < id)) sorted = false;
    previousEdge = id;
    if (id === relationId(nodeIds[s]!, relation, nodeIds[t]!)) derived[e] = 1;
    else explicitIds.push(id);
    edgeAttributes[e] = src.edgeAttributes(e);
    src.edgeSpans(e, span);
    edgeProv[e + 1] = prov.written;
  }
  const header: GraphHeader = {
    graphFormatVersion: src.formatVersion,
    nodes: n,
    edges: m,
    ...(src.schema ? { schema: src.schema } : {}),
    sorted,
  };
  header.matchKeys = MATCH_KEY_VERSION;
  const rows = csrRows(n, m, (e) => sources[e]!, (e) => targets[e]!, 'both');
  const log = mergePageBytes(encodeMergePages(held));
  const R: SectionCompression = 'raw';
  const B: SectionCompression = 'blocks';
  const D: SectionCompression = 'deflate';
  const parts: [Uint8Array, SectionCompression][] = [
    [jsonSection(header), R],
    ...pair(encodeStrings(nodeIds), R),
    ...pair(encodeStrings(names), R),
    [bytesOf(types), R],
    ...pair(encodeStrings(dict.strings), R),
    [bytesOf(aliasOffsets), R],
    ...pair(encodeStrings(aliases), R),
    [hasDesc, R],
    ...pair(encodeStrings(descriptions), B, D),
    ...pair(encodeStrings(nodeAttributes), B, D),
    [bytesOf(nodeProv), R],
    [bytesOf(sources), R],
    [bytesOf(targets), R],
    [bytesOf(relations), R],
    // read one by one when an edge object is built (a weighted walk reads the whole column):
    // deflated in blocks, each inflated on first use
    [bytesOf(confidence), B],
    [derived, R],
    ...pair(encodeStrings(explicitIds), B, D),
    ...pair(encodeStrings(edgeAttributes), B, D),
    [bytesOf(edgeProv), R],
    ...pair(encodeStrings(chunkTable.strings), R),
    [bytesOf(prov.chunk), R],
    [bytesOf(prov.start), B],
    [bytesOf(prov.end), B],
    // The merge log keeps full before/after copies for exact undo: in pages, each inflated only
    // when an entry of it is opened (merge-pages.ts)
    [log.pages, R],
    [log.entryEnds, R],
    ...pair(encodeStrings(src.editLog.map((e) => JSON.stringify(e))), D),
    [bytesOf(rows.offsets), R],
    [bytesOf(rows.sources), R],
    ...encodeNameIndex(n, (i) => names[i]!, (i) => aliases.slice(aliasOffsets[i]!, aliasOffsets[i + 1]!)).map((b): [Uint8Array, SectionCompression] => [b, R]),
    [log.pageEnds, R],
    [log.pageFirst, R],
    ...pair(log.headers, D),
    [log.undone, R],
  ];
  return encodeBinaryFile(GRAPH_BINARY_MAGIC, GRAPH_BINARY_VERSION, parts.map((p) => p[0]), { compression: parts.map((p) => p[1]) });
}

/** A string table's two sections: its text compressed as `c`, its end offsets as `e` (raw by default). */
const pair = ([blob, ends]: [Uint8Array, Uint8Array], c: SectionCompression, e: SectionCompression = 'raw'): [Uint8Array, SectionCompression][] => [
  [blob, c],
  [ends, e],
];

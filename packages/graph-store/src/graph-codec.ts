// Graph format 2: a snapshot as columns in one binary file (see @rag/core's binary container),
// sections deflated.
// Node ids, names, aliases, descriptions, chunk ids and edge ids are string tables; types and
// relation labels index one dictionary; edge endpoints are node indexes; provenance is three
// columns (chunk index, start, end) addressed by per-node and per-edge offsets. Edge ids that
// equal relationId(source, relation, target) — nearly all — are not stored. Opening parses no
// JSON per record: `decodeGraphColumns` returns typed arrays and string arrays.
import {
  bytesOf,
  decodeBinaryFileLazy,
  decodeStrings,
  encodeBinaryFile,
  encodeStrings,
  f64,
  i32,
  jsonSection,
  RagError,
  readJsonSection,
  u32,
  type Metadata,
} from '@rag/core';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { relationId } from './entity-id.js';
import { GRAPH_FORMAT_VERSION } from './schemas.js';
import type { EntityNode, GraphSchema, GraphSnapshot, RelationEdge } from './types.js';
import { createProvenanceColumns } from './provenance-columns.js';
import { createStringTable } from './string-table.js';

export const GRAPH_BINARY_MAGIC = 'RAGGRF02';
/**
 * 3: the merge and edit logs' text sections are deflated on their own (inflated only when a log
 * is read, not on every open: the merge log is most of the graph's bytes), and the header says
 * whether nodes and edges are in id order (lookups then binary-search instead of building maps).
 * Version 2 files still open.
 */
export const GRAPH_BINARY_VERSION = 3;

/** A decoded graph: columns, not objects. */
export interface GraphColumns {
  nodeIds: string[];
  names: string[];
  /** index into `dict` */
  types: Uint32Array;
  dict: string[];
  /** aliases of node i: aliases[aliasOffsets[i] … aliasOffsets[i+1]) */
  aliasOffsets: Uint32Array;
  aliases: string[];
  /** description of node i, or undefined */
  descriptions: (string | undefined)[];
  /** JSON text of node attributes, '' for {} */
  nodeAttributes: string[];
  nodeProv: Uint32Array;
  sources: Uint32Array;
  targets: Uint32Array;
  /** index into `dict` */
  relations: Uint32Array;
  confidence: Float64Array;
  /** explicit edge id, or undefined when it is relationId(source, relation, target) */
  edgeIds: (string | undefined)[];
  /** JSON text of edge attributes, '' for none */
  edgeAttributes: string[];
  edgeProv: Uint32Array;
  chunkIds: string[];
  provChunk: Uint32Array;
  provStart: Int32Array;
  provEnd: Int32Array;
  schema?: GraphSchema;
  /** The merge log, inflated on first call. */
  mergeLog: () => unknown[];
  mergeLogLength: number;
  editLogLength: number;
  /** The edit log, inflated on first call ([] for files written before edits existed). */
  editLog: () => unknown[];
  /** Nodes sorted by id and edges by edge id (as `toJSON` writes them): lookups may binary-search. */
  sorted: boolean;
}

interface Header {
  graphFormatVersion: number;
  nodes: number;
  edges: number;
  schema?: GraphSchema;
  /** version 3: nodes and edges in id order */
  sorted?: boolean;
}

const inOrder = (xs: readonly { id: string }[]) => {
  for (let i = 1; i < xs.length; i++) if (!(xs[i - 1]!.id < xs[i]!.id)) return false;
  return true;
};
/** A log's string table with its text deflated on its own (version 3). */
const logSections = (entries: readonly unknown[]): Uint8Array[] => {
  const [blob, ends] = encodeStrings(entries.map((e) => JSON.stringify(e)));
  return [new Uint8Array(deflateRawSync(blob)), ends];
};

const attrText = (a: Metadata | undefined) => (a && Object.keys(a).length > 0 ? JSON.stringify(a) : '');

export function encodeGraph(snapshot: GraphSnapshot): Uint8Array {
  const { nodes, edges } = snapshot;
  const dict = createStringTable();
  const intern = (s: string) => dict.indexOf(s);
  const chunkTable = createStringTable();
  const nodeIndex = new Map(nodes.map((n, i) => [n.id, i]));
  const provCount = nodes.reduce((s, n) => s + n.provenance.length, 0) + edges.reduce((s, e) => s + e.provenance.length, 0);
  const prov = createProvenanceColumns(provCount, (c) => chunkTable.indexOf(c));
  const types = new Uint32Array(nodes.length);
  const aliasOffsets = new Uint32Array(nodes.length + 1);
  const aliases: string[] = [];
  const hasDesc = new Uint8Array(nodes.length);
  const descriptions: string[] = [];
  const nodeProv = new Uint32Array(nodes.length + 1);
  nodes.forEach((n, i) => {
    types[i] = intern(n.type);
    aliases.push(...n.aliases);
    aliasOffsets[i + 1] = aliases.length;
    if (n.description !== undefined) {
      hasDesc[i] = 1;
      descriptions.push(n.description);
    }
    prov.push(n.provenance);
    nodeProv[i + 1] = prov.written;
  });
  const sources = new Uint32Array(edges.length);
  const targets = new Uint32Array(edges.length);
  const relations = new Uint32Array(edges.length);
  const confidence = new Float64Array(edges.length);
  const derived = new Uint8Array(edges.length);
  const explicitIds: string[] = [];
  const edgeProv = new Uint32Array(edges.length + 1);
  edgeProv[0] = prov.written;
  edges.forEach((e, i) => {
    const s = nodeIndex.get(e.source);
    const t = nodeIndex.get(e.target);
    if (s === undefined || t === undefined) throw new RagError('RAG_INVALID_INPUT', `graph: edge "${e.id}" points at a missing node`);
    sources[i] = s;
    targets[i] = t;
    relations[i] = intern(e.relation);
    confidence[i] = e.confidence;
    if (e.id === relationId(e.source, e.relation, e.target)) derived[i] = 1;
    else explicitIds.push(e.id);
    prov.push(e.provenance);
    edgeProv[i + 1] = prov.written;
  });
  const header: Header = {
    graphFormatVersion: snapshot.formatVersion,
    nodes: nodes.length,
    edges: edges.length,
    ...(snapshot.schema ? { schema: snapshot.schema } : {}),
    sorted: inOrder(nodes) && inOrder(edges),
  };
  return encodeBinaryFile(GRAPH_BINARY_MAGIC, GRAPH_BINARY_VERSION, [
    jsonSection(header),
    ...encodeStrings(nodes.map((n) => n.id)),
    ...encodeStrings(nodes.map((n) => n.name)),
    bytesOf(types),
    ...encodeStrings(dict.strings),
    bytesOf(aliasOffsets),
    ...encodeStrings(aliases),
    hasDesc,
    ...encodeStrings(descriptions),
    ...encodeStrings(nodes.map((n) => attrText(n.attributes))),
    bytesOf(nodeProv),
    bytesOf(sources),
    bytesOf(targets),
    bytesOf(relations),
    bytesOf(confidence),
    derived,
    ...encodeStrings(explicitIds),
    ...encodeStrings(edges.map((e) => attrText(e.attributes))),
    bytesOf(edgeProv),
    ...encodeStrings(chunkTable.strings),
    bytesOf(prov.chunk),
    bytesOf(prov.start),
    bytesOf(prov.end),
    // The merge log keeps full before/after copies for exact undo: parsed only when the log is
    // listed or the graph is edited.
    // one JSON text per entry: a single JSON string of the whole log passes V8's string limit
    // (512 MB) on stores of tens of thousands of passages
    // (its text deflated on its own: inflated only when the log is read)
    ...logSections(snapshot.mergeLog),
    // The edit log (same layout), only when there is one (34 sections otherwise).
    ...(snapshot.editLog?.length ? logSections(snapshot.editLog) : []),
  ], { deflate: true });
}

export function decodeGraphColumns(bytes: Uint8Array, source: string): GraphColumns {
  // the logs' text sections (32 and 34: most of the file's bytes) are inflated only when a log is read
  const file = decodeBinaryFileLazy(bytes, GRAPH_BINARY_MAGIC, source);
  const version = file.version;
  const LOG_TEXT = new Set([32, 34]);
  const s = Array.from({ length: file.count }, (_, i) => (LOG_TEXT.has(i) ? new Uint8Array(0) : file.section(i)));
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  if (version !== GRAPH_BINARY_VERSION && version !== 2)
    throw new RagError('RAG_STORE_VERSION', `${source}: graph format ${version}, this version reads 2 and ${GRAPH_BINARY_VERSION}`);
  const nested = version >= 3;
  if (s.length !== 34 && s.length !== 36) throw corrupt(`expected 34 or 36 sections, found ${s.length}`);
  const header = readJsonSection(s[0]!) as Header;
  if (header.graphFormatVersion !== GRAPH_FORMAT_VERSION) throw corrupt(`graph snapshot version ${header.graphFormatVersion} is not ${GRAPH_FORMAT_VERSION}`);
  const n = header.nodes;
  const m = header.edges;
  const hasDesc = s[11]!;
  const descList = decodeStrings(s[12]!, s[13]!);
  let d = 0;
  const descriptions = Array.from(hasDesc, (h) => (h ? descList[d++] : undefined));
  const derived = s[21]!;
  const explicit = decodeStrings(s[22]!, s[23]!);
  let x = 0;
  const edgeIds = Array.from(derived, (f) => (f ? undefined : explicit[x++]));
  const cols: GraphColumns = {
    nodeIds: decodeStrings(s[1]!, s[2]!),
    names: decodeStrings(s[3]!, s[4]!),
    types: u32(s[5]!),
    dict: decodeStrings(s[6]!, s[7]!),
    aliasOffsets: u32(s[8]!),
    aliases: decodeStrings(s[9]!, s[10]!),
    descriptions,
    nodeAttributes: decodeStrings(s[14]!, s[15]!),
    nodeProv: u32(s[16]!),
    sources: u32(s[17]!),
    targets: u32(s[18]!),
    relations: u32(s[19]!),
    confidence: f64(s[20]!),
    edgeIds,
    edgeAttributes: decodeStrings(s[24]!, s[25]!),
    edgeProv: u32(s[26]!),
    chunkIds: decodeStrings(s[27]!, s[28]!),
    provChunk: u32(s[29]!),
    provStart: i32(s[30]!),
    provEnd: i32(s[31]!),
    ...(header.schema ? { schema: header.schema } : {}),
    mergeLog: lazyLog(() => file.section(32), s[33]!, 'merge', corrupt, nested),
    mergeLogLength: s[33]!.byteLength / 4,
    editLogLength: s.length === 36 ? s[35]!.byteLength / 4 : 0,
    editLog: s.length === 36 ? lazyLog(() => file.section(34), s[35]!, 'edit', corrupt, nested) : () => [],
    sorted: header.sorted === true,
  };
  return checkColumns(cols, corrupt, n, m);
}

function lazyLog(blob: () => Uint8Array, ends: Uint8Array, what: string, corrupt: (why: string) => Error, nested: boolean): () => unknown[] {
  let log: unknown[] | undefined;
  return () => {
    if (!log) {
      try {
        log = decodeStrings(nested ? new Uint8Array(inflateRawSync(blob())) : blob(), ends).map((e) => JSON.parse(e) as unknown);
      } catch {
        throw corrupt(`the ${what} log is not valid JSON`);
      }
    }
    return log;
  };
}

/** Check that the columns agree with each other (lengths, indexes in range). */
export function checkColumns(c: GraphColumns, corrupt: (why: string) => Error, n = c.nodeIds.length, m = c.sources.length): GraphColumns {
  const ok =
    c.nodeIds.length === n && c.names.length === n && c.types.length === n && c.aliasOffsets.length === n + 1 && c.descriptions.length === n &&
    c.nodeAttributes.length === n && c.nodeProv.length === n + 1 && c.sources.length === m && c.targets.length === m &&
    c.relations.length === m && c.confidence.length === m && c.edgeIds.length === m && c.edgeAttributes.length === m && c.edgeProv.length === m + 1 &&
    c.provStart.length === c.provChunk.length && c.provEnd.length === c.provChunk.length && (c.edgeProv[m] ?? 0) <= c.provChunk.length;
  if (!ok) throw corrupt('column lengths disagree with the node and edge counts');
  for (let i = 0; i < m; i++) if (c.sources[i]! >= n || c.targets[i]! >= n || c.relations[i]! >= c.dict.length) throw corrupt(`edge ${i} has an index out of range`);
  for (let i = 0; i < n; i++) if (c.types[i]! >= c.dict.length) throw corrupt(`node ${i} has a type index out of range`);
  for (let i = 0; i < c.provChunk.length; i++) if (c.provChunk[i]! >= c.chunkIds.length) throw corrupt(`provenance ${i} names a chunk out of range`);
  return c;
}

/** Objects for node i / edge i of decoded columns (frozen, as the store keeps them). */
export function nodeAt(c: GraphColumns, i: number): EntityNode {
  const node: EntityNode = {
    id: c.nodeIds[i]!,
    name: c.names[i]!,
    type: c.dict[c.types[i]!]!,
    aliases: c.aliases.slice(c.aliasOffsets[i]!, c.aliasOffsets[i + 1]!),
    ...(c.descriptions[i] !== undefined ? { description: c.descriptions[i] } : {}),
    attributes: c.nodeAttributes[i] ? (JSON.parse(c.nodeAttributes[i]!) as Metadata) : {},
    provenance: provAt(c, c.nodeProv[i]!, c.nodeProv[i + 1]!),
  };
  return Object.freeze(node);
}

export function edgeIdAt(c: GraphColumns, i: number): string {
  return c.edgeIds[i] ?? relationId(c.nodeIds[c.sources[i]!]!, c.dict[c.relations[i]!]!, c.nodeIds[c.targets[i]!]!);
}

export function edgeAt(c: GraphColumns, i: number): RelationEdge {
  const edge: RelationEdge = {
    id: edgeIdAt(c, i),
    source: c.nodeIds[c.sources[i]!]!,
    target: c.nodeIds[c.targets[i]!]!,
    relation: c.dict[c.relations[i]!]!,
    provenance: provAt(c, c.edgeProv[i]!, c.edgeProv[i + 1]!),
    confidence: c.confidence[i]!,
    ...(c.edgeAttributes[i] ? { attributes: JSON.parse(c.edgeAttributes[i]!) as Metadata } : {}),
  };
  return Object.freeze(edge);
}

function provAt(c: GraphColumns, from: number, to: number) {
  const out = [];
  for (let j = from; j < to; j++) out.push({ chunkId: c.chunkIds[c.provChunk[j]!]!, start: c.provStart[j]!, end: c.provEnd[j]! });
  return out;
}

/** The whole snapshot as objects (what the writable store is built from when the graph is edited). */
export function columnsToSnapshot(c: GraphColumns): GraphSnapshot {
  return {
    formatVersion: GRAPH_FORMAT_VERSION,
    nodes: c.nodeIds.map((_, i) => nodeAt(c, i)),
    edges: c.sources.length ? Array.from(c.sources, (_, i) => edgeAt(c, i)) : [],
    ...(c.schema ? { schema: c.schema } : {}),
    mergeLog: c.mergeLog(),
    editLog: c.editLog(),
  };
}

/** Index of node `id` in sorted columns, or -1. */
export function sortedNodeIndex(c: GraphColumns, id: string): number {
  let lo = 0;
  let hi = c.nodeIds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = c.nodeIds[mid]!;
    if (x === id) return mid;
    if (x < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Index of edge `id` in sorted columns, or -1 (edge ids are rebuilt for the probes only). */
export function sortedEdgeIndex(c: GraphColumns, id: string): number {
  let lo = 0;
  let hi = c.sources.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = edgeIdAt(c, mid);
    if (x === id) return mid;
    if (x < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

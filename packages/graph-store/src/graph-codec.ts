// Graph format 2: a snapshot as columns in one binary file (see @rag/core's binary container).
// Since version 4 numeric columns and the node id/name tables are stored raw and read in place
// (typed-array views over the file's bytes; strings decoded one by one when first read), only
// free text (descriptions, attributes, explicit edge ids, logs) is deflated; the file also keeps
// the PPR adjacency rows and a2rag's name index (see name-keys.ts, algorithms/csr.ts).
// Node ids, names, aliases, descriptions, chunk ids and edge ids are string tables; types and
// relation labels index one dictionary; edge endpoints are node indexes; provenance is three
// columns (chunk index, start, end) addressed by per-node and per-edge offsets. Edge ids that
// equal relationId(source, relation, target) — nearly all — are not stored. Opening parses no
// JSON per record: `decodeGraphColumns` returns typed arrays and string arrays. graph-encode.ts
// writes the file.
import {
  columnSlice,
  decodeBinaryFileLazy,
  decodeStrings,
  f64,
  i32,
  RagError,
  readJsonSection,
  sortedIndexOf,
  stringColumn,
  u32,
  type Metadata,
  type StringColumn,
} from '@rag/core';
import { loadColumns } from './column-load.js';
import { holdArchived } from './merge-archive.js';
import { readMergePages } from './merge-pages.js';
import type { HeldMerge } from './merge-log.js';
import { decodeNameIndex, type StoredNameIndex } from './name-keys.js';
import { inflateRawSync } from 'node:zlib';
import { relationId } from './entity-id.js';
import { z } from 'zod';
import type { InitialRecords } from './graph-store.js';
import { EditLogEntrySchema, GRAPH_FORMAT_VERSION, MergeLogEntrySchema } from './schemas.js';
import { parse } from './store-helpers.js';
import type { EntityNode, GraphSchema, GraphSnapshot, RelationEdge } from './types.js';

export const GRAPH_BINARY_MAGIC = 'RAGGRF02';
/**
 * 3: the merge and edit logs' text sections are deflated on their own (inflated only when a log
 * is read, not on every open: the merge log is most of the graph's bytes), and the header says
 * whether nodes and edges are in id order (lookups then binary-search instead of building maps).
 * Version 2 files still open.
 */
/**
 * 4: compression per section (numeric columns and id/name tables raw, read in place), the edit
 * log always present, then the PPR rows (both directions, unweighted) and the name index.
 * Versions 2 and 3 still open.
 */
/**
 * 5: the merge log in pages deflated one by one, with each entry's header and undone flag beside
 * them (merge-pages.ts): opening reads no entry's text, and writing the graph whole copies the
 * pages it read. Versions 2 to 4 still open.
 */
export const GRAPH_BINARY_VERSION = 5;

/** A decoded graph: columns, not objects. */
/** A column of optional strings: `at(i)` is undefined where record i has none. */
export interface OptionalColumn {
  readonly length: number;
  at(i: number): string | undefined;
}

export interface GraphColumns {
  /** String columns are arrays when built in memory, decoded on demand when read from a file. */
  nodeIds: StringColumn;
  names: StringColumn;
  /** index into `dict` */
  types: Uint32Array;
  dict: string[];
  /** aliases of node i: aliases[aliasOffsets[i] … aliasOffsets[i+1]) */
  aliasOffsets: Uint32Array;
  aliases: StringColumn;
  /** description of node i, or undefined */
  descriptions: OptionalColumn;
  /** JSON text of node attributes, '' for {} */
  nodeAttributes: StringColumn;
  nodeProv: Uint32Array;
  sources: Uint32Array;
  targets: Uint32Array;
  /** index into `dict` */
  relations: Uint32Array;
  confidence: Float64Array;
  /** explicit edge id, or undefined when it is relationId(source, relation, target) */
  edgeIds: OptionalColumn;
  /** JSON text of edge attributes, '' for none */
  edgeAttributes: StringColumn;
  edgeProv: Uint32Array;
  chunkIds: StringColumn;
  provChunk: Uint32Array;
  provStart: Int32Array;
  provEnd: Int32Array;
  schema?: GraphSchema;
  /** The merge log, inflated on first call. */
  mergeLog: () => unknown[];
  /**
   * The merge log held as stored, for a store materialised from the columns: version 5 files
   * (its pages, merge-pages.ts), version 4 files, whose log section is deflated whole
   * (merge-archive.ts), and deltas applied to them.
   */
  heldMergeLog?: () => HeldMerge[];
  mergeLogLength: number;
  editLogLength: number;
  /** The edit log, inflated on first call ([] for files written before edits existed). */
  editLog: () => unknown[];
  /** Nodes sorted by id and edges by edge id (as `toJSON` writes them): lookups may binary-search. */
  sorted: boolean;
  /** Version 4 files: the PPR pull rows for direction "both", unweighted, every relation. */
  rows?: { offsets: Int32Array; sources: Int32Array };
  /** Version 4 files: the name index (match keys → nodes). */
  nameIndex?: StoredNameIndex;
  /**
   * Version 4 files: single values of the columns stored in deflated blocks, read without
   * inflating the whole column (an edge's confidence, a node's provenance spans).
   */
  cells?: { confidence(e: number): number; provStart(j: number): number; provEnd(j: number): number };
}

/** The header section of a graph file (graph-encode.ts writes it). */
export interface GraphHeader {
  graphFormatVersion: number;
  nodes: number;
  edges: number;
  schema?: GraphSchema;
  /** version 3: nodes and edges in id order */
  sorted?: boolean;
  /** version 4: the `matchKey` version of the stored name index */
  matchKeys?: number;
}

/** Section count of a version 4 file, and of a version 5 file (the merge log's page tables, headers and flags after them). */
const V4_SECTIONS = 46;
const V5_SECTIONS = 51;

export function decodeGraphColumns(bytes: Uint8Array, source: string): GraphColumns {
  // text sections are inflated (or, for blocked ones, their blocks) only when a string is read;
  // raw sections are views into `bytes`
  const file = decodeBinaryFileLazy(bytes, GRAPH_BINARY_MAGIC, source);
  const version = file.version;
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  if (version !== GRAPH_BINARY_VERSION && version !== 4 && version !== 3 && version !== 2)
    throw new RagError('RAG_STORE_VERSION', `${source}: graph file version ${version}; this version reads 2 to ${GRAPH_BINARY_VERSION} (written by a newer version?)`, {
      details: { file: source, found: version },
    });
  const v4 = version >= 4;
  const v5 = version >= 5;
  const count = file.count;
  const expected = v5 ? V5_SECTIONS : v4 ? V4_SECTIONS : undefined;
  if (expected !== undefined ? count !== expected : count !== 34 && count !== 36) throw corrupt(`expected ${expected ?? '34 or 36'} sections, found ${count}`);
  const x = (i: number) => file.section(i);
  const header = readJsonSection(x(0)) as GraphHeader;
  if (header.graphFormatVersion !== GRAPH_FORMAT_VERSION) throw corrupt(`graph snapshot version ${header.graphFormatVersion} is not ${GRAPH_FORMAT_VERSION}`);
  const n = header.nodes;
  const m = header.edges;
  /** Section i, read (inflated) on first use: its length is checked then against `count` items of `size` bytes. */
  const later = <T>(i: number, count: () => number, size: number, view: (b: Uint8Array) => T, what: string): (() => T) => {
    let v: T | undefined;
    return () => {
      if (v === undefined) {
        const b = x(i);
        if (b.byteLength !== count() * size) throw corrupt(`the ${what} column has ${b.byteLength / size} entries, expected ${count()}`);
        v = view(b);
      }
      return v;
    };
  };
  /** A string table: decoded per string; its text section read (or its blocks inflated) on first use. */
  const strings = (blob: number, ends: number): StringColumn => stringColumn(x(ends), (a, b) => file.range(blob, a, b));
  /** A string table of `count` strings whose offsets, too, are read on first use (v4: deflated). */
  const lateStrings = (blob: number, ends: number, count: number, what: string): StringColumn =>
    v4 ? stringColumn(later(ends, () => count, 4, (b) => b, what), (a, b) => file.range(blob, a, b), count) : strings(blob, ends);
  /** The merge log: in pages (version 5), or one section (version 4 held as stored: merge-archive.ts). */
  const mergeLogOf = (): Pick<GraphColumns, 'mergeLog' | 'mergeLogLength' | 'heldMergeLog'> => {
    if (v5) {
      const paged = readMergePages(
        { pages: x(32), entryEnds: u32(x(33)), pageEnds: u32(x(46)), pageFirst: u32(x(47)), headers: () => [x(48), x(49)], undone: x(50) },
        corrupt,
      );
      let entries: unknown[] | undefined;
      return { mergeLog: () => (entries ??= paged.entries()), mergeLogLength: paged.length, heldMergeLog: () => paged.held() };
    }
    return {
      mergeLog: lazyLog(() => x(32), x(33), 'merge', corrupt, nested),
      mergeLogLength: x(33).byteLength / 4,
      ...(v4 && file.deflated(32) ? { heldMergeLog: () => holdArchived(file.deflated(32)!, file.take(32), u32(x(33))) } : {}),
    };
  };
  const hasDesc = x(11);
  const derived = x(21);
  let descCount = 0;
  for (let i = 0; i < hasDesc.length; i++) if (hasDesc[i] === 1) descCount++;
  let explicitCount = 0;
  for (let i = 0; i < derived.length; i++) if (derived[i] === 0) explicitCount++;
  const edgeIds = optional(derived, 0, lateStrings(22, 23, explicitCount, 'explicit edge id'));
  // the logs' texts (most of the file's bytes) are inflated only when a log is read; version 3
  // deflated them on their own inside the file
  const nested = version === 3;
  const hasEdit = count >= 36;
  const provChunk = u32(x(29));
  const confidence = later(20, () => m, 8, f64, 'confidence');
  const provStart = later(30, () => provChunk.length, 4, i32, 'provenance start');
  const provEnd = later(31, () => provChunk.length, 4, i32, 'provenance end');
  const base = {
    nodeIds: strings(1, 2),
    names: strings(3, 4),
    types: u32(x(5)),
    dict: decodeStrings(x(6), x(7)),
    aliasOffsets: u32(x(8)),
    aliases: strings(9, 10),
    descriptions: optional(hasDesc, 1, lateStrings(12, 13, descCount, 'description')),
    nodeAttributes: lateStrings(14, 15, n, 'node attribute'),
    nodeProv: u32(x(16)),
    sources: u32(x(17)),
    targets: u32(x(18)),
    relations: u32(x(19)),
    edgeIds,
    edgeAttributes: lateStrings(24, 25, m, 'edge attribute'),
    edgeProv: u32(x(26)),
    chunkIds: strings(27, 28),
    provChunk,
    ...(header.schema ? { schema: header.schema } : {}),
    ...mergeLogOf(),
    editLogLength: hasEdit ? x(35).byteLength / 4 : 0,
    editLog: hasEdit ? lazyLog(() => x(34), x(35), 'edit', corrupt, nested) : () => [],
    sorted: header.sorted === true,
  };
  // the lazily read columns are checked when first read; the rest now
  checkColumns(
    { ...base, confidence: { length: m } as Float64Array, provStart: { length: provChunk.length } as Int32Array, provEnd: { length: provChunk.length } as Int32Array },
    corrupt,
    n,
    m,
  );
  const cols = Object.defineProperties(base as unknown as GraphColumns, {
    confidence: { get: confidence, enumerable: true },
    provStart: { get: provStart, enumerable: true },
    provEnd: { get: provEnd, enumerable: true },
  });
  if (v4) {
    const offsets = i32(x(36));
    const rowSources = i32(x(37));
    if (offsets.length !== n + 1 || offsets[n] !== rowSources.length) throw corrupt('the adjacency rows disagree with the node count');
    for (let j = 0; j < rowSources.length; j++) if (!(rowSources[j]! >= 0 && rowSources[j]! < n)) throw corrupt(`adjacency arc ${j} has a node out of range`);
    cols.rows = { offsets, sources: rowSources };
    const cell = (i: number, size: number, count: number, what: string) => (j: number) => {
      if (!(j >= 0 && j < count)) throw corrupt(`${what} ${j} is out of range`);
      const b = file.range(i, j * size, (j + 1) * size);
      const view = new DataView(b.buffer, b.byteOffset, size);
      return size === 8 ? view.getFloat64(0, true) : view.getInt32(0, true);
    };
    cols.cells = { confidence: cell(20, 8, m, 'confidence'), provStart: cell(30, 4, provChunk.length, 'provenance'), provEnd: cell(31, 4, provChunk.length, 'provenance') };
    if (header.matchKeys !== undefined)
      cols.nameIndex = decodeNameIndex(header.matchKeys, Array.from({ length: 8 }, (_, k) => x(38 + k)), n, corrupt);
  }
  return cols;
}

/** Record i's string where `flags[i] === present` (the k-th such record reads string k), else undefined. */
function optional(flags: Uint8Array, present: number, col: StringColumn): OptionalColumn {
  let rank: Uint32Array | undefined;
  return {
    length: flags.length,
    at(i) {
      if (!(i >= 0 && i < flags.length) || flags[i] !== present) return undefined;
      if (!rank) {
        rank = new Uint32Array(flags.length);
        for (let j = 0, r = 0; j < flags.length; j++) {
          rank[j] = r;
          if (flags[j] === present) r++;
        }
      }
      return col.at(rank[i]!);
    },
  };
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
    c.provStart.length === c.provChunk.length && c.provEnd.length === c.provChunk.length && (c.edgeProv[m] ?? 0) <= c.provChunk.length &&
    (c.aliasOffsets[n] ?? 0) <= c.aliases.length && (c.nodeProv[n] ?? 0) <= c.provChunk.length;
  if (!ok) throw corrupt('column lengths disagree with the node and edge counts');
  for (let i = 0; i < m; i++) if (c.sources[i]! >= n || c.targets[i]! >= n || c.relations[i]! >= c.dict.length) throw corrupt(`edge ${i} has an index out of range`);
  for (let i = 0; i < n; i++) if (c.types[i]! >= c.dict.length) throw corrupt(`node ${i} has a type index out of range`);
  for (let i = 0; i < c.provChunk.length; i++) if (c.provChunk[i]! >= c.chunkIds.length) throw corrupt(`provenance ${i} names a chunk out of range`);
  return c;
}

/** Objects for node i / edge i of decoded columns (frozen, as the store keeps them). */
export function nodeAt(c: GraphColumns, i: number): EntityNode {
  const node: EntityNode = {
    id: c.nodeIds.at(i)!,
    name: c.names.at(i)!,
    type: c.dict[c.types[i]!]!,
    aliases: columnSlice(c.aliases, c.aliasOffsets[i]!, c.aliasOffsets[i + 1]!),
    ...(c.descriptions.at(i) !== undefined ? { description: c.descriptions.at(i) } : {}),
    attributes: c.nodeAttributes.at(i) ? (JSON.parse(c.nodeAttributes.at(i)!) as Metadata) : {},
    provenance: provAt(c, c.nodeProv[i]!, c.nodeProv[i + 1]!),
  };
  return Object.freeze(node);
}

export function edgeIdAt(c: GraphColumns, i: number): string {
  return c.edgeIds.at(i) ?? relationId(c.nodeIds.at(c.sources[i]!)!, c.dict[c.relations[i]!]!, c.nodeIds.at(c.targets[i]!)!);
}

export function edgeAt(c: GraphColumns, i: number): RelationEdge {
  const edge: RelationEdge = {
    id: edgeIdAt(c, i),
    source: c.nodeIds.at(c.sources[i]!)!,
    target: c.nodeIds.at(c.targets[i]!)!,
    relation: c.dict[c.relations[i]!]!,
    provenance: provAt(c, c.edgeProv[i]!, c.edgeProv[i + 1]!),
    confidence: c.cells ? c.cells.confidence(i) : c.confidence[i]!,
    ...(c.edgeAttributes.at(i) ? { attributes: JSON.parse(c.edgeAttributes.at(i)!) as Metadata } : {}),
  };
  return Object.freeze(edge);
}

function provAt(c: GraphColumns, from: number, to: number) {
  const out = [];
  const cells = c.cells;
  for (let j = from; j < to; j++)
    out.push({ chunkId: c.chunkIds.at(c.provChunk[j]!)!, start: cells ? cells.provStart(j) : c.provStart[j]!, end: cells ? cells.provEnd(j) : c.provEnd[j]! });
  return out;
}

/** The columns' nodes, then edges, as records made one at a time. */
function* nodesOf(c: GraphColumns): Generator<EntityNode> {
  for (let i = 0; i < c.nodeIds.length; i++) yield nodeAt(c, i);
}
function* edgesOf(c: GraphColumns): Generator<RelationEdge> {
  for (let i = 0; i < c.sources.length; i++) yield edgeAt(c, i);
}

/** The whole snapshot as objects (what the writable store is built from when the graph is edited). */
export function columnsToSnapshot(c: GraphColumns): GraphSnapshot {
  return {
    formatVersion: GRAPH_FORMAT_VERSION,
    nodes: [...nodesOf(c)],
    edges: [...edgesOf(c)],
    ...(c.schema ? { schema: c.schema } : {}),
    mergeLog: c.mergeLog(),
    editLog: c.editLog(),
  };
}

/**
 * The columns as the records a writable store starts from, made one at a time as the store
 * takes them (a million-passage graph's records never exist all at once). The columns were
 * checked when decoded; the logs, JSON inside the file, are parsed here.
 */
export function columnRecords(c: GraphColumns): InitialRecords {
  return { nodes: nodesOf(c), edges: edgesOf(c), ...columnLogs(c) };
}

/** The columns' schema and logs (the logs, JSON inside the file, parsed; the merge log held as stored when `held`). */
function columnLogs(c: GraphColumns, held = false) {
  return {
    schema: c.schema,
    mergeLog: held && c.heldMergeLog ? { held: c.heldMergeLog() } : parse(z.array(MergeLogEntrySchema), c.mergeLog(), 'graph merge log'),
    editLog: parse(z.array(EditLogEntrySchema), c.editLog(), 'graph edit log'),
  };
}

/**
 * The columns as what a writable store starts from, poured into it in bulk (column-load.ts):
 * the same store `columnRecords` gives, built without the records one at a time.
 */
export function columnFill(c: GraphColumns): InitialRecords {
  return { ...columnLogs(c, true), fill: (core) => loadColumns(core, c) };
}

/** Index of node `id` in sorted columns, or -1. */
export function sortedNodeIndex(c: GraphColumns, id: string): number {
  return sortedIndexOf(c.nodeIds, id);
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

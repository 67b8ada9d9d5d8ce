// Graph delta segments: what one commit changed in a graph (nodes and edges upserted or removed,
// log entries appended or re-flagged, the schema), written instead of the whole graph and
// replayed onto the decoded columns of the base on open (`applyGraphDeltas`), without building
// the writable store. Records are small in number per delta, so they are stored as one JSON text each
// (validated when read) in string tables, deflated.
import { inflateRawSync } from 'node:zlib';
import { columnToArray, decodeBinaryFileLazy, decodeStrings, encodeBinaryFile, encodeStrings, invalidInput, jsonSection, RagError, readJsonSection, type LazyBinaryFile, type Metadata } from '@rag/core';
import { z } from 'zod';
import type { GraphChanges } from './change-tracker.js';
import { relationId } from './entity-id.js';
import { checkColumns, edgeIdAt, type GraphColumns } from './graph-codec.js';
import { holdMerge, type HeldMerge } from './merge-log.js';
import { EntityNodeSchema, GraphSchemaSchema, MergeLogEntrySchema, RelationEdgeSchema } from './schemas.js';
import { parse } from './store-helpers.js';
import type { EntityNode, RelationEdge } from './types.js';
import { createProvenanceColumns } from './provenance-columns.js';
import { createStringTable } from './string-table.js';

export const GRAPH_DELTA_MAGIC = 'RAGGRD01';
export const GRAPH_DELTA_VERSION = 1;

const HeaderSchema = z.object({
  nodes: z.number().int().nonnegative(),
  edges: z.number().int().nonnegative(),
  removedNodes: z.number().int().nonnegative(),
  removedEdges: z.number().int().nonnegative(),
  mergeFrom: z.number().int().nonnegative(),
  editFrom: z.number().int().nonnegative(),
  schema: GraphSchemaSchema.optional(),
});

/**
 * A delta's log entries from `from` on: `count` of them, their JSON texts read (inflated from the
 * file's compressed bytes, which are all that is held) each time `texts()` is called.
 */
export interface LogChange {
  from: number;
  count: number;
  texts(): string[];
}

/** A decoded delta (log entries kept compressed, as stored, until the log is read: a merge log can be most of a delta). */
export type GraphDelta = Omit<GraphChanges, 'mergeLog' | 'editLog'> & {
  mergeLog: LogChange;
  editLog: LogChange;
};

/** Records a delta carries (what the compaction ratio counts). */
export const deltaRecords = (c: Pick<GraphChanges, 'nodes' | 'edges' | 'removedNodes' | 'removedEdges'>): number =>
  c.nodes.length + c.edges.length + c.removedNodes.length + c.removedEdges.length;

/** The string table of the records' JSON texts (`encodeStrings` encodes them joined, in one pass per group). */
export function encodeJsonTexts(records: readonly unknown[], groupChars?: number): [Uint8Array, Uint8Array] {
  return encodeStrings(records.map((r) => JSON.stringify(r)), groupChars);
}

export function encodeGraphDelta(c: GraphChanges): Uint8Array {
  const header: z.infer<typeof HeaderSchema> = {
    nodes: c.nodes.length,
    edges: c.edges.length,
    removedNodes: c.removedNodes.length,
    removedEdges: c.removedEdges.length,
    mergeFrom: c.mergeLog.from,
    editFrom: c.editLog.from,
    ...(c.schema ? { schema: c.schema } : {}),
  };
  return encodeBinaryFile(
    GRAPH_DELTA_MAGIC,
    GRAPH_DELTA_VERSION,
    [
      jsonSection(header),
      ...encodeStrings(c.removedNodes),
      ...encodeStrings(c.removedEdges),
      ...encodeJsonTexts(c.nodes),
      ...encodeJsonTexts(c.edges),
      ...encodeJsonTexts(c.mergeLog.entries),
      ...encodeJsonTexts(c.editLog.entries),
    ],
    { deflate: true },
  );
}

export function decodeGraphDelta(bytes: Uint8Array, source: string): GraphDelta {
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  const file = decodeBinaryFileLazy(bytes, GRAPH_DELTA_MAGIC, source);
  if (file.version !== GRAPH_DELTA_VERSION) throw new RagError('RAG_STORE_VERSION', `${source}: graph delta format ${file.version}, this version reads ${GRAPH_DELTA_VERSION}`);
  if (file.count !== 13) throw corrupt(`expected 13 sections, found ${file.count}`);
  const x = (i: number) => file.section(i);
  const header = HeaderSchema.safeParse(readJsonSection(x(0)));
  if (!header.success) throw corrupt(`invalid graph delta header: ${z.prettifyError(header.error).slice(0, 300)}`);
  const h = header.data;
  const records = <T>(blob: Uint8Array, ends: Uint8Array, schema: z.ZodType<T>, what: string, count: number): T[] => {
    const texts = decodeStrings(blob, ends);
    if (texts.length !== count) throw corrupt(`${texts.length} ${what}, the header says ${count}`);
    return texts.map((t, i) => {
      let raw: unknown;
      try {
        raw = JSON.parse(t);
      } catch {
        throw corrupt(`${what} ${i} is not valid JSON`);
      }
      const r = schema.safeParse(raw);
      if (!r.success) throw corrupt(`${what} ${i}: ${z.prettifyError(r.error).slice(0, 300)}`);
      return r.data;
    });
  };
  const ids = (blob: Uint8Array, ends: Uint8Array, what: string, count: number) => {
    const out = decodeStrings(blob, ends);
    if (out.length !== count) throw corrupt(`${out.length} ${what}, the header says ${count}`);
    return out;
  };
  return {
    removedNodes: ids(x(1), x(2), 'removed node ids', h.removedNodes),
    removedEdges: ids(x(3), x(4), 'removed edge ids', h.removedEdges),
    nodes: records(x(5), x(6), EntityNodeSchema, 'nodes', h.nodes) as EntityNode[],
    edges: records(x(7), x(8), RelationEdgeSchema, 'edges', h.edges) as RelationEdge[],
    mergeLog: logChange(file, 9, h.mergeFrom),
    editLog: logChange(file, 11, h.editFrom),
    ...(h.schema ? { schema: h.schema } : {}),
  };
}

/** The log entries in string table `blob` (its ends in `blob + 1`), held as stored: a copy of the compressed bytes, not the file. */
function logChange(file: LazyBinaryFile, blob: number, from: number): LogChange {
  const ends = file.section(blob + 1).slice();
  const packed = file.deflated(blob)?.slice();
  const plain = packed ? undefined : file.section(blob).slice();
  return { from, count: ends.byteLength / 4, texts: () => decodeStrings(plain ?? new Uint8Array(inflateRawSync(packed!)), ends) };
}

/**
 * The columns of `base` with `deltas` applied in order. Nodes and edges stay sorted by id (as
 * `toJSON` writes them), so the result is the columns the whole graph would have been written as.
 */
export function applyGraphDeltas(base: GraphColumns, deltas: readonly GraphDelta[], source: string): GraphColumns {
  if (deltas.length === 0) return base;
  const corrupt = corruptIn(source);
  // the net change per id: a record, or null for removed
  const nodes = new Map<string, EntityNode | null>();
  const edges = new Map<string, RelationEdge | null>();
  let mergeLog = { length: base.mergeLogLength, read: base.mergeLog };
  let editLog = { length: base.editLogLength, read: base.editLog };
  let schema = base.schema;
  // the merge log held as stored: the base's entries, then each delta's from its `from` on
  const baseHeld = base.heldMergeLog;
  const heldMergeLog = baseHeld && heldAfter(baseHeld, deltas.map((d) => d.mergeLog));
  for (const d of deltas) {
    for (const id of d.removedNodes) nodes.set(id, null);
    for (const n of d.nodes) nodes.set(n.id, n);
    for (const id of d.removedEdges) edges.set(id, null);
    for (const e of d.edges) edges.set(e.id, e);
    mergeLog = appendLog(mergeLog, d.mergeLog, 'merge', corrupt);
    editLog = appendLog(editLog, d.editLog, 'edit', corrupt);
    schema = d.schema;
  }

  for (let i = 1; i < base.nodeIds.length && !base.sorted; i++)
    if (!(base.nodeIds.at(i - 1)! < base.nodeIds.at(i)!)) throw corrupt('the base graph is not sorted by node id, so deltas cannot be applied to it (compact the index)');
  const dict = createStringTable(base.dict);
  const intern = (x: string) => dict.indexOf(x);
  const chunkTable = createStringTable(columnToArray(base.chunkIds));
  const attrText = (a: Metadata | undefined) => (a && Object.keys(a).length > 0 ? JSON.stringify(a) : '');

  // The orders: base indexes (kept) and changed records, in id order. Kept base records come in
  // long runs, copied with typed-array `set`; only changed records are encoded one by one.
  const nodeOrder = mergeOrder(base.nodeIds.length, (i) => base.nodeIds.at(i)!, nodes);
  const baseEdgeId = (i: number) => edgeIdAt(base, i);
  if (!base.sorted)
    for (let i = 1; i < base.sources.length; i++)
      if (!(baseEdgeId(i - 1) < baseEdgeId(i))) throw corrupt('the base graph is not sorted by edge id, so deltas cannot be applied to it (compact the index)');
  const edgeOrder = mergeOrder(base.sources.length, baseEdgeId, edges);
  const provOf = (order: (number | { provenance: readonly unknown[] })[], offsets: Uint32Array) =>
    order.reduce<number>((t, x) => t + (typeof x === 'number' ? offsets[x + 1]! - offsets[x]! : x.provenance.length), 0);
  const provTotal = provOf(nodeOrder, base.nodeProv) + provOf(edgeOrder, base.edgeProv);
  const prov = createProvenanceColumns(provTotal, (c) => chunkTable.indexOf(c));

  // ---- nodes
  const nn = nodeOrder.length;
  const nodeIds = new Array<string>(nn);
  const names = new Array<string>(nn);
  const types = new Uint32Array(nn);
  const aliasOffsets = new Uint32Array(nn + 1);
  const aliases: string[] = [];
  const descriptions = new Array<string | undefined>(nn);
  const nodeAttributes = new Array<string>(nn);
  const nodeProv = new Uint32Array(nn + 1);
  const newIndexOfBase = new Int32Array(base.nodeIds.length).fill(-1);
  for (let k = 0; k < nn; k++) {
    const item = nodeOrder[k]!;
    if (typeof item === 'number') {
      newIndexOfBase[item] = k;
      nodeIds[k] = base.nodeIds.at(item)!;
      names[k] = base.names.at(item)!;
      types[k] = base.types[item]!;
      for (let j = base.aliasOffsets[item]!; j < base.aliasOffsets[item + 1]!; j++) aliases.push(base.aliases.at(j)!);
      descriptions[k] = base.descriptions.at(item);
      nodeAttributes[k] = base.nodeAttributes.at(item)!;
      prov.copy(base, base.nodeProv[item]!, base.nodeProv[item + 1]!);
    } else {
      nodeIds[k] = item.id;
      names[k] = item.name;
      types[k] = intern(item.type);
      aliases.push(...item.aliases);
      descriptions[k] = item.description;
      nodeAttributes[k] = attrText(item.attributes);
      prov.push(item.provenance);
    }
    aliasOffsets[k + 1] = aliases.length;
    nodeProv[k + 1] = prov.written;
  }
  const indexOf = (id: string, edge: string) => {
    const i = binarySearch(nodeIds, id);
    if (i < 0) throw corrupt(`edge "${edge}" points at a missing node "${id}"`);
    return i;
  };
  // an endpoint replaced by a delta record is found by id
  const endpoint = (x: number, item: number) => {
    const i = newIndexOfBase[x]!;
    if (i >= 0) return i;
    const j = binarySearch(nodeIds, base.nodeIds.at(x)!);
    if (j < 0) throw corrupt(`edge "${baseEdgeId(item)}" points at a removed node`);
    return j;
  };

  // ---- edges
  const m = edgeOrder.length;
  const sources = new Uint32Array(m);
  const targets = new Uint32Array(m);
  const relations = new Uint32Array(m);
  const confidence = new Float64Array(m);
  const edgeIds = new Array<string | undefined>(m);
  const edgeAttributes = new Array<string>(m);
  const edgeProv = new Uint32Array(m + 1);
  edgeProv[0] = prov.written;
  let k = 0;
  while (k < m) {
    const item = edgeOrder[k]!;
    if (typeof item !== 'number') {
      sources[k] = indexOf(item.source, item.id);
      targets[k] = indexOf(item.target, item.id);
      relations[k] = intern(item.relation);
      confidence[k] = item.confidence;
      edgeIds[k] = item.id === relationId(item.source, item.relation, item.target) ? undefined : item.id;
      edgeAttributes[k] = attrText(item.attributes);
      prov.push(item.provenance);
      edgeProv[k + 1] = prov.written;
      k++;
      continue;
    }
    // a run of consecutive base edges
    let run = 1;
    while (k + run < m && edgeOrder[k + run] === item + run) run++;
    relations.set(base.relations.subarray(item, item + run), k);
    confidence.set(base.confidence.subarray(item, item + run), k);
    const shift = prov.written - base.edgeProv[item]!;
    for (let r = 0; r < run; r++) {
      const b = item + r;
      sources[k + r] = endpoint(base.sources[b]!, b);
      targets[k + r] = endpoint(base.targets[b]!, b);
      edgeIds[k + r] = base.edgeIds.at(b);
      edgeAttributes[k + r] = base.edgeAttributes.at(b)!;
      edgeProv[k + r + 1] = base.edgeProv[b + 1]! + shift;
    }
    prov.copy(base, base.edgeProv[item]!, base.edgeProv[item + run]!);
    k += run;
  }

  const cols: GraphColumns = {
    nodeIds,
    names,
    types,
    dict: dict.strings,
    aliasOffsets,
    aliases,
    descriptions,
    nodeAttributes,
    nodeProv,
    sources,
    targets,
    relations,
    confidence,
    edgeIds,
    edgeAttributes,
    edgeProv,
    chunkIds: chunkTable.strings,
    provChunk: prov.chunk,
    provStart: prov.start,
    provEnd: prov.end,
    ...(schema ? { schema } : {}),
    mergeLog: mergeLog.read,
    mergeLogLength: mergeLog.length,
    ...(heldMergeLog ? { heldMergeLog } : {}),
    editLog: editLog.read,
    editLogLength: editLog.length,
    sorted: true,
  };
  return checkColumns(cols, corrupt);
}

// The closures the result keeps (its logs' readers) are made by these top-level functions, so
// that each holds only what it names: a closure made in applyGraphDeltas would share that call's
// context, and with it the base columns and every decoded delta record, for as long as the
// result lives.

/** The error for a corrupt `source`. */
function corruptIn(source: string): (why: string) => Error {
  return (why) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
}

/** The merge log held as stored: the base's entries, then each delta's from its `from` on. */
function heldAfter(baseHeld: () => HeldMerge[], logs: readonly LogChange[]): () => HeldMerge[] {
  return () => logs.reduce((held, log) => [...held.slice(0, log.from), ...holdTexts(log)], baseHeld());
}

/**
 * Base indexes (kept) and changed records, in id order; removed ids are left out. `idAt(i)` is
 * the base's i-th id (in id order): only the changed ids are searched for, so the base's ids are
 * not all built.
 */
function mergeOrder<T extends { id: string }>(count: number, idAt: (i: number) => string, changes: Map<string, T | null>): (number | T)[] {
  const changed = [...changes.keys()].sort().map((id) => {
    let lo = 0;
    let hi = count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (idAt(mid) < id) lo = mid + 1;
      else hi = mid;
    }
    return { id, at: lo, replaces: lo < count && idAt(lo) === id };
  });
  const out: (number | T)[] = [];
  let c = 0;
  for (let i = 0; i <= count; i++) {
    let replaced = false;
    while (c < changed.length && changed[c]!.at === i) {
      const { id, replaces } = changed[c++]!;
      const r = changes.get(id);
      if (replaces) replaced = true;
      if (r) out.push(r);
    }
    if (i < count && !replaced) out.push(i);
  }
  return out;
}

function binarySearch(sorted: readonly string[], id: string): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid]!;
    if (x === id) return mid;
    if (x < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A delta's merge log entries, validated and held (the log's entry numbers in errors). */
function holdTexts(change: LogChange): HeldMerge[] {
  return change.texts().map((t, k) => {
    let entry: unknown;
    try {
      entry = JSON.parse(t);
    } catch {
      throw invalidInput(`graph merge log.${change.from + k}`, 'is not valid JSON');
    }
    return holdMerge(parse(MergeLogEntrySchema, entry, `graph merge log.${change.from + k}`));
  });
}

function appendLog(
  log: { length: number; read: () => unknown[] },
  change: LogChange,
  what: string,
  corrupt: (why: string) => Error,
): { length: number; read: () => unknown[] } {
  if (change.from > log.length) throw corrupt(`the ${what} log delta starts at entry ${change.from}, the log has ${log.length}`);
  const prior = log.read;
  let entries: unknown[] | undefined;
  return {
    length: change.from + change.count,
    read: () => {
      if (!entries) {
        try {
          entries = [...prior().slice(0, change.from), ...change.texts().map((t) => JSON.parse(t) as unknown)];
        } catch (e) {
          if (RagError.isInstance(e)) throw e;
          throw corrupt(`the ${what} log delta is not valid JSON`);
        }
      }
      return entries;
    },
  };
}

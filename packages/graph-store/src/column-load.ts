// Materialising a stored graph in bulk: an opened graph's decoded columns (graph-codec.ts) poured
// into an empty store core, for the first edit of an opened store (graph-view.ts). It leaves the
// core exactly as `putNode` / `putEdge` of the same records one by one would (the tests compare
// the two), but works on the columns as columns:
//   - spans are pooled per chunk from the provenance columns, each distinct (chunk, start, end)
//     once, and every record's list is made of the pooled spans directly (no per-record span
//     objects, no linear scans of a chunk's pooled spans);
//   - chunk → nodes / edges is inverted from the provenance columns by chunk index (no string
//     keys hashed per citation, no per-key array copies);
//   - records are frozen once as built (no copy), nodes enter the graph without a lookup, and
//     edges between node slots (slot i = column i, the graph is empty), their ends' id strings
//     shared with the nodes;
//   - the numeric columns are read whole (not cell by cell).
// The columns were checked when decoded; duplicate ids, which the one-by-one path refused, are
// still refused: nodes by the graph's count, edges by their stored id order (or a lookup each
// when the file is not in id order).
import { columnSlice, invalidInput, type Metadata, type Provenance } from '@rag/core';
import { relationId } from './entity-id.js';
import type { GraphColumns } from './graph-codec.js';
import { invertProvenance, type ChunkRecords } from './chunk-records.js';
import { frozenPooledList } from './span-pool.js';
import type { StoreCore } from './store-core.js';
import type { EntityNode, RelationEdge } from './types.js';

const NO_ALIASES = Object.freeze([]) as unknown as string[];
const NO_ATTRIBUTES = Object.freeze({}) as Metadata;

/**
 * The pooled one-span list of every provenance entry (entries citing the same span share one),
 * after adopting each chunk's distinct spans into the core's pool in first-cited order.
 */
function poolSpans(core: StoreCore, c: GraphColumns, chunkId: (k: number) => string): Provenance[][] {
  const count = c.provChunk.length;
  const chunks = c.chunkIds.length;
  // each entry as its own one-entry record: entries grouped by chunk, in entry order
  const each = new Uint32Array(count + 1);
  for (let j = 0; j <= count; j++) each[j] = j;
  const byChunk = invertProvenance(each, count, c.provChunk, chunks);
  const start = c.provStart;
  const end = c.provEnd;
  const spanOf = new Array<Provenance[]>(count);
  const seen = new Map<number | string, Provenance[]>();
  for (let k = 0; k < chunks; k++) {
    const from = byChunk.off[k]!;
    const to = byChunk.off[k + 1]!;
    if (from === to) continue;
    const id = chunkId(k);
    const lists: Provenance[][] = [];
    seen.clear();
    for (let x = from; x < to; x++) {
      const j = byChunk.list[x]!;
      const s = start[j]!;
      const e = end[j]!;
      // exact as a number while |start| < 2^20; a string key beyond
      const key = s > -1048576 && s < 1048576 ? s * 4294967296 + (e + 2147483648) : `${s}:${e}`;
      let list = seen.get(key);
      if (list === undefined) {
        list = Object.freeze([Object.freeze({ chunkId: id, start: s, end: e })]) as unknown as Provenance[];
        seen.set(key, list);
        lists.push(list);
      }
      spanOf[j] = list;
    }
    core.spans.adopt(id, lists);
  }
  return spanOf;
}

/** Fill an empty core with the columns' nodes and edges (see the top of the file). */
export function loadColumns(core: StoreCore, c: GraphColumns): void {
  const { graph } = core;
  const n = c.nodeIds.length;
  const m = c.sources.length;
  const chunks = c.chunkIds.length;
  const chunkIdStrings = new Array<string | undefined>(chunks);
  const chunkId = (k: number) => (chunkIdStrings[k] ??= c.chunkIds.at(k)!);
  const spanOf = poolSpans(core, c, chunkId);
  const noSpans = core.spans.list([]);
  const provenance = (from: number, to: number): Provenance[] => {
    if (to - from === 0) return noSpans;
    if (to - from === 1) return spanOf[from]!;
    const out = new Array<Provenance>(to - from);
    for (let j = from; j < to; j++) out[j - from] = spanOf[j]![0]!;
    return frozenPooledList(out);
  };

  graph.reserve(n, m);
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const id = c.nodeIds.at(i)!;
    ids[i] = id;
    const a = c.aliasOffsets[i]!;
    const b = c.aliasOffsets[i + 1]!;
    const aliases = a === b ? NO_ALIASES : (Object.freeze(columnSlice(c.aliases, a, b)) as string[]);
    const description = c.descriptions.at(i);
    const attrText = c.nodeAttributes.at(i);
    const attributes = attrText ? (Object.freeze(JSON.parse(attrText)) as Metadata) : NO_ATTRIBUTES;
    const prov = provenance(c.nodeProv[i]!, c.nodeProv[i + 1]!);
    const name = c.names.at(i)!;
    const type = c.dict[c.types[i]!]!;
    // the fields in `freezeNode`'s order
    const node: EntityNode =
      description === undefined
        ? { id, name, type, aliases, attributes, provenance: prov }
        : { id, name, type, aliases, description, attributes, provenance: prov };
    graph.addNewNode(id, Object.freeze(node));
  }
  if (graph.order !== n) throw invalidInput('snapshot.nodes', 'duplicate node id');

  const relationCount = new Uint32Array(c.dict.length);
  const relationOrder: number[] = [];
  const confidence = c.confidence;
  const edgeIds = new Array<string>(m);
  const checkEach = !c.sorted;
  for (let i = 0; i < m; i++) {
    const u = c.sources[i]!;
    const v = c.targets[i]!;
    const r = c.relations[i]!;
    const relation = c.dict[r]!;
    const source = ids[u]!;
    const target = ids[v]!;
    const id = c.edgeIds.at(i) ?? relationId(source, relation, target);
    if (checkEach && graph.hasEdge(id)) throw invalidInput('snapshot.edges', `duplicate edge id "${id}"`);
    edgeIds[i] = id;
    const attrText = c.edgeAttributes.at(i);
    // the fields in `freezeEdge`'s order
    const edge: RelationEdge = {
      id,
      source,
      target,
      relation,
      provenance: provenance(c.edgeProv[i]!, c.edgeProv[i + 1]!),
      confidence: confidence[i]!,
      ...(attrText ? { attributes: Object.freeze(JSON.parse(attrText)) as Metadata } : {}),
    };
    graph.addEdgeAt(id, u, v, Object.freeze(edge));
    if (relationCount[r]!++ === 0) relationOrder.push(r);
  }
  // in id order, each id is larger than the one before: none repeats
  if (!checkEach && !graph.edgesAddedInIdOrder) throw invalidInput('snapshot.edges', 'duplicate edge id (or edges out of the order the file says)');
  for (const r of relationOrder) core.relationCounts.set(c.dict[r]!, relationCount[r]!);

  // π⁻¹: chunk → the nodes / edges citing it, in record order
  const chunkNodes = invertProvenance(c.nodeProv, n, c.provChunk, chunks);
  for (let k = 0; k < chunks; k++) if (chunkNodes.off[k] !== chunkNodes.off[k + 1]) core.chunkNodes.setNew(chunkId(k), idsAt(chunkNodes, k, ids));
  const chunkEdges = invertProvenance(c.edgeProv, m, c.provChunk, chunks);
  for (let k = 0; k < chunks; k++) if (chunkEdges.off[k] !== chunkEdges.off[k + 1]) core.chunkEdges.setNew(chunkId(k), idsAt(chunkEdges, k, edgeIds));
}

/** The ids of chunk k's records, each once (a record citing the chunk twice is listed twice in a row). */
function idsAt(t: ChunkRecords, k: number, ids: readonly string[]): string[] {
  let distinct = 0;
  for (let x = t.off[k]!; x < t.off[k + 1]!; x++) if (x === t.off[k] || t.list[x] !== t.list[x - 1]) distinct++;
  const out = new Array<string>(distinct);
  let o = 0;
  for (let x = t.off[k]!; x < t.off[k + 1]!; x++) if (x === t.off[k] || t.list[x] !== t.list[x - 1]) out[o++] = ids[t.list[x]!]!;
  return out;
}

// The store's graph structure: a directed multigraph with self-loops, keyed by string ids, holding
// one value per node and per edge — only the operations the store needs, built for many inserts.
//
// Nodes and edges live in slots. An id → slot Map gives node lookups and the node insertion
// order (a Map iterates in insertion order; replacing a value keeps the position, dropping and
// adding again moves the id to the end). Per-slot numbers are in typed arrays grown by doubling:
// an edge's endpoints, and its links in three doubly linked lists — its source's out-list, its
// target's in-list and the list of all edges in insertion order (the edge order, same rules as
// the node Map's) — whose heads and tails sit in per-node arrays (one pair for all edges).
// Adding an edge appends it to the lists (O(1), no lookup of the node pair); dropping unlinks it
// (O(1)). Freed slots are reused. There is no per-edge wrapper object.
//
// Edge ids. Given an `EdgeKey` (the store passes one), an edge whose id is derived from its ends,
// relationId(source, relation, target) — nearly every edge the store holds — is kept in no id
// table: its id is read from its value, and a lookup by id parses the id into source, relation
// and target (every split where both ends are nodes, so node ids holding the separator text
// work), then scans the shorter of the source's out-list and the target's in-list. Only edges
// with another id sit in an id → slot Map. Without an EdgeKey every edge is in that Map.
//
// Incident edges come out in id order: out-edges, then in-edges, each sorted by edge id ("both"
// lists a self-loop once, with the out-edges) — the order a graph read back from its file (edges
// stored by id) gives, so a store answers the same before and after a reopen. A list is kept in
// insertion order and marked when an append breaks its id order (an edge added after one with a
// larger id); a marked list is sorted in place on its next read. Appends in id order (a graph
// loaded from its file) never mark one.

import { isRelationId } from './entity-id.js';
import { append, grown, NONE, unlink } from './slot-lists.js';

export type Direction = 'out' | 'in' | 'both';

const OUT_UNSORTED = 1;
const IN_UNSORTED = 2;

/** `a`, or a zero-filled copy at least `size` long. */
function grownFlags(a: Uint8Array<ArrayBuffer>, size: number): Uint8Array<ArrayBuffer> {
  if (size <= a.length) return a;
  const b = new Uint8Array(Math.max(size, a.length * 2, 16));
  b.set(a);
  return b;
}

/** How the multigraph reads an edge value's id and relation label (see the top of the file). */
export interface EdgeKey<E> {
  /** The id the edge is stored under (every value carries its own). */
  idOf(value: E): string;
  relationOf(value: E): string;
}

/**
 * The values sorted by key: a plain sort of the ids (no comparator closure, the engine compares
 * the strings itself), then each value through its slot. On a real graph's ids (long shared
 * prefixes) this took 0.64 s where sorting the records with an id comparator took 1.0 s.
 */
function valuesByKey<V>(slots: Map<string, number>, values: (V | undefined)[]): V[] {
  const ids = Array.from(slots.keys()).sort();
  const out = new Array<V>(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = values[slots.get(ids[i]!)!]!;
  return out;
}

export class Multigraph<N, E> {
  private readonly nodeSlots = new Map<string, number>();
  private readonly nodeIds: (string | undefined)[] = [];
  private readonly nodeValues: (N | undefined)[] = [];
  private readonly freeNodes: number[] = [];
  private outHead: Int32Array<ArrayBuffer> = new Int32Array(0);
  private outTail: Int32Array<ArrayBuffer> = new Int32Array(0);
  private inHead: Int32Array<ArrayBuffer> = new Int32Array(0);
  private inTail: Int32Array<ArrayBuffer> = new Int32Array(0);
  private outDegree: Int32Array<ArrayBuffer> = new Int32Array(0);
  private inDegree: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Per node: 1 when its out-list is not in id order, 2 its in-list (see the top). */
  private unsorted: Uint8Array<ArrayBuffer> = new Uint8Array(0);

  /** id → slot of the edges whose id is not derived (all edges without an EdgeKey), and back. */
  private readonly edgeSlots = new Map<string, number>();
  private readonly explicitIds = new Map<number, string>();
  private readonly edgeValues: (E | undefined)[] = [];
  private readonly freeEdges: number[] = [];
  private edgeCount = 0;
  private source: Int32Array<ArrayBuffer> = new Int32Array(0);
  private target: Int32Array<ArrayBuffer> = new Int32Array(0);
  private nextOut: Int32Array<ArrayBuffer> = new Int32Array(0);
  private prevOut: Int32Array<ArrayBuffer> = new Int32Array(0);
  private nextIn: Int32Array<ArrayBuffer> = new Int32Array(0);
  private prevIn: Int32Array<ArrayBuffer> = new Int32Array(0);
  // the list of all edges in insertion order: one head and tail (cell 0), links per slot
  private readonly allHead = new Int32Array([NONE]);
  private readonly allTail = new Int32Array([NONE]);
  private nextAll: Int32Array<ArrayBuffer> = new Int32Array(0);
  private prevAll: Int32Array<ArrayBuffer> = new Int32Array(0);

  constructor(private readonly edgeKey?: EdgeKey<E>) {}

  /** Number of nodes. */
  get order(): number {
    return this.nodeSlots.size;
  }
  /** Number of edges. */
  get size(): number {
    return this.edgeCount;
  }

  // ---------------------------------------------------------------- nodes

  hasNode(id: string): boolean {
    return this.nodeSlot(id) !== NONE;
  }
  getNode(id: string): N | undefined {
    const s = this.nodeSlot(id);
    return s === NONE ? undefined : this.nodeValues[s];
  }
  /** Adds the node, or replaces its value in place (its position in the order stays); returns the value it replaced. */
  setNode(id: string, value: N): N | undefined {
    const at = this.nodeSlot(id);
    if (at !== NONE) {
      const old = this.nodeValues[at];
      this.nodeValues[at] = value;
      this.byIdNodes = undefined;
      return old;
    }
    this.addNewNode(id, value);
    return undefined;
  }
  /**
   * Adds a node whose id is absent (the caller knows: the bulk path fills an empty graph from
   * checked columns); returns its slot. A duplicate id would corrupt the graph: `order` then
   * counts fewer nodes than were added.
   */
  addNewNode(id: string, value: N): number {
    let s = this.freeNodes.pop();
    if (s === undefined) {
      s = this.nodeIds.length;
      this.nodeIds.push(id);
      this.nodeValues.push(value);
      if (s >= this.outHead.length) {
        this.outHead = grown(this.outHead, s + 1);
        this.outTail = grown(this.outTail, s + 1);
        this.inHead = grown(this.inHead, s + 1);
        this.inTail = grown(this.inTail, s + 1);
        this.outDegree = grown(this.outDegree, s + 1);
        this.inDegree = grown(this.inDegree, s + 1);
        this.unsorted = grownFlags(this.unsorted, s + 1);
      }
    } else {
      this.nodeIds[s] = id;
      this.nodeValues[s] = value;
      this.byIdNodes = undefined;
    }
    this.outHead[s] = this.outTail[s] = this.inHead[s] = this.inTail[s] = NONE;
    this.outDegree[s] = this.inDegree[s] = 0;
    this.unsorted[s] = 0;
    if (this.nodesInIdOrder && this.lastNodeId !== undefined && !(this.lastNodeId < id)) this.nodesInIdOrder = false;
    this.lastNodeId = id;
    this.nodeSlots.set(id, s);
    this.byIdNodes = undefined;
    // a node just added is often looked up next (the bulk path takes its slot)
    this.recentIds[1] = this.recentIds[0];
    this.recentSlots[1] = this.recentSlots[0]!;
    this.recentIds[0] = id;
    this.recentSlots[0] = s;
    return s;
  }
  /** Sizes the per-slot arrays for this many nodes and edges up front (a bulk load knows both). */
  reserve(nodes: number, edges: number): void {
    this.outHead = grown(this.outHead, nodes);
    this.outTail = grown(this.outTail, nodes);
    this.inHead = grown(this.inHead, nodes);
    this.inTail = grown(this.inTail, nodes);
    this.outDegree = grown(this.outDegree, nodes);
    this.inDegree = grown(this.inDegree, nodes);
    this.unsorted = grownFlags(this.unsorted, nodes);
    this.source = grown(this.source, edges);
    this.target = grown(this.target, edges);
    this.nextOut = grown(this.nextOut, edges);
    this.prevOut = grown(this.prevOut, edges);
    this.nextIn = grown(this.nextIn, edges);
    this.prevIn = grown(this.prevIn, edges);
    this.nextAll = grown(this.nextAll, edges);
    this.prevAll = grown(this.prevAll, edges);
  }
  /** Whether every edge so far was added after one with a smaller id (then no two share an id). */
  get edgesAddedInIdOrder(): boolean {
    return this.edgesInIdOrder;
  }
  /** Drops a node and its incident edges; throws if absent. */
  dropNode(id: string): void {
    const s = this.requireNodeSlot(id, 'dropNode');
    while (this.outHead[s] !== NONE) this.dropEdgeAt(this.outHead[s]!);
    while (this.inHead[s] !== NONE) this.dropEdgeAt(this.inHead[s]!);
    this.nodeSlots.delete(id);
    this.byIdNodes = undefined;
    this.recentIds[0] = this.recentIds[1] = undefined;
    if (this.nodeSlots.size === 0) {
      this.nodesInIdOrder = true;
      this.lastNodeId = undefined;
    }
    this.nodeIds[s] = undefined;
    this.nodeValues[s] = undefined;
    this.freeNodes.push(s);
  }
  /** The node's slot (NONE when absent): a handle for `nodeAt` and `addEdgeAt`, valid until a node is dropped. */
  nodeSlotOf(id: string): number {
    return this.nodeSlot(id);
  }
  /**
   * Tells the graph that the nodes `a` and `b` sit in slots `u` and `v` (from `nodeSlotOf`, no
   * node dropped since): the bulk path, which holds an edge's end slots, says so before looking
   * the edge up, so the lookup does not probe the node Map for them.
   */
  noteNodeSlots(a: string, u: number, b: string, v: number): void {
    this.recentIds[0] = a;
    this.recentSlots[0] = u;
    this.recentIds[1] = b;
    this.recentSlots[1] = v;
  }
  /** The value of the node in slot s (from `nodeSlotOf`). */
  nodeAt(s: number): N {
    return this.nodeValues[s]!;
  }
  /** In-degree + out-degree (a self-loop counts twice). */
  degree(id: string): number {
    const s = this.requireNodeSlot(id, 'degree');
    return this.outDegree[s]! + this.inDegree[s]!;
  }

  // ---------------------------------------------------------------- edges

  hasEdge(id: string): boolean {
    return this.edgeSlot(id) !== NONE;
  }
  getEdge(id: string): E | undefined {
    const s = this.edgeSlot(id);
    return s === NONE ? undefined : this.edgeValues[s];
  }
  /**
   * Adds the directed edge sourceId → targetId, or replaces its value in place (endpoints and
   * position stay; other endpoints throw); returns the value it replaced. Throws if an endpoint
   * is missing.
   */
  setEdge(id: string, sourceId: string, targetId: string, value: E): E | undefined {
    const at = this.edgeSlot(id);
    if (at !== NONE) {
      if (this.nodeIds[this.source[at]!] !== sourceId || this.nodeIds[this.target[at]!] !== targetId) {
        throw new Error(`Multigraph.setEdge: edge "${id}" joins other nodes`);
      }
      const old = this.edgeValues[at];
      this.edgeValues[at] = value;
      this.byIdEdges = undefined;
      // a new relation label can make the id derived or no longer derived
      const explicit = !this.derives(id, at, value);
      if (explicit !== this.explicitIds.has(at)) {
        if (explicit) {
          this.edgeSlots.set(id, at);
          this.explicitIds.set(at, id);
        } else {
          this.edgeSlots.delete(id);
          this.explicitIds.delete(at);
        }
      }
      return old;
    }
    const u = this.requireNodeSlot(sourceId, 'setEdge');
    const v = this.requireNodeSlot(targetId, 'setEdge');
    this.addEdgeAt(id, u, v, value);
    return undefined;
  }
  /**
   * Adds a new edge between the nodes in slots u and v (from `nodeSlotOf`, with no node dropped
   * since): the bulk path's insert, which has looked up both ends already. The id must be absent.
   */
  addEdgeAt(id: string, u: number, v: number, value: E): void {
    let s = this.freeEdges.pop();
    if (s === undefined) {
      s = this.edgeValues.length;
      this.edgeValues.push(value);
      if (s >= this.source.length) {
        this.source = grown(this.source, s + 1);
        this.target = grown(this.target, s + 1);
        this.nextOut = grown(this.nextOut, s + 1);
        this.prevOut = grown(this.prevOut, s + 1);
        this.nextIn = grown(this.nextIn, s + 1);
        this.prevIn = grown(this.prevIn, s + 1);
        this.nextAll = grown(this.nextAll, s + 1);
        this.prevAll = grown(this.prevAll, s + 1);
      }
    } else {
      this.edgeValues[s] = value;
    }
    this.byIdEdges = undefined;
    this.source[s] = u;
    this.target[s] = v;
    // an append after a larger id marks the list for a sort on its next read
    if (this.outTail[u] !== NONE && !(this.edgeIdAt(this.outTail[u]!) < id)) this.unsorted[u]! |= OUT_UNSORTED;
    if (this.inTail[v] !== NONE && !(this.edgeIdAt(this.inTail[v]!) < id)) this.unsorted[v]! |= IN_UNSORTED;
    append(s, u, this.outHead, this.outTail, this.nextOut, this.prevOut);
    this.outDegree[u]!++;
    append(s, v, this.inHead, this.inTail, this.nextIn, this.prevIn);
    this.inDegree[v]!++;
    append(s, 0, this.allHead, this.allTail, this.nextAll, this.prevAll);
    this.edgeCount++;
    if (!this.derives(id, s, value)) {
      this.edgeSlots.set(id, s);
      this.explicitIds.set(s, id);
    }
    if (this.edgesInIdOrder && this.lastAddedEdgeId !== undefined && !(this.lastAddedEdgeId < id)) this.edgesInIdOrder = false;
    this.lastAddedEdgeId = id;
    this.lastEdgeId = id;
    this.lastEdgeSlot = s;
  }
  /** Drops an edge; throws if absent. */
  dropEdge(id: string): void {
    this.dropEdgeAt(this.requireEdgeSlot(id, 'dropEdge'));
  }
  private dropEdgeAt(s: number): void {
    const u = this.source[s]!;
    const v = this.target[s]!;
    unlink(s, u, this.outHead, this.outTail, this.nextOut, this.prevOut);
    this.outDegree[u]!--;
    unlink(s, v, this.inHead, this.inTail, this.nextIn, this.prevIn);
    this.inDegree[v]!--;
    unlink(s, 0, this.allHead, this.allTail, this.nextAll, this.prevAll);
    this.edgeCount--;
    const explicit = this.explicitIds.get(s);
    if (explicit !== undefined) {
      this.edgeSlots.delete(explicit);
      this.explicitIds.delete(s);
    }
    this.lastEdgeId = undefined;
    if (this.edgeCount === 0) {
      this.edgesInIdOrder = true;
      this.lastAddedEdgeId = undefined;
    }
    this.edgeValues[s] = undefined;
    this.byIdEdges = undefined;
    this.freeEdges.push(s);
  }

  // ---------------------------------------------------------------- incidence

  /** Calls `fn` for each edge incident to the node (see the order at the top); throws if absent. */
  forEachIncident(id: string, direction: Direction, fn: (value: E, edgeId: string) => void): void {
    const u = this.requireNodeSlot(id, 'forEachIncident');
    if (this.unsorted[u]) this.sortIncident(u);
    if (direction !== 'in') for (let e = this.outHead[u]!; e !== NONE; e = this.nextOut[e]!) fn(this.edgeValues[e]!, this.edgeIdAt(e));
    if (direction !== 'out')
      for (let e = this.inHead[u]!; e !== NONE; e = this.nextIn[e]!) {
        // a self-loop is already listed with the out-edges
        if (direction === 'both' && this.source[e] === u) continue;
        fn(this.edgeValues[e]!, this.edgeIdAt(e));
      }
  }
  /** Put node u's marked lists in id order (relinking their slots; no edge moves). */
  private sortIncident(u: number): void {
    if (this.unsorted[u]! & OUT_UNSORTED) this.sortList(u, this.outHead, this.outTail, this.nextOut, this.prevOut);
    if (this.unsorted[u]! & IN_UNSORTED) this.sortList(u, this.inHead, this.inTail, this.nextIn, this.prevIn);
    this.unsorted[u] = 0;
  }
  private sortList(u: number, head: Int32Array, tail: Int32Array, next: Int32Array, prev: Int32Array): void {
    const slots: number[] = [];
    for (let e = head[u]!; e !== NONE; e = next[e]!) slots.push(e);
    const ids = new Map(slots.map((e) => [e, this.edgeIdAt(e)]));
    slots.sort((a, b) => {
      const x = ids.get(a)!;
      const y = ids.get(b)!;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    head[u] = tail[u] = NONE;
    for (const e of slots) append(e, u, head, tail, next, prev);
  }
  incidentValues(id: string, direction: Direction): E[] {
    const out: E[] = [];
    this.forEachIncident(id, direction, (v) => out.push(v));
    return out;
  }
  incidentIds(id: string, direction: Direction): string[] {
    const out: string[] = [];
    this.forEachIncident(id, direction, (_, k) => out.push(k));
    return out;
  }

  // ---------------------------------------------------------------- iteration (insertion order)

  forEachNode(fn: (value: N, id: string) => void): void {
    for (const [id, s] of this.nodeSlots) fn(this.nodeValues[s]!, id);
  }
  forEachEdge(fn: (value: E, id: string) => void): void {
    for (let s = this.allHead[0]!; s !== NONE; ) {
      const next = this.nextAll[s]!;
      fn(this.edgeValues[s]!, this.edgeIdAt(s));
      s = next;
    }
  }
  nodeList(): N[] {
    const out = new Array<N>(this.nodeSlots.size);
    let i = 0;
    for (const s of this.nodeSlots.values()) out[i++] = this.nodeValues[s]!;
    return out;
  }
  edgeList(): E[] {
    const out = new Array<E>(this.edgeCount);
    let i = 0;
    for (let s = this.allHead[0]!; s !== NONE; s = this.nextAll[s]!) out[i++] = this.edgeValues[s]!;
    return out;
  }

  // ---------------------------------------------------------------- id order

  /**
   * Node values sorted by id (UTF-16 code unit order, as `<` compares strings). A sort is kept
   * until the next node is added, replaced or dropped (the store lists its nodes in this order
   * after every write). Do not change the array.
   */
  nodesById(): N[] {
    if (this.nodesInIdOrder) return this.nodeList();
    return (this.byIdNodes ??= valuesByKey(this.nodeSlots, this.nodeValues));
  }
  /** Edge values sorted by id (UTF-16 code unit order, as `<` compares strings); kept as nodesById's. */
  edgesById(): E[] {
    if (this.edgesInIdOrder) return this.edgeList();
    if (this.byIdEdges) return this.byIdEdges;
    const key = this.edgeKey;
    if (key === undefined) return (this.byIdEdges = valuesByKey(this.edgeSlots, this.edgeValues));
    // no table holds every id: sort the values by the id each carries
    return (this.byIdEdges = this.edgeList().sort((a, b) => {
      const x = key.idOf(a);
      const y = key.idOf(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }));
  }
  private byIdNodes: N[] | undefined;
  private byIdEdges: E[] | undefined;
  // Whether every id was added after a smaller one (a graph built from an id-ordered snapshot):
  // then the insertion order is the id order and needs no sort. Dropping keeps it.
  private nodesInIdOrder = true;
  private lastNodeId: string | undefined;
  private edgesInIdOrder = true;
  private lastAddedEdgeId: string | undefined;

  // ---------------------------------------------------------------- slots

  // A write usually looks up the ids a read just looked up (addRelation reads both endpoints,
  // then adds the edge between them): the last two node hits and the last edge lookup are
  // remembered, which saves a hash of the id and a probe of a large Map each time.
  private readonly recentIds: (string | undefined)[] = [undefined, undefined];
  private readonly recentSlots = [NONE, NONE];
  private lastEdgeId: string | undefined;
  private lastEdgeSlot = NONE;

  private nodeSlot(id: string): number {
    if (id === this.recentIds[0]) return this.recentSlots[0]!;
    if (id === this.recentIds[1]) return this.recentSlots[1]!;
    const s = this.nodeSlots.get(id);
    if (s === undefined) return NONE;
    this.recentIds[1] = this.recentIds[0];
    this.recentSlots[1] = this.recentSlots[0]!;
    this.recentIds[0] = id;
    this.recentSlots[0] = s;
    return s;
  }
  private requireNodeSlot(id: string, op: string): number {
    const s = this.nodeSlot(id);
    if (s === NONE) throw new Error(`Multigraph.${op}: no node "${id}"`);
    return s;
  }
  private edgeSlot(id: string): number {
    if (id !== this.lastEdgeId) {
      let s = this.edgeSlots.get(id) ?? NONE;
      if (s === NONE && this.edgeCount > this.edgeSlots.size) s = this.derivedSlot(id);
      this.lastEdgeSlot = s;
      this.lastEdgeId = id;
    }
    return this.lastEdgeSlot;
  }
  /** The id of the edge in slot s. */
  private edgeIdAt(s: number): string {
    if (this.explicitIds.size > 0) {
      const id = this.explicitIds.get(s);
      if (id !== undefined) return id;
    }
    return this.edgeKey!.idOf(this.edgeValues[s]!);
  }
  /** Whether the edge in slot s (endpoints set) needs no id table: its id is derived. */
  private derives(id: string, s: number, value: E): boolean {
    const key = this.edgeKey;
    return key !== undefined && isRelationId(id, this.nodeIds[this.source[s]!]!, key.relationOf(value), this.nodeIds[this.target[s]!]!);
  }
  /**
   * The slot of the node whose id is text[start, end) (NONE when none). The two nodes looked up
   * last are compared in place (a write looks up an edge's ends just before the edge), the
   * others cost a substring and its hash.
   */
  private nodeSlotIn(text: string, start: number, end: number): number {
    for (let k = 0; k < 2; k++) {
      const r = this.recentIds[k];
      if (r !== undefined && r.length === end - start && text.startsWith(r, start)) return this.recentSlots[k]!;
    }
    return this.nodeSlots.get(text.slice(start, end)) ?? NONE;
  }
  /**
   * The slot of the edge with derived id `id` (NONE when none): each split of the id into
   * source ' -[' relation ']-> ' target whose ends are nodes, then the shorter incident list.
   */
  private derivedSlot(id: string): number {
    const key = this.edgeKey!;
    for (let i = id.indexOf(' -['); i >= 0; i = id.indexOf(' -[', i + 1)) {
      const u = this.nodeSlotIn(id, 0, i);
      if (u === NONE) continue;
      for (let j = id.indexOf(']-> ', i + 3); j >= 0; j = id.indexOf(']-> ', j + 1)) {
        const v = this.nodeSlotIn(id, j + 4, id.length);
        if (v === NONE) continue;
        const relation = id.slice(i + 3, j);
        const explicit = this.explicitIds.size > 0;
        if (this.outDegree[u]! <= this.inDegree[v]!) {
          for (let e = this.outHead[u]!; e !== NONE; e = this.nextOut[e]!) {
            if (this.target[e] === v && key.relationOf(this.edgeValues[e]!) === relation && !(explicit && this.explicitIds.has(e))) return e;
          }
        } else {
          for (let e = this.inHead[v]!; e !== NONE; e = this.nextIn[e]!) {
            if (this.source[e] === u && key.relationOf(this.edgeValues[e]!) === relation && !(explicit && this.explicitIds.has(e))) return e;
          }
        }
      }
    }
    return NONE;
  }
  private requireEdgeSlot(id: string, op: string): number {
    const s = this.edgeSlot(id);
    if (s === NONE) throw new Error(`Multigraph.${op}: no edge "${id}"`);
    return s;
  }
}

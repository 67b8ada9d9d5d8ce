// The graphology-backed GraphStore: entities and typed relations with provenance (π and its
// inverse), a name/alias index, typed schemas, merge/split with exact undo, chunk removal.
//
// Stored nodes and edges are frozen plain objects: readers get them without copying, and every
// update replaces the object, so the indexes below can be kept exact by diffing old and new.
import { RagError, TripleSchema, invalidInput } from '@rag/core';
import type { GraphEdgeRef, GraphNodeRef, Metadata, Provenance, Subgraph, Triple } from '@rag/core';
import { MultiDirectedGraph } from 'graphology';
import type { z } from 'zod';
import { entityId, normalizeName, normalizeRelation, relationId } from './entity-id.js';
import {
  EntityInputSchema,
  GRAPH_FORMAT_VERSION,
  GraphSchemaSchema,
  GraphSnapshotSchema,
  RelationInputSchema,
  type MergeLogEntry,
} from './schemas.js';
import type {
  ChunkFacts,
  EntityInput,
  EntityNode,
  GraphSchema,
  GraphSnapshot,
  GraphStore,
  MergeRecord,
  RelationEdge,
  RelationInput,
} from './types.js';

export interface GraphStoreOptions {
  /** Start from a snapshot (e.g. `loadGraph`'s result or another store's `toJSON()`); validated. */
  snapshot?: unknown;
  /** Schema to enforce from the start (ignored when the snapshot carries one). */
  schema?: GraphSchema;
  /** Type given to entities added without one. Default "Entity". */
  defaultType?: string;
  /** Clock for merge-log timestamps (inject for deterministic tests). */
  now?: () => Date;
}

type Direction = 'out' | 'in' | 'both';

const DEFAULT_TYPE = 'Entity';

export function createGraphStore(options: GraphStoreOptions = {}): GraphStore & GraphStoreExtras {
  const defaultType = options.defaultType ?? DEFAULT_TYPE;
  const now = options.now ?? (() => new Date());
  const graph = new MultiDirectedGraph<EntityNode, RelationEdge>({ allowSelfLoops: true });
  /** π⁻¹ for nodes and edges: chunk id → ids of the facts it supports. */
  const chunkNodes = new Map<string, Set<string>>();
  const chunkEdges = new Map<string, Set<string>>();
  /** normalised name or alias → node ids. */
  const nameIndex = new Map<string, Set<string>>();
  const relationCounts = new Map<string, number>();
  let log: MergeLogEntry[] = [];
  let schema: GraphSchema | undefined;
  let version = 0;
  let mergeCounter = 0;

  // ---------------------------------------------------------------- index maintenance

  function addTo(index: Map<string, Set<string>>, key: string, id: string): void {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(id);
  }
  function removeFrom(index: Map<string, Set<string>>, key: string, id: string): void {
    const set = index.get(key);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) index.delete(key);
  }
  function chunkSet(provenance: readonly Provenance[] | undefined): Set<string> {
    return new Set((provenance ?? []).map((p) => p.chunkId));
  }
  function nameKeys(node: EntityNode | undefined): Set<string> {
    if (!node) return new Set();
    const keys = new Set<string>();
    for (const n of [node.name, ...node.aliases]) {
      const k = normalizeName(n);
      if (k) keys.add(k);
    }
    return keys;
  }
  function diffIndex(index: Map<string, Set<string>>, id: string, before: Set<string>, after: Set<string>): void {
    for (const k of before) if (!after.has(k)) removeFrom(index, k, id);
    for (const k of after) if (!before.has(k)) addTo(index, k, id);
  }

  /** The only way a node enters or changes: keeps π⁻¹ and the name index exact. */
  function putNode(node: EntityNode): void {
    const frozen = freezeNode(node);
    const old = graph.hasNode(node.id) ? graph.getNodeAttributes(node.id) : undefined;
    if (old) {
      diffIndex(chunkNodes, node.id, chunkSet(old.provenance), chunkSet(frozen.provenance));
      diffIndex(nameIndex, node.id, nameKeys(old), nameKeys(frozen));
      graph.replaceNodeAttributes(node.id, frozen);
    } else {
      for (const p of frozen.provenance) addTo(chunkNodes, p.chunkId, node.id);
      for (const k of nameKeys(frozen)) addTo(nameIndex, k, node.id);
      graph.addNode(node.id, frozen);
    }
  }
  function dropNode(id: string): void {
    const old = graph.getNodeAttributes(id);
    for (const e of graph.edges(id)) dropEdge(e);
    diffIndex(chunkNodes, id, chunkSet(old.provenance), new Set());
    diffIndex(nameIndex, id, nameKeys(old), new Set());
    graph.dropNode(id);
  }
  function putEdge(edge: RelationEdge): void {
    const frozen = freezeEdge(edge);
    const old = graph.hasEdge(edge.id) ? graph.getEdgeAttributes(edge.id) : undefined;
    if (old) {
      diffIndex(chunkEdges, edge.id, chunkSet(old.provenance), chunkSet(frozen.provenance));
      graph.replaceEdgeAttributes(edge.id, frozen);
    } else {
      for (const p of frozen.provenance) addTo(chunkEdges, p.chunkId, edge.id);
      graph.addDirectedEdgeWithKey(edge.id, edge.source, edge.target, frozen);
      relationCounts.set(edge.relation, (relationCounts.get(edge.relation) ?? 0) + 1);
    }
  }
  function dropEdge(id: string): void {
    const old = graph.getEdgeAttributes(id);
    diffIndex(chunkEdges, id, chunkSet(old.provenance), new Set());
    const c = (relationCounts.get(old.relation) ?? 1) - 1;
    if (c <= 0) relationCounts.delete(old.relation);
    else relationCounts.set(old.relation, c);
    graph.dropEdge(id);
  }

  // ---------------------------------------------------------------- schema

  function typeAllowed(spec: string | string[], type: string): boolean {
    return Array.isArray(spec) ? spec.includes(type) : spec === type;
  }
  function checkNodeType(type: string, what: string): void {
    if (schema && !schema.nodeTypes.includes(type)) {
      throw new RagError('RAG_SCHEMA_VIOLATION', `${what}: node type "${type}" is not in the schema`, {
        details: { input: what, type, allowed: schema.nodeTypes },
      });
    }
  }
  function checkRelation(relation: string, headType: string, tailType: string, what: string): void {
    if (!schema) return;
    const rules = schema.relations.filter((r) => r.relation === relation);
    if (rules.length === 0) {
      throw new RagError('RAG_SCHEMA_VIOLATION', `${what}: relation "${relation}" is not in the schema`, {
        details: { input: what, relation },
      });
    }
    if (!rules.some((r) => typeAllowed(r.head, headType) && typeAllowed(r.tail, tailType))) {
      throw new RagError(
        'RAG_SCHEMA_VIOLATION',
        `${what}: "${relation}" may not join ${headType} → ${tailType} under the schema`,
        { details: { input: what, relation, headType, tailType } },
      );
    }
  }
  function checkEdgeAgainst(edge: RelationEdge, typeOf: (id: string) => string, what: string): void {
    checkRelation(edge.relation, typeOf(edge.source), typeOf(edge.target), what);
  }

  // ---------------------------------------------------------------- helpers

  function parse<T>(zschema: z.ZodType<T>, value: unknown, input: string): T {
    const r = zschema.safeParse(value);
    if (!r.success) {
      const issue = r.error.issues[0];
      const path = issue && issue.path.length > 0 ? `.${issue.path.join('.')}` : '';
      throw invalidInput(`${input}${path}`, issue?.message ?? 'invalid', { issues: r.error.issues.length });
    }
    return r.data;
  }
  function requireNode(id: string, input = 'nodeId'): EntityNode {
    if (!graph.hasNode(id)) {
      throw new RagError('RAG_NOT_FOUND', `${input}: no node "${id}"`, { details: { input, id } });
    }
    return graph.getNodeAttributes(id);
  }
  function requireEdge(id: string, input = 'edgeId'): RelationEdge {
    if (!graph.hasEdge(id)) {
      throw new RagError('RAG_NOT_FOUND', `${input}: no edge "${id}"`, { details: { input, id } });
    }
    return graph.getEdgeAttributes(id);
  }
  function bump(): void {
    version++;
  }
  function incident(nodeId: string, direction: Direction, relations?: string[]): RelationEdge[] {
    const keys =
      direction === 'out' ? graph.outEdges(nodeId) : direction === 'in' ? graph.inEdges(nodeId) : graph.edges(nodeId);
    const rel = relations && relations.length > 0 ? new Set(relations.map(normalizeRelation)) : undefined;
    const out: RelationEdge[] = [];
    for (const k of keys) {
      const e = graph.getEdgeAttributes(k);
      if (!rel || rel.has(e.relation)) out.push(e);
    }
    return out;
  }

  /** Moves/combines edges onto new endpoints; collisions upsert like addRelation does. */
  function combineEdges(a: RelationEdge, b: RelationEdge): RelationEdge {
    const attributes = a.attributes || b.attributes ? { ...(b.attributes ?? {}), ...(a.attributes ?? {}) } : undefined;
    return {
      id: a.id,
      source: a.source,
      target: a.target,
      relation: a.relation,
      provenance: unionProvenance(a.provenance, b.provenance),
      confidence: Math.max(a.confidence, b.confidence),
      ...(attributes ? { attributes } : {}),
    };
  }
  function rekey(edge: RelationEdge, from: string, to: string): RelationEdge {
    const source = edge.source === from ? to : edge.source;
    const target = edge.target === from ? to : edge.target;
    return { ...edge, id: relationId(source, edge.relation, target), source, target };
  }

  // ---------------------------------------------------------------- mutations

  function addEntity(raw: EntityInput): EntityNode {
    const input = parse(EntityInputSchema, raw, 'entity');
    const type = input.type?.trim() ?? defaultType;
    const id = input.id ?? entityId(type, input.name);
    const existing = graph.hasNode(id) ? graph.getNodeAttributes(id) : undefined;
    if (existing && input.type !== undefined && existing.type !== type) {
      throw new RagError('RAG_CONFLICT', `entity.type: node "${id}" already has type ${existing.type}, not ${type}`, {
        details: { input: 'entity.type', id, existing: existing.type, given: type },
      });
    }
    const nodeType = existing?.type ?? type;
    checkNodeType(nodeType, 'entity.type');
    const next: EntityNode = existing
      ? {
          ...existing,
          aliases: mergeAliases(existing.name, existing.aliases, [input.name, ...(input.aliases ?? [])]),
          description: existing.description ?? input.description,
          attributes: { ...existing.attributes, ...(input.attributes ?? {}) },
          provenance: unionProvenance(existing.provenance, input.provenance ?? []),
        }
      : {
          id,
          name: input.name.trim(),
          type: nodeType,
          aliases: mergeAliases(input.name, [], input.aliases ?? []),
          description: input.description,
          attributes: { ...(input.attributes ?? {}) },
          provenance: unionProvenance([], input.provenance ?? []),
        };
    if (next.description === undefined) delete next.description;
    putNode(next);
    bump();
    return graph.getNodeAttributes(id);
  }

  function addRelation(raw: RelationInput): RelationEdge {
    const input = parse(RelationInputSchema, raw, 'relation');
    const relation = normalizeRelation(input.relation);
    if (relation === '') throw invalidInput('relation.relation', `"${input.relation}" has no letters or digits`);
    const source = requireNode(input.source, 'relation.source');
    const target = requireNode(input.target, 'relation.target');
    checkRelation(relation, source.type, target.type, 'relation');
    const id = relationId(source.id, relation, target.id);
    const fresh: RelationEdge = {
      id,
      source: source.id,
      target: target.id,
      relation,
      provenance: unionProvenance([], input.provenance ?? []),
      confidence: input.confidence ?? 1,
      ...(input.attributes ? { attributes: { ...input.attributes } } : {}),
    };
    // upsert: the newest attributes win, provenance is unioned, confidence max'ed
    const next = graph.hasEdge(id) ? combineEdges(fresh, graph.getEdgeAttributes(id)) : fresh;
    putEdge(next);
    bump();
    return graph.getEdgeAttributes(id);
  }

  function addTriple(raw: Triple): { head: EntityNode; tail: EntityNode; edge: RelationEdge } {
    const t = parse(TripleSchema, raw, 'triple');
    const headType = t.headType?.trim() || defaultType;
    const tailType = t.tailType?.trim() || defaultType;
    const headId = entityId(headType, t.head);
    const tailId = entityId(tailType, t.tail);
    const relation = normalizeRelation(t.relation);
    if (relation === '') throw invalidInput('triple.relation', `"${t.relation}" has no letters or digits`);
    // check everything before the first write so a rejected triple leaves the store unchanged
    const effHead = graph.hasNode(headId) ? graph.getNodeAttributes(headId).type : headType;
    const effTail = graph.hasNode(tailId) ? graph.getNodeAttributes(tailId).type : tailType;
    checkNodeType(effHead, 'triple.headType');
    checkNodeType(effTail, 'triple.tailType');
    checkRelation(relation, effHead, effTail, 'triple');
    const head = addEntity({ name: t.head, type: headType, provenance: t.provenance });
    const tail = addEntity({ name: t.tail, type: tailType, provenance: t.provenance });
    const edge = addRelation({
      source: head.id,
      target: tail.id,
      relation,
      provenance: t.provenance,
      confidence: t.confidence,
      attributes: t.attributes,
    });
    return { head: graph.getNodeAttributes(head.id), tail: graph.getNodeAttributes(tail.id), edge };
  }

  function removeEdge(id: string): RelationEdge {
    const e = requireEdge(id);
    dropEdge(id);
    bump();
    return e;
  }

  function removeNode(id: string): { removedEdges: string[] } {
    requireNode(id);
    const removedEdges = graph.edges(id).sort();
    dropNode(id);
    bump();
    return { removedEdges };
  }

  function removeChunks(chunkIds: string[]): { removedNodes: string[]; removedEdges: string[] } {
    if (!Array.isArray(chunkIds) || chunkIds.some((c) => typeof c !== 'string')) {
      throw invalidInput('chunkIds', 'must be an array of strings');
    }
    const gone = new Set(chunkIds);
    const removedEdges: string[] = [];
    const removedNodes: string[] = [];
    const touchedEdges = new Set<string>();
    const touchedNodes = new Set<string>();
    for (const c of gone) {
      for (const e of chunkEdges.get(c) ?? []) touchedEdges.add(e);
      for (const n of chunkNodes.get(c) ?? []) touchedNodes.add(n);
    }
    for (const id of touchedEdges) {
      const e = graph.getEdgeAttributes(id);
      const provenance = e.provenance.filter((p) => !gone.has(p.chunkId));
      if (provenance.length === 0) {
        dropEdge(id);
        removedEdges.push(id);
        // endpoints that only this edge was keeping alive go with it
        touchedNodes.add(e.source);
        touchedNodes.add(e.target);
      } else putEdge({ ...e, provenance });
    }
    for (const id of touchedNodes) {
      if (!graph.hasNode(id)) continue;
      const n = graph.getNodeAttributes(id);
      const provenance = n.provenance.filter((p) => !gone.has(p.chunkId));
      // a node stays while another chunk still states one of its relations
      if (provenance.length === 0 && graph.degree(id) === 0) {
        dropNode(id);
        removedNodes.push(id);
      } else putNode({ ...n, provenance });
    }
    if (touchedEdges.size + touchedNodes.size > 0) bump();
    return { removedNodes: removedNodes.sort(), removedEdges: removedEdges.sort() };
  }

  function setSchema(next: GraphSchema | undefined): void {
    if (next === undefined) {
      schema = undefined;
      bump();
      return;
    }
    const parsed = parse(GraphSchemaSchema, next, 'schema');
    const normalised: GraphSchema = {
      nodeTypes: [...parsed.nodeTypes],
      relations: parsed.relations.map((r) => ({ relation: normalizeRelation(r.relation), head: r.head, tail: r.tail })),
    };
    const previous = schema;
    schema = normalised;
    try {
      // the existing graph must already satisfy the schema; otherwise keep the old one
      graph.forEachNode((id, n) => checkNodeType(n.type, `node ${id}`));
      graph.forEachEdge((id, e) => checkEdgeAgainst(e, (n) => graph.getNodeAttributes(n).type, `edge ${id}`));
    } catch (err) {
      schema = previous;
      throw err;
    }
    bump();
  }

  // ---------------------------------------------------------------- merge / split

  function snapshotIncident(ids: string[]): RelationEdge[] {
    const seen = new Map<string, RelationEdge>();
    for (const id of ids) for (const k of graph.edges(id)) seen.set(k, graph.getEdgeAttributes(k));
    return [...seen.values()].sort(byId);
  }

  function merge(keepId: string, mergeId: string, opts: { reason?: string } = {}): MergeRecord {
    if (keepId === mergeId) throw invalidInput('mergeId', 'must differ from keepId');
    const keep = requireNode(keepId, 'keepId');
    const merged = requireNode(mergeId, 'mergeId');
    const beforeEdges = snapshotIncident([keepId, mergeId]);
    const result = new Map<string, RelationEdge>();
    for (const e of beforeEdges) {
      const moved = rekey(e, mergeId, keepId);
      const prev = result.get(moved.id);
      result.set(moved.id, prev ? combineEdges(prev, moved) : moved);
    }
    const nextKeep: EntityNode = {
      ...keep,
      aliases: mergeAliases(keep.name, keep.aliases, [merged.name, ...merged.aliases]),
      attributes: { ...merged.attributes, ...keep.attributes },
      provenance: unionProvenance(keep.provenance, merged.provenance),
    };
    const desc = keep.description ?? merged.description;
    if (desc !== undefined) nextKeep.description = desc;
    const typeOf = (id: string): string => (id === keepId ? keep.type : graph.getNodeAttributes(id).type);
    for (const e of result.values()) checkEdgeAgainst(e, typeOf, 'merge');

    for (const e of beforeEdges) dropEdge(e.id);
    dropNode(mergeId);
    putNode(nextKeep);
    for (const e of result.values()) putEdge(e);
    bump();
    const entry: MergeLogEntry = {
      id: `merge-${++mergeCounter}`,
      keptId: keepId,
      mergedId: mergeId,
      ...(opts.reason !== undefined ? { reason: opts.reason } : {}),
      at: now().toISOString(),
      before: { keep, merged, edges: beforeEdges },
      after: { keep: graph.getNodeAttributes(keepId), edges: snapshotIncident([keepId]) },
    };
    log.push(entry);
    return publicRecord(entry);
  }

  function undoMerge(recordId?: string): MergeRecord {
    const entry =
      recordId === undefined ? [...log].reverse().find((r) => !r.undone) : log.find((r) => r.id === recordId);
    if (!entry) {
      throw new RagError('RAG_NOT_FOUND', recordId ? `recordId: no merge "${recordId}"` : 'no merge to undo', {
        details: { input: 'recordId', recordId },
      });
    }
    if (entry.undone) throw new RagError('RAG_CONFLICT', `recordId: merge "${entry.id}" is already undone`, { details: { input: 'recordId', recordId: entry.id } });
    // exact undo is only possible while the merged entity is as the merge left it
    const current = graph.hasNode(entry.keptId) ? graph.getNodeAttributes(entry.keptId) : undefined;
    const unchanged =
      current !== undefined &&
      !graph.hasNode(entry.mergedId) &&
      deepEqual(current, entry.after.keep) &&
      deepEqual(snapshotIncident([entry.keptId]), entry.after.edges);
    if (!unchanged) {
      throw new RagError(
        'RAG_CONFLICT',
        `recordId: "${entry.keptId}" changed after merge "${entry.id}"; undoing it would lose later edits`,
        { details: { input: 'recordId', recordId: entry.id, keptId: entry.keptId } },
      );
    }
    for (const e of entry.after.edges) dropEdge(e.id);
    putNode(entry.before.keep);
    putNode(entry.before.merged);
    for (const e of entry.before.edges) putEdge(e);
    entry.undone = true;
    bump();
    return publicRecord(entry);
  }

  function split(
    nodeId: string,
    input: { name: string; type?: string; aliases?: string[]; chunkIds?: string[]; edgeIds?: string[] },
  ): EntityNode {
    const node = requireNode(nodeId);
    if (typeof input?.name !== 'string' || input.name.trim() === '') throw invalidInput('split.name', 'must be a non-empty string');
    const type = input.type?.trim() || node.type;
    const newId = entityId(type, input.name);
    if (graph.hasNode(newId)) {
      throw new RagError('RAG_CONFLICT', `split.name: node "${newId}" already exists; use merge instead`, {
        details: { input: 'split.name', id: newId },
      });
    }
    checkNodeType(type, 'split.type');
    const chunks = new Set(input.chunkIds ?? []);
    const edgeIds = [...new Set(input.edgeIds ?? [])];
    for (const e of edgeIds) {
      const edge = requireEdge(e, 'split.edgeIds');
      if (edge.source !== nodeId && edge.target !== nodeId) {
        throw invalidInput('split.edgeIds', `edge "${e}" is not incident to "${nodeId}"`);
      }
    }
    const movedAliases = new Set([input.name, ...(input.aliases ?? [])].map(normalizeName));
    const newNode: EntityNode = {
      id: newId,
      name: input.name.trim(),
      type,
      aliases: mergeAliases(input.name, [], input.aliases ?? []),
      attributes: {},
      provenance: node.provenance.filter((p) => chunks.has(p.chunkId)),
    };
    const oldNode: EntityNode = {
      ...node,
      aliases: node.aliases.filter((a) => !movedAliases.has(normalizeName(a))),
      provenance: node.provenance.filter((p) => !chunks.has(p.chunkId)),
    };
    const typeOf = (id: string): string => (id === newId ? type : graph.getNodeAttributes(id).type);
    const moved = new Map<string, RelationEdge>();
    for (const e of edgeIds) {
      const m = rekey(graph.getEdgeAttributes(e), nodeId, newId);
      checkEdgeAgainst(m, typeOf, 'split');
      const prev = moved.get(m.id);
      moved.set(m.id, prev ? combineEdges(prev, m) : m);
    }
    putNode(oldNode);
    putNode(newNode);
    for (const e of edgeIds) dropEdge(e);
    for (const e of moved.values()) putEdge(graph.hasEdge(e.id) ? combineEdges(graph.getEdgeAttributes(e.id), e) : e);
    bump();
    return graph.getNodeAttributes(newId);
  }

  // ---------------------------------------------------------------- reads

  function chunksOfNode(nodeId: string, opts: { viaEdges?: boolean } = {}): string[] {
    const node = requireNode(nodeId);
    const out = new Set(node.provenance.map((p) => p.chunkId));
    if (opts.viaEdges) for (const k of graph.edges(nodeId)) for (const p of graph.getEdgeAttributes(k).provenance) out.add(p.chunkId);
    return [...out];
  }

  function toRef(nodeId: string): GraphNodeRef {
    const n = requireNode(nodeId);
    return {
      id: n.id,
      name: n.name,
      type: n.type,
      aliases: [...n.aliases],
      ...(n.description !== undefined ? { description: n.description } : {}),
    };
  }
  function edgeRef(edgeId: string): GraphEdgeRef {
    const e = requireEdge(edgeId);
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      relation: e.relation,
      confidence: e.confidence,
      provenance: e.provenance.map((p) => ({ ...p })),
    };
  }

  function subgraph(nodeIds: string[], edgeIds?: string[]): Subgraph {
    const nodes = new Set<string>();
    for (const id of nodeIds) {
      requireNode(id, 'nodeIds');
      nodes.add(id);
    }
    let edges: string[];
    if (edgeIds) {
      edges = [...new Set(edgeIds)];
      for (const e of edges) {
        const edge = requireEdge(e, 'edgeIds');
        nodes.add(edge.source);
        nodes.add(edge.target);
      }
    } else {
      const set = new Set<string>();
      for (const id of nodes) {
        for (const k of graph.outEdges(id)) if (nodes.has(graph.target(k))) set.add(k);
      }
      edges = [...set];
    }
    return { nodes: [...nodes].map(toRef), edges: edges.map(edgeRef) };
  }

  function toJSON(): GraphSnapshot {
    const nodes: EntityNode[] = [];
    graph.forEachNode((_, n) => nodes.push(n));
    const edges: RelationEdge[] = [];
    graph.forEachEdge((_, e) => edges.push(e));
    return {
      formatVersion: GRAPH_FORMAT_VERSION,
      nodes: nodes.sort(byId),
      edges: edges.sort(byId),
      ...(schema ? { schema } : {}),
      mergeLog: log.map((r) => ({ ...r })),
    };
  }

  // ---------------------------------------------------------------- initial state

  if (options.snapshot !== undefined) {
    const snap = parse(GraphSnapshotSchema, options.snapshot, 'snapshot');
    if (snap.formatVersion !== GRAPH_FORMAT_VERSION) {
      throw new RagError('RAG_STORE_VERSION', `snapshot.formatVersion: ${snap.formatVersion} is not supported (expected ${GRAPH_FORMAT_VERSION})`, {
        details: { input: 'snapshot.formatVersion', found: snap.formatVersion, expected: GRAPH_FORMAT_VERSION },
      });
    }
    for (const n of snap.nodes) {
      if (graph.hasNode(n.id)) throw invalidInput('snapshot.nodes', `duplicate node id "${n.id}"`);
      putNode(n);
    }
    for (const e of snap.edges) {
      if (!graph.hasNode(e.source) || !graph.hasNode(e.target)) {
        throw invalidInput('snapshot.edges', `edge "${e.id}" points at a missing node`);
      }
      if (graph.hasEdge(e.id)) throw invalidInput('snapshot.edges', `duplicate edge id "${e.id}"`);
      putEdge(e);
    }
    log = snap.mergeLog;
    mergeCounter = log.reduce((m, r) => Math.max(m, Number(/^merge-(\d+)$/.exec(r.id)?.[1] ?? 0)), 0);
    if (snap.schema) setSchema(snap.schema);
    else if (options.schema) setSchema(options.schema);
  } else if (options.schema) setSchema(options.schema);
  version = 0;

  const store: GraphStore & GraphStoreExtras = {
    get version() {
      return version;
    },
    get nodeCount() {
      return graph.order;
    },
    get edgeCount() {
      return graph.size;
    },
    get schema() {
      return schema;
    },
    addEntity,
    addRelation,
    addTriple,
    getNode: (id) => (graph.hasNode(id) ? graph.getNodeAttributes(id) : undefined),
    getEdge: (id) => (graph.hasEdge(id) ? graph.getEdgeAttributes(id) : undefined),
    hasNode: (id) => graph.hasNode(id),
    findByName(name) {
      const ids = nameIndex.get(normalizeName(name));
      return ids ? [...ids].sort().map((id) => graph.getNodeAttributes(id)) : [];
    },
    // a callback pass into an array is several times faster than graphology's entry iterators
    nodes: () => graph.mapNodes((_, n) => n).values(),
    edges: () => graph.mapEdges((_, e) => e).values(),
    edgesOf(nodeId, opts = {}) {
      requireNode(nodeId);
      return incident(nodeId, opts.direction ?? 'both', opts.relations);
    },
    neighbors(nodeId, opts = {}) {
      requireNode(nodeId);
      const out = new Set<string>();
      for (const e of incident(nodeId, opts.direction ?? 'both', opts.relations)) {
        out.add(e.source === nodeId ? e.target : e.source);
      }
      return [...out];
    },
    chunksOfNode,
    factsOfChunk(chunkId): ChunkFacts {
      return { nodes: [...(chunkNodes.get(chunkId) ?? [])].sort(), edges: [...(chunkEdges.get(chunkId) ?? [])].sort() };
    },
    removeChunks,
    setSchema,
    merge,
    undoMerge,
    split,
    mergeLog: () => log.map(publicRecord),
    toRef,
    edgeRef,
    subgraph,
    toJSON,
    removeNode,
    removeEdge,
    relationTypes: () => [...relationCounts.keys()].sort(),
    chunkIds: () => [...new Set([...chunkNodes.keys(), ...chunkEdges.keys()])].sort(),
  };
  return store;
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
}

// ------------------------------------------------------------------ pure helpers

function byId<T extends { id: string }>(a: T, b: T): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function provenanceKey(p: Provenance): string {
  return `${p.chunkId}\u0000${p.start}\u0000${p.end}`;
}

function unionProvenance(a: readonly Provenance[], b: readonly Provenance[]): Provenance[] {
  if (a.length + b.length <= 1) return [...a, ...b].map((p) => ({ chunkId: p.chunkId, start: p.start, end: p.end }));
  const seen = new Set<string>();
  const out: Provenance[] = [];
  for (const p of [...a, ...b]) {
    const k = provenanceKey(p);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ chunkId: p.chunkId, start: p.start, end: p.end });
  }
  return out;
}

/** Aliases deduplicated by normalised form, never repeating the canonical name. */
function mergeAliases(name: string, existing: readonly string[], added: readonly string[]): string[] {
  const seen = new Set([normalizeName(name)]);
  const out: string[] = [];
  for (const a of [...existing, ...added]) {
    const t = a.trim();
    const k = normalizeName(t);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out;
}

function freezeNode(n: EntityNode): EntityNode {
  if (Object.isFrozen(n)) return n;
  const out: EntityNode = {
    id: n.id,
    name: n.name,
    type: n.type,
    aliases: Object.freeze([...n.aliases]) as string[],
    ...(n.description !== undefined ? { description: n.description } : {}),
    attributes: Object.freeze({ ...n.attributes }) as Metadata,
    provenance: Object.freeze(n.provenance.map((p) => Object.freeze({ chunkId: p.chunkId, start: p.start, end: p.end }))) as Provenance[],
  };
  return Object.freeze(out);
}

function freezeEdge(e: RelationEdge): RelationEdge {
  if (Object.isFrozen(e)) return e;
  const out: RelationEdge = {
    id: e.id,
    source: e.source,
    target: e.target,
    relation: e.relation,
    provenance: Object.freeze(e.provenance.map((p) => Object.freeze({ chunkId: p.chunkId, start: p.start, end: p.end }))) as Provenance[],
    confidence: e.confidence,
    ...(e.attributes ? { attributes: Object.freeze({ ...e.attributes }) as Metadata } : {}),
  };
  return Object.freeze(out);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function publicRecord(e: MergeLogEntry): MergeRecord {
  return {
    id: e.id,
    keptId: e.keptId,
    mergedId: e.mergedId,
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    at: e.at,
    ...(e.undone ? { undone: true } : {}),
  };
}

// The store core: the graph (our own compact multigraph, multigraph.ts), the secondary indexes,
// the schema and the version — the state every operation module (upsert-ops, merge-ops,
// chunk-removal, edit-ops, store-reads) works on.
//
// Stored nodes and edges are frozen plain objects: readers get them without copying, and every
// update replaces the object. All writes go through putNode / dropNode / putEdge / dropEdge, so
// the indexes are kept exact by diffing old against new.
import { RagError } from '@rag/core';
import type { Provenance } from '@rag/core';
import { normalizeName, normalizeRelation } from './entity-id.js';
import { GraphSchemaSchema } from './schemas.js';
import { IdIndex } from './id-index.js';
import { Multigraph, type Direction, type EdgeKey } from './multigraph.js';
import { createSpanPool, type SpanPool } from './span-pool.js';
import { freezeEdge, freezeNode, freezeOwnedEdge, freezeOwnedNode, parse } from './store-helpers.js';
import type { EntityNode, GraphSchema, RelationEdge } from './types.js';

export type { Direction };

export interface StoreCore {
  readonly graph: Multigraph<EntityNode, RelationEdge>;
  /** π⁻¹ for nodes and edges: chunk id → ids of the facts it supports. */
  readonly chunkNodes: IdIndex;
  readonly chunkEdges: IdIndex;
  /**
   * normalised name or alias → node ids: built from the nodes on first read, then kept exact by
   * every write (a build that never looks a name up — the indexer's — neither holds nor updates it).
   */
  readonly nameIndex: IdIndex;
  /** The shared frozen provenance spans and one-span lists every stored record holds. */
  readonly spans: SpanPool;
  /** relation label → number of edges. */
  readonly relationCounts: Map<string, number>;
  /** Type given to entities added without one. */
  readonly defaultType: string;
  /** Clock for log timestamps. */
  readonly now: () => Date;
  readonly schema: GraphSchema | undefined;
  /** Bumps on every mutation; algorithms use it to rebuild cached adjacency lazily. */
  version: number;
  /**
   * Ids of the nodes / edges put or dropped since the change tracker last cleared them;
   * recorded only once `tracking` is on (a store never persisted does not pay for the sets).
   */
  readonly touchedNodes: Set<string>;
  readonly touchedEdges: Set<string>;
  tracking: boolean;
  /**
   * The only ways nodes and edges enter, change or leave: they keep every index exact. A put
   * returns the stored (frozen) object. `owned` says the caller built the object and everything
   * in it just now (a node with `entityNode`) and keeps no reference to them: they are frozen in
   * place instead of copied.
   */
  putNode(node: EntityNode, owned?: boolean): EntityNode;
  dropNode(id: string): void;
  putEdge(edge: RelationEdge, owned?: boolean): RelationEdge;
  dropEdge(id: string): void;
  /**
   * `putEdge(edge, true)` for an edge whose id is absent, between the nodes in slots u and v
   * (`graph.nodeSlotOf` of its source and target): the bulk path's insert, without the lookups.
   */
  putNewEdgeAt(edge: RelationEdge, u: number, v: number): RelationEdge;
  /** Count one mutation. */
  bump(): void;
  requireNode(id: string, input?: string): EntityNode;
  requireEdge(id: string, input?: string): RelationEdge;
  incident(nodeId: string, direction: Direction, relations?: string[]): RelationEdge[];
  /** Throw RAG_SCHEMA_VIOLATION unless the schema (if any) allows the type / relation. */
  checkNodeType(type: string, what: string): void;
  checkRelation(relation: string, headType: string, tailType: string, what: string): void;
  checkEdgeAgainst(edge: RelationEdge, typeOf: (id: string) => string, what: string): void;
  /** Validate and set the schema; refused (old one kept) when the graph already breaks it. */
  setSchema(schema: GraphSchema | undefined): void;
}

/** Stored edges carry their id and relation: the multigraph keeps no table of derived ids. */
const EDGE_KEY: EdgeKey<RelationEdge> = { idOf: (e) => e.id, relationOf: (e) => e.relation };

export function createStoreCore(options: { defaultType: string; now: () => Date }): StoreCore {
  const graph = new Multigraph<EntityNode, RelationEdge>(EDGE_KEY);
  const chunkNodes = new IdIndex();
  const chunkEdges = new IdIndex();
  let nameIndex: IdIndex | undefined;
  const spans = createSpanPool();
  const relationCounts = new Map<string, number>();
  let schema: GraphSchema | undefined;

  // ---------------------------------------------------------------- index maintenance

  const touchedNodes = new Set<string>();
  const touchedEdges = new Set<string>();

  function putNode(node: EntityNode, owned = false): EntityNode {
    if (core.tracking) touchedNodes.add(node.id);
    const frozen = owned ? freezeOwnedNode(node, spans.list(node.provenance)) : freezeNode(node, spans.list(node.provenance));
    const old = graph.setNode(node.id, frozen);
    if (old) {
      diffIndex(chunkNodes, node.id, chunkSet(old.provenance), chunkSet(frozen.provenance));
      if (nameIndex) diffIndex(nameIndex, node.id, nameKeys(old), nameKeys(frozen));
    } else {
      for (const p of frozen.provenance) chunkNodes.add(p.chunkId, node.id);
      if (nameIndex) for (const k of nameKeys(frozen)) nameIndex.add(k, node.id);
    }
    return frozen;
  }
  function dropNode(id: string): void {
    if (core.tracking) touchedNodes.add(id);
    const old = graph.getNode(id)!;
    for (const e of graph.incidentIds(id, 'both')) dropEdge(e);
    diffIndex(chunkNodes, id, chunkSet(old.provenance), new Set());
    if (nameIndex) diffIndex(nameIndex, id, nameKeys(old), new Set());
    graph.dropNode(id);
  }
  function putEdge(edge: RelationEdge, owned = false): RelationEdge {
    if (core.tracking) touchedEdges.add(edge.id);
    const frozen = owned ? freezeOwnedEdge(edge, spans.list(edge.provenance)) : freezeEdge(edge, spans.list(edge.provenance));
    const old = graph.setEdge(edge.id, edge.source, edge.target, frozen);
    if (old) {
      diffIndex(chunkEdges, edge.id, chunkSet(old.provenance), chunkSet(frozen.provenance));
    } else {
      for (const p of frozen.provenance) chunkEdges.add(p.chunkId, edge.id);
      relationCounts.set(edge.relation, (relationCounts.get(edge.relation) ?? 0) + 1);
    }
    return frozen;
  }
  function putNewEdgeAt(edge: RelationEdge, u: number, v: number): RelationEdge {
    if (core.tracking) touchedEdges.add(edge.id);
    const frozen = freezeOwnedEdge(edge, spans.list(edge.provenance));
    graph.addEdgeAt(edge.id, u, v, frozen);
    for (const p of frozen.provenance) chunkEdges.add(p.chunkId, edge.id);
    relationCounts.set(edge.relation, (relationCounts.get(edge.relation) ?? 0) + 1);
    return frozen;
  }
  function dropEdge(id: string): void {
    if (core.tracking) touchedEdges.add(id);
    const old = graph.getEdge(id)!;
    diffIndex(chunkEdges, id, chunkSet(old.provenance), new Set());
    const c = (relationCounts.get(old.relation) ?? 1) - 1;
    if (c <= 0) relationCounts.delete(old.relation);
    else relationCounts.set(old.relation, c);
    graph.dropEdge(id);
  }

  // ---------------------------------------------------------------- lookups

  function requireNode(id: string, input = 'nodeId'): EntityNode {
    const node = graph.getNode(id);
    if (!node) throw new RagError('RAG_NOT_FOUND', `${input}: no node "${id}"`, { details: { input, id } });
    return node;
  }
  function requireEdge(id: string, input = 'edgeId'): RelationEdge {
    const edge = graph.getEdge(id);
    if (!edge) throw new RagError('RAG_NOT_FOUND', `${input}: no edge "${id}"`, { details: { input, id } });
    return edge;
  }
  function incident(nodeId: string, direction: Direction, relations?: string[]): RelationEdge[] {
    const rel = relations && relations.length > 0 ? new Set(relations.map(normalizeRelation)) : undefined;
    if (!rel) return graph.incidentValues(nodeId, direction);
    const out: RelationEdge[] = [];
    graph.forEachIncident(nodeId, direction, (e) => {
      if (rel.has(e.relation)) out.push(e);
    });
    return out;
  }

  // ---------------------------------------------------------------- schema

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

  function setSchema(next: GraphSchema | undefined): void {
    if (next === undefined) {
      schema = undefined;
      core.bump();
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
      graph.forEachNode((n, id) => checkNodeType(n.type, `node ${id}`));
      graph.forEachEdge((e, id) => checkEdgeAgainst(e, (n) => graph.getNode(n)!.type, `edge ${id}`));
    } catch (err) {
      schema = previous;
      throw err;
    }
    core.bump();
  }

  const core: StoreCore = {
    graph,
    chunkNodes,
    chunkEdges,
    get nameIndex() {
      if (!nameIndex) {
        const built = new IdIndex();
        graph.forEachNode((n, id) => {
          for (const k of nameKeys(n)) built.add(k, id);
        });
        nameIndex = built;
      }
      return nameIndex;
    },
    spans,
    relationCounts,
    defaultType: options.defaultType,
    now: options.now,
    get schema() {
      return schema;
    },
    version: 0,
    touchedNodes,
    touchedEdges,
    tracking: false,
    putNode,
    dropNode,
    putEdge,
    putNewEdgeAt,
    dropEdge,
    bump() {
      core.version++;
    },
    requireNode,
    requireEdge,
    incident,
    checkNodeType,
    checkRelation,
    checkEdgeAgainst,
    setSchema,
  };
  return core;
}

// ------------------------------------------------------------------ index helpers

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
function diffIndex(index: IdIndex, id: string, before: Set<string>, after: Set<string>): void {
  for (const k of before) if (!after.has(k)) index.delete(k, id);
  for (const k of after) if (!before.has(k)) index.add(k, id);
}
function typeAllowed(spec: string | string[], type: string): boolean {
  return Array.isArray(spec) ? spec.includes(type) : spec === type;
}

// The typed schema a graph actually has, read from the store: its node types and its relation
// types with the node types they join (observed on the edges, plus a schema declared with
// `setSchema`), for the typed planners (typed-graph-plan.ts, typed-llm-planner.ts). Weak edges
// (co-occurrence, page mentions) are not relation types a plan can ask for. A graph whose
// node types all belong to the core extraction schema (Person, Place, Work, …) is "core-typed":
// the rule planner's question cues apply to it as they always did; any other graph (Library /
// Function / Option, a TAdaRAG domain template's types) is planned from its own names.
import { isSchemaRelation, KG_ENTITY_TYPES, KG_WEAK_RELATIONS } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';

export interface TypedRelationInfo {
  relation: string;
  /** Edges carrying it. */
  count: number;
  /** Node types seen (or declared) at its head and tail, most frequent first. */
  heads: string[];
  tails: string[];
}

export interface TypedGraphSchema {
  /** Node types, most frequent first. */
  nodeTypes: { type: string; count: number }[];
  /** Non-weak relation types, most frequent first (at most `maxRelations`). */
  relations: TypedRelationInfo[];
  /** Every node type is a type of the core extraction schema (or the untyped "Entity"). */
  coreTyped: boolean;
  /** Relation types left out because of `maxRelations`. */
  omittedRelations: number;
}

const CORE_TYPES = new Set<string>([...KG_ENTITY_TYPES, 'Entity', 'Nationality']);
const cache = new WeakMap<GraphStore, { version: number; max: number; schema: TypedGraphSchema }>();

const ranked = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
const bump = (m: Map<string, number>, k: string, n = 1) => m.set(k, (m.get(k) ?? 0) + n);

/** The graph's node and relation types (cached per graph version). */
export function readTypedGraphSchema(graph: GraphStore, options: { maxRelations?: number } = {}): TypedGraphSchema {
  const max = options.maxRelations ?? 40;
  const hit = cache.get(graph);
  if (hit && hit.version === graph.version && hit.max === max) return hit.schema;
  const types = new Map<string, number>();
  for (const n of graph.nodes()) bump(types, n.type);
  const rels = new Map<string, { count: number; heads: Map<string, number>; tails: Map<string, number> }>();
  const rel = (r: string) => {
    let e = rels.get(r);
    if (!e) rels.set(r, (e = { count: 0, heads: new Map(), tails: new Map() }));
    return e;
  };
  for (const e of graph.edges()) {
    if (KG_WEAK_RELATIONS.has(e.relation)) continue;
    const r = rel(e.relation);
    r.count++;
    bump(r.heads, graph.getNode(e.source)?.type ?? 'Entity');
    bump(r.tails, graph.getNode(e.target)?.type ?? 'Entity');
  }
  // a declared schema names types and relations the data may not have yet
  for (const t of graph.schema?.nodeTypes ?? []) if (!types.has(t)) types.set(t, 0);
  for (const d of graph.schema?.relations ?? []) {
    if (KG_WEAK_RELATIONS.has(d.relation)) continue;
    const r = rel(d.relation);
    for (const h of [d.head].flat()) bump(r.heads, h, 0);
    for (const t of [d.tail].flat()) bump(r.tails, t, 0);
  }
  const relations = [...rels.entries()]
    .map(([relation, r]) => ({ relation, count: r.count, heads: ranked(r.heads), tails: ranked(r.tails) }))
    .sort((a, b) => b.count - a.count || (a.relation < b.relation ? -1 : 1));
  const nodeTypes = ranked(types).map((type) => ({ type, count: types.get(type)! }));
  const schema: TypedGraphSchema = {
    nodeTypes,
    relations: relations.slice(0, max),
    coreTyped: nodeTypes.every((t) => CORE_TYPES.has(t.type)),
    omittedRelations: Math.max(0, relations.length - max),
  };
  cache.set(graph, { version: graph.version, max, schema });
  return schema;
}

/** Whether an edge counts as a typed fact: a core schema relation on a core-typed graph, any non-weak relation on a graph with its own types. */
export function typedFactPredicate(schema: TypedGraphSchema): (relation: string) => boolean {
  return schema.coreTyped ? isSchemaRelation : (relation) => !KG_WEAK_RELATIONS.has(relation);
}

/** The schema as prompt text: one line per node type and per relation (head → tail). */
export function describeTypedGraphSchema(schema: TypedGraphSchema): string {
  const lines = [`Node types: ${schema.nodeTypes.map((t) => `${t.type} (${t.count})`).join(', ') || 'none'}`, 'Relations (head type → tail type, edges):'];
  for (const r of schema.relations) lines.push(`- ${r.relation}: ${r.heads.slice(0, 3).join('|') || 'any'} → ${r.tails.slice(0, 3).join('|') || 'any'} (${r.count})`);
  if (schema.relations.length === 0) lines.push('- none');
  if (schema.omittedRelations > 0) lines.push(`(${schema.omittedRelations} rarer relation types not listed)`);
  return lines.join('\n');
}

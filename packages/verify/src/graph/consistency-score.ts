// Academic agentic RAG, Section 3.4, eq. 5: S_cons(a, G) = β1·EntAlign + β2·RelAlign +
// β3·AttrMatch. The answer is tagged (entities, relations, attribute claims) by an
// AnswerTagger — the surface tagger by default, an LLM tagger as in the paper — and each tag
// is checked against the subgraph: entities linked to nodes (string, then embedding match),
// relations to an edge joining their linked ends, attribute values (years, counts, venues) to
// the attributes or text of the linked nodes. A component with nothing to check is left out
// and the remaining β are renormalised.
import { invalidInput } from '@rag/core';
import type { Embedder, GraphNodeRef, Metadata, RunContext, Subgraph } from '@rag/core';
import { normalizePhrase, normTokens } from '../text/normalize.js';
import { createSurfaceTagger, type AnswerTagger } from './answer-tagger.js';
import { linkMentions } from './node-match.js';

/** Where node attributes come from: a `GraphStore` from @rag/graph-store fits this shape. */
export interface AttributeSource {
  getNode(id: string): { attributes?: Metadata } | undefined;
}

export interface ConsistencyScoreOptions {
  answer: string;
  subgraph: Subgraph;
  /** Source of node attributes (years, venues, counts); subgraph refs carry none. */
  graph?: AttributeSource;
  /** [β1, β2, β3] for EntAlign, RelAlign, AttrMatch (default [0.4, 0.3, 0.3]). */
  betas?: readonly [number, number, number];
  /** Extracts entities, relations and attributes from the answer (default: surface tagger). */
  tagger?: AnswerTagger;
  embedder?: Embedder;
  embeddingThreshold?: number;
  context?: RunContext;
}

export interface ConsistencyScore {
  /** Undefined when the answer makes no checkable claim, or the tagger gave up. */
  score: number | undefined;
  entAlign: number | undefined;
  relAlign: number | undefined;
  attrMatch: number | undefined;
  entities: { mention: string; nodeId?: string }[];
  relations: { head: string; tail: string; relation?: string; edgeId?: string }[];
  attributes: { value: string; matched: boolean; nodeId?: string }[];
  /** The tagger could not tag the answer (e.g. the model output stayed unusable). */
  untagged?: boolean;
}

function attributeValues(node: GraphNodeRef, graph: AttributeSource | undefined): string[] {
  const values: string[] = [];
  for (const v of Object.values(graph?.getNode(node.id)?.attributes ?? {})) {
    for (const x of Array.isArray(v) ? v : [v]) if (x !== null && x !== undefined) values.push(String(x));
  }
  return values;
}

const EMPTY = { score: undefined, entAlign: undefined, relAlign: undefined, attrMatch: undefined, entities: [], relations: [], attributes: [] };

export async function consistencyScore(options: ConsistencyScoreOptions): Promise<ConsistencyScore> {
  const { answer, subgraph } = options;
  if (typeof answer !== 'string') throw invalidInput('answer', 'must be a string');
  if (!subgraph || !Array.isArray(subgraph.nodes) || !Array.isArray(subgraph.edges))
    throw invalidInput('subgraph', 'must be a Subgraph with "nodes" and "edges" arrays');
  const betas = options.betas ?? [0.4, 0.3, 0.3];
  if (betas.length !== 3 || betas.some((b) => !Number.isFinite(b) || b < 0) || betas.every((b) => b === 0))
    throw invalidInput('betas', 'must be three non-negative numbers, not all zero', { value: betas });

  const tags = await (options.tagger ?? createSurfaceTagger()).tag(answer, options.context);
  if (!tags) return { ...EMPTY, untagged: true };
  const names = [...new Set([...tags.entities, ...tags.relations.flatMap((r) => [r.head, r.tail]), ...tags.attributes.flatMap((a) => (a.entity ? [a.entity] : []))])];
  const { links } = await linkMentions(names, subgraph.nodes, {
    ...(options.embedder ? { embedder: options.embedder } : {}),
    ...(options.embeddingThreshold !== undefined ? { embeddingThreshold: options.embeddingThreshold } : {}),
    ...(options.context ? { context: options.context } : {}),
  });
  const nodeValues = subgraph.nodes.map((n) => ({ node: n, values: attributeValues(n, options.graph) }));
  const valueNode = (text: string) => nodeValues.find((nv) => nv.values.some((v) => normalizePhrase(v) === normalizePhrase(text)));
  // A name equal to a node's categorical attribute (e.g. a venue) is aligned through that node.
  const nodeOf = (mention: string) => links.find((l) => l.mention === mention)?.nodeId ?? valueNode(mention)?.node.id;

  const entities: ConsistencyScore['entities'] = [];
  const attributes: ConsistencyScore['attributes'] = [];
  for (const e of tags.entities) {
    const nodeId = nodeOf(e);
    entities.push(nodeId ? { mention: e, nodeId } : { mention: e });
    const asValue = valueNode(e);
    if (asValue) attributes.push({ value: e, matched: true, nodeId: asValue.node.id });
  }
  const linkedIds = new Set(entities.map((e) => e.nodeId).filter((x): x is string => x !== undefined));
  for (const a of tags.attributes) {
    const owner = a.entity ? nodeOf(a.entity) : undefined;
    const scope = nodeValues.filter((nv) => (owner ? nv.node.id === owner : linkedIds.size === 0 || linkedIds.has(nv.node.id)));
    const want = normalizePhrase(a.value);
    const hit = scope.find(
      (nv) =>
        nv.values.some((v) => normalizePhrase(v) === want || normTokens(v).includes(want)) ||
        ` ${normalizePhrase(`${nv.node.name} ${nv.node.description ?? ''}`)} `.includes(` ${want} `),
    );
    attributes.push(hit ? { value: a.value, matched: true, nodeId: hit.node.id } : { value: a.value, matched: false });
  }
  const relations: ConsistencyScore['relations'] = tags.relations.flatMap((r) => {
    const h = nodeOf(r.head);
    const t = nodeOf(r.tail);
    // Both ends on one node (a paper and its venue attribute) is not a relation between nodes.
    if (h !== undefined && h === t) return [];
    const edge = h && t ? subgraph.edges.find((e) => (e.source === h && e.target === t) || (e.source === t && e.target === h)) : undefined;
    return [{ head: r.head, tail: r.tail, ...(r.relation ? { relation: r.relation } : {}), ...(edge ? { edgeId: edge.id } : {}) }];
  });

  const entAlign = entities.length ? entities.filter((e) => e.nodeId).length / entities.length : undefined;
  const relAlign = relations.length ? relations.filter((r) => r.edgeId).length / relations.length : undefined;
  const attrMatch = attributes.length ? attributes.filter((a) => a.matched).length / attributes.length : undefined;
  const parts = [entAlign, relAlign, attrMatch];
  const weight = parts.reduce<number>((s, p, i) => (p === undefined ? s : s + betas[i]!), 0);
  const score = weight === 0 ? undefined : parts.reduce<number>((s, p, i) => (p === undefined ? s : s + betas[i]! * p), 0) / weight;
  return { score, entAlign, relAlign, attrMatch, entities, relations, attributes };
}

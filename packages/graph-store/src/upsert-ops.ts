// Adding facts (what extraction does): upserts of entities, relations and triples, and removal of
// single nodes and edges. Each call checks everything before its first write, so a refused call
// leaves the store (and its version) unchanged.
import { RagError, TripleSchema, invalidInput } from '@rag/core';
import type { Metadata, Provenance, Triple } from '@rag/core';
import { entityId, normalizeRelation, relationId } from './entity-id.js';
import { EntityInputSchema, RelationInputSchema } from './schemas.js';
import { combineEdges, entityNode, mergeAliases, parse, unionProvenance } from './store-helpers.js';
import type { StoreCore } from './store-core.js';
import type { EntityInput, EntityNode, RelationEdge, RelationInput } from './types.js';

export interface UpsertOps {
  addEntity(input: EntityInput): EntityNode;
  addRelation(input: RelationInput): RelationEdge;
  addTriple(triple: Triple): { head: EntityNode; tail: EntityNode; edge: RelationEdge };
  removeNode(id: string): { removedEdges: string[] };
  removeEdge(id: string): RelationEdge;
}

const freshProvenance = (list: readonly Provenance[] | undefined): Provenance[] => unionProvenance([], list ?? []);

// most new nodes have no aliases and no attributes: they share one frozen empty array / object
// (stored values are frozen, so the sharing is invisible to readers)
const NO_ALIASES = Object.freeze([]) as unknown as string[];
const NO_ATTRIBUTES = Object.freeze({}) as Metadata;
const orNone = (aliases: string[]): string[] => (aliases.length === 0 ? NO_ALIASES : aliases);
function copyOrNone(attributes: Metadata | undefined): Metadata {
  if (attributes) for (const _ in attributes) return { ...attributes };
  return NO_ATTRIBUTES;
}

/**
 * The node `addEntity` stores for a checked input: `existing` with the input's aliases,
 * attributes and provenance merged in, or a new node of type `nodeType`. `fresh` gives the new
 * node's provenance list (a copy of the input's, deduplicated). Every field is built here from
 * copies (mergeAliases, the spreads, unionProvenance), so the caller may freeze it in place.
 */
export function upsertedEntity(
  existing: EntityNode | undefined,
  input: EntityInput,
  id: string,
  nodeType: string,
  fresh: (list: readonly Provenance[] | undefined) => Provenance[],
): EntityNode {
  return existing
    ? entityNode(
        existing.id,
        existing.name,
        existing.type,
        mergeAliases(existing.name, existing.aliases, [input.name, ...(input.aliases ?? [])]),
        existing.description ?? input.description,
        { ...existing.attributes, ...(input.attributes ?? {}) },
        unionProvenance(existing.provenance, input.provenance ?? []),
      )
    : entityNode(id, input.name.trim(), nodeType, orNone(mergeAliases(input.name, [], input.aliases ?? [])), input.description, copyOrNone(input.attributes), fresh(input.provenance));
}

/** The edge `addRelation` builds from a checked input (attributes copied), before any upsert. */
export function relationEdge(
  id: string,
  source: string,
  target: string,
  relation: string,
  provenance: Provenance[],
  confidence: number,
  attributes: RelationInput['attributes'],
): RelationEdge {
  // two literals rather than a conditional spread: the same fields, without a runtime copy
  return attributes
    ? { id, source, target, relation, provenance, confidence, attributes: { ...attributes } }
    : { id, source, target, relation, provenance, confidence };
}

export function createUpsertOps(core: StoreCore): UpsertOps {
  const { graph } = core;

  function addEntity(raw: EntityInput): EntityNode {
    const input = parse(EntityInputSchema, raw, 'entity');
    const type = input.type?.trim() ?? core.defaultType;
    const id = input.id ?? entityId(type, input.name);
    const existing = graph.getNode(id);
    if (existing && input.type !== undefined && existing.type !== type) {
      throw new RagError('RAG_CONFLICT', `entity.type: node "${id}" already has type ${existing.type}, not ${type}`, {
        details: { input: 'entity.type', id, existing: existing.type, given: type },
      });
    }
    const nodeType = existing?.type ?? type;
    core.checkNodeType(nodeType, 'entity.type');
    const next = upsertedEntity(existing, input, id, nodeType, freshProvenance);
    const stored = core.putNode(next, true);
    core.bump();
    return stored;
  }

  function addRelation(raw: RelationInput): RelationEdge {
    const input = parse(RelationInputSchema, raw, 'relation');
    const relation = normalizeRelation(input.relation);
    if (relation === '') throw invalidInput('relation.relation', `"${input.relation}" has no letters or digits`);
    const source = core.requireNode(input.source, 'relation.source');
    const target = core.requireNode(input.target, 'relation.target');
    core.checkRelation(relation, source.type, target.type, 'relation');
    const id = relationId(source.id, relation, target.id);
    const provenance = unionProvenance([], input.provenance ?? []);
    const confidence = input.confidence ?? 1;
    const fresh = relationEdge(id, source.id, target.id, relation, provenance, confidence, input.attributes);
    // upsert: the newest attributes win, provenance is unioned, confidence max'ed
    const prev = graph.getEdge(id);
    // both are built here from copies (unionProvenance and the attributes spread copy)
    const stored = core.putEdge(prev ? combineEdges(fresh, prev) : fresh, true);
    core.bump();
    return stored;
  }

  function addTriple(raw: Triple): { head: EntityNode; tail: EntityNode; edge: RelationEdge } {
    const t = parse(TripleSchema, raw, 'triple');
    const headType = t.headType?.trim() || core.defaultType;
    const tailType = t.tailType?.trim() || core.defaultType;
    const headId = entityId(headType, t.head);
    const tailId = entityId(tailType, t.tail);
    const relation = normalizeRelation(t.relation);
    if (relation === '') throw invalidInput('triple.relation', `"${t.relation}" has no letters or digits`);
    // check everything before the first write so a rejected triple leaves the store unchanged
    const effHead = graph.getNode(headId)?.type ?? headType;
    const effTail = graph.getNode(tailId)?.type ?? tailType;
    core.checkNodeType(effHead, 'triple.headType');
    core.checkNodeType(effTail, 'triple.tailType');
    core.checkRelation(relation, effHead, effTail, 'triple');
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
    return { head: graph.getNode(head.id)!, tail: graph.getNode(tail.id)!, edge };
  }

  function removeEdge(id: string): RelationEdge {
    const e = core.requireEdge(id);
    core.dropEdge(id);
    core.bump();
    return e;
  }

  function removeNode(id: string): { removedEdges: string[] } {
    core.requireNode(id);
    const removedEdges = graph.incidentIds(id, 'both').sort();
    core.dropNode(id);
    core.bump();
    return { removedEdges };
  }

  return { addEntity, addRelation, addTriple, removeNode, removeEdge };
}

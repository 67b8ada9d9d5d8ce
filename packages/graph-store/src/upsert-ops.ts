// Adding facts (what extraction does): upserts of entities, relations and triples, and removal of
// single nodes and edges. Each call checks everything before its first write, so a refused call
// leaves the store (and its version) unchanged.
import { RagError, TripleSchema, invalidInput } from '@rag/core';
import type { Triple } from '@rag/core';
import { entityId, normalizeRelation, relationId } from './entity-id.js';
import { EntityInputSchema, RelationInputSchema } from './schemas.js';
import { combineEdges, mergeAliases, parse, unionProvenance } from './store-helpers.js';
import type { StoreCore } from './store-core.js';
import type { EntityInput, EntityNode, RelationEdge, RelationInput } from './types.js';

export interface UpsertOps {
  addEntity(input: EntityInput): EntityNode;
  addRelation(input: RelationInput): RelationEdge;
  addTriple(triple: Triple): { head: EntityNode; tail: EntityNode; edge: RelationEdge };
  removeNode(id: string): { removedEdges: string[] };
  removeEdge(id: string): RelationEdge;
}

export function createUpsertOps(core: StoreCore): UpsertOps {
  const { graph } = core;

  function addEntity(raw: EntityInput): EntityNode {
    const input = parse(EntityInputSchema, raw, 'entity');
    const type = input.type?.trim() ?? core.defaultType;
    const id = input.id ?? entityId(type, input.name);
    const existing = graph.hasNode(id) ? graph.getNodeAttributes(id) : undefined;
    if (existing && input.type !== undefined && existing.type !== type) {
      throw new RagError('RAG_CONFLICT', `entity.type: node "${id}" already has type ${existing.type}, not ${type}`, {
        details: { input: 'entity.type', id, existing: existing.type, given: type },
      });
    }
    const nodeType = existing?.type ?? type;
    core.checkNodeType(nodeType, 'entity.type');
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
    core.putNode(next);
    core.bump();
    return graph.getNodeAttributes(id);
  }

  function addRelation(raw: RelationInput): RelationEdge {
    const input = parse(RelationInputSchema, raw, 'relation');
    const relation = normalizeRelation(input.relation);
    if (relation === '') throw invalidInput('relation.relation', `"${input.relation}" has no letters or digits`);
    const source = core.requireNode(input.source, 'relation.source');
    const target = core.requireNode(input.target, 'relation.target');
    core.checkRelation(relation, source.type, target.type, 'relation');
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
    core.putEdge(next);
    core.bump();
    return graph.getEdgeAttributes(id);
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
    const effHead = graph.hasNode(headId) ? graph.getNodeAttributes(headId).type : headType;
    const effTail = graph.hasNode(tailId) ? graph.getNodeAttributes(tailId).type : tailType;
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
    return { head: graph.getNodeAttributes(head.id), tail: graph.getNodeAttributes(tail.id), edge };
  }

  function removeEdge(id: string): RelationEdge {
    const e = core.requireEdge(id);
    core.dropEdge(id);
    core.bump();
    return e;
  }

  function removeNode(id: string): { removedEdges: string[] } {
    core.requireNode(id);
    const removedEdges = graph.edges(id).sort();
    core.dropNode(id);
    core.bump();
    return { removedEdges };
  }

  return { addEntity, addRelation, addTriple, removeNode, removeEdge };
}

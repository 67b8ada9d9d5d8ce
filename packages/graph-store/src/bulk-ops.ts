// The bulk write path: `addBatch({ entities, relations })` stores what `addEntity` for each entity
// in order and then `addRelation` for each relation in order would store (same nodes, edges,
// provenance, insertion order and version count), at a lower cost per record:
//   - shapes are checked by compiled checks (batch-check.ts); only a record they do not pass
//     goes through the zod schema, which names the record and field of a bad one;
//   - the whole batch is checked (ids, types, schema, endpoints) before the first write, so a
//     refused batch leaves the store as it was;
//   - each endpoint is looked up once, and a new edge is linked by node slot;
//   - provenance comes from the store's span pool: records citing a span the store holds share
//     its frozen span and one-span list (span-pool.ts).
import { RagError, invalidInput, type Provenance } from '@rag/core';
import { entityId, normalizeRelation, relationId } from './entity-id.js';
import { isPlainEntityInput, isPlainRelationInput } from './batch-check.js';
import { EntityInputSchema, RelationInputSchema } from './schemas.js';
import { NONE } from './slot-lists.js';
import { combineEdges, parse, unionProvenance } from './store-helpers.js';
import type { StoreCore } from './store-core.js';
import { relationEdge, upsertedEntity } from './upsert-ops.js';
import type { EntityInput, GraphBatch, GraphBatchResult, RelationInput } from './types.js';

/** A RagError from a check of one record, its input name prefixed with the record's place. */
function atRecord(err: unknown, label: string): unknown {
  if (!RagError.isInstance(err)) return err;
  const input = typeof err.details.input === 'string' ? `${label}.${err.details.input}` : label;
  const message = typeof err.details.input === 'string' && err.message.startsWith(`${err.details.input}:`) ? `${label}.${err.message}` : `${label}: ${err.message}`;
  return new RagError(err.code, message, { details: { ...err.details, input }, cause: err });
}

function records(batch: Record<string, unknown>, key: 'entities' | 'relations'): readonly unknown[] {
  const list = batch[key];
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw invalidInput(`batch.${key}`, 'must be an array');
  return list;
}

export function addBatch(core: StoreCore, raw: GraphBatch): GraphBatchResult {
  const { graph } = core;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidInput('batch', 'must be an object { entities?, relations? }');
  const rawEntities = records(raw as unknown as Record<string, unknown>, 'entities');
  const rawRelations = records(raw as unknown as Record<string, unknown>, 'relations');

  // ---- shapes
  const entities = new Array<EntityInput>(rawEntities.length);
  for (let k = 0; k < rawEntities.length; k++) {
    const x = rawEntities[k];
    entities[k] = isPlainEntityInput(x) ? x : parse(EntityInputSchema, x, `entities[${k}]`);
  }
  const relations = new Array<RelationInput>(rawRelations.length);
  for (let i = 0; i < rawRelations.length; i++) {
    const x = rawRelations[i];
    relations[i] = isPlainRelationInput(x) ? x : parse(RelationInputSchema, x, `relations[${i}]`);
  }

  // ---- entities: ids and types, checked against the graph and the batch so far
  const entityIds = new Array<string>(entities.length);
  const ownTypes = new Array<string>(entities.length);
  const nodeTypes = new Array<string>(entities.length);
  /** id → the first batch entity with it */
  const firstOf = new Map<string, number>();
  const merges = new Uint8Array(entities.length);
  for (let k = 0; k < entities.length; k++) {
    const input = entities[k]!;
    const label = `entities[${k}]`;
    const type = input.type?.trim() ?? core.defaultType;
    let id: string;
    try {
      id = input.id ?? entityId(type, input.name);
    } catch (err) {
      throw atRecord(err, label);
    }
    const first = firstOf.get(id);
    const existingType = first !== undefined ? nodeTypes[first] : graph.getNode(id)?.type;
    // a node new to the graph and to the batch needs no lookup when it is written
    if (existingType !== undefined) merges[k] = 1;
    if (existingType !== undefined && input.type !== undefined && existingType !== type) {
      throw new RagError('RAG_CONFLICT', `${label}.type: node "${id}" already has type ${existingType}, not ${type}`, {
        details: { input: `${label}.type`, record: k, id, existing: existingType, given: type },
      });
    }
    const nodeType = existingType ?? type;
    core.checkNodeType(nodeType, `${label}.type`);
    if (first === undefined) firstOf.set(id, k);
    entityIds[k] = id;
    ownTypes[k] = type;
    nodeTypes[k] = nodeType;
  }

  // ---- relations: labels, endpoints (a graph node's slot, or -(k+1) for batch entity k), schema
  const relationIds = new Array<string>(relations.length);
  const labels = new Array<string>(relations.length);
  const sourceIds = new Array<string>(relations.length);
  const targetIds = new Array<string>(relations.length);
  const sourceAt = new Int32Array(relations.length);
  const targetAt = new Int32Array(relations.length);
  let endId = '';
  let endType = '';
  const endpoint = (ref: string, input: string): number => {
    const k = firstOf.get(ref);
    if (k !== undefined) {
      endId = entityIds[k]!;
      endType = nodeTypes[k]!;
      return -(k + 1);
    }
    const s = graph.nodeSlotOf(ref);
    if (s === NONE) throw new RagError('RAG_NOT_FOUND', `${input}: no node "${ref}"`, { details: { input, id: ref } });
    const node = graph.nodeAt(s);
    endId = node.id;
    endType = node.type;
    return s;
  };
  for (let i = 0; i < relations.length; i++) {
    const input = relations[i]!;
    const label = `relations[${i}]`;
    const relation = normalizeRelation(input.relation);
    if (relation === '') throw invalidInput(`${label}.relation`, `"${input.relation}" has no letters or digits`);
    sourceAt[i] = endpoint(input.source, `${label}.source`);
    const sourceId = endId;
    const sourceType = endType;
    targetAt[i] = endpoint(input.target, `${label}.target`);
    core.checkRelation(relation, sourceType, endType, label);
    labels[i] = relation;
    sourceIds[i] = sourceId;
    targetIds[i] = endId;
    relationIds[i] = relationId(sourceId, relation, endId);
  }

  // ---- writes (nothing below throws on checked input)
  // the list `unionProvenance([], list)` would build, taken straight from the span pool: no new
  // span object or one-span list for a span the store already holds
  const pooled = (list: readonly Provenance[] | undefined): Provenance[] =>
    core.spans.list(list && list.length > 1 ? unionProvenance([], list) : (list ?? []));
  const slotOf = new Int32Array(entities.length);
  for (let k = 0; k < entities.length; k++) {
    const input = entities[k]!;
    const id = entityIds[k]!;
    core.putNode(upsertedEntity(merges[k] ? graph.getNode(id) : undefined, input, id, ownTypes[k]!, pooled), true);
    slotOf[k] = graph.nodeSlotOf(id);
  }
  for (let i = 0; i < relations.length; i++) {
    const input = relations[i]!;
    const id = relationIds[i]!;
    const fresh = relationEdge(id, sourceIds[i]!, targetIds[i]!, labels[i]!, pooled(input.provenance), input.confidence ?? 1, input.attributes);
    const s = sourceAt[i]!;
    const t = targetAt[i]!;
    const u = s >= 0 ? s : slotOf[-s - 1]!;
    const v = t >= 0 ? t : slotOf[-t - 1]!;
    // the edge lookup finds its ends among the nodes named last, without probing the node Map
    graph.noteNodeSlots(sourceIds[i]!, u, targetIds[i]!, v);
    const prev = graph.getEdge(id);
    if (prev) core.putEdge(combineEdges(fresh, prev), true);
    else core.putNewEdgeAt(fresh, u, v);
  }
  // one version step per record, as the calls one by one would count
  core.version += entities.length + relations.length;
  return { entityIds, relationIds };
}

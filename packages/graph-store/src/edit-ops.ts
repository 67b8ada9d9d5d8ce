// Logged, undoable edits of entities and relations — what a person does in an editing UI:
// rename / retype / describe an entity, add, relabel, reweigh or remove a relation.
//
// Like merge (merge-ops.ts), every edit checks everything before its first write (a refused edit
// leaves the store and its version unchanged), bumps the version, and appends a record holding
// what undo needs. `undoEdit` restores only while the target is still as the edit left it;
// otherwise it throws RAG_CONFLICT instead of silently overwriting later changes. The log
// travels in snapshots and in graph format 2, so undo works after a reopen.
import { RagError, invalidInput } from '@rag/core';
import type { Metadata } from '@rag/core';
import { normalizeName, normalizeRelation, relationId } from './entity-id.js';
import { entityFields, publicEdit, relationFields, type EntityKey, type RelationKey } from './edit-log.js';
import { EditOptionsSchema, EntityEditSchema, RelationEditSchema, RelationInputSchema, type EditLogEntry, type EntityFields } from './schemas.js';
import { deepEqual, deepFreeze, mergeAliases, parse, unionProvenance } from './store-helpers.js';
import type { StoreCore } from './store-core.js';
import type { EditKind, EditOptions, EditRecord, EntityEdit, EntityNode, RelationEdge, RelationEdit, RelationInput } from './types.js';

export interface EditOps {
  updateEntity(nodeId: string, edit: EntityEdit, options?: EditOptions): EditRecord;
  createRelation(input: RelationInput, options?: EditOptions): EditRecord;
  updateRelation(edgeId: string, edit: RelationEdit, options?: EditOptions): EditRecord;
  removeRelation(edgeId: string, options?: EditOptions): EditRecord;
  undoEdit(recordId?: string): EditRecord;
  editLog(): EditRecord[];
  /** The log as stored in snapshots (entries from `from` on; all by default). */
  logEntries(from?: number): EditLogEntry[];
  /** Per entry, whether it is undone. */
  undoneFlags(): boolean[];
  /** Start from a snapshot's (validated) log. */
  restoreLog(entries: readonly EditLogEntry[]): void;
}

/** A log entry before it gets its id, time and options. */
type Draft = { [K in EditKind]: Omit<Extract<EditLogEntry, { kind: K }>, 'id' | 'at' | 'reason' | 'actor' | 'undone'> }[EditKind];

export function createEditOps(core: StoreCore): EditOps {
  const { graph } = core;
  let log: EditLogEntry[] = [];
  let counter = 0;

  function append(entry: Draft, options: EditOptions): EditRecord {
    const full = deepFreeze({
      id: `edit-${++counter}`,
      ...entry,
      ...(options.reason !== undefined ? { reason: options.reason } : {}),
      ...(options.actor !== undefined ? { actor: options.actor } : {}),
      at: core.now().toISOString(),
    } as EditLogEntry);
    // the entry itself stays mutable for its `undone` flag; before/after are frozen
    log.push({ ...full });
    core.bump();
    return publicEdit(full);
  }

  // ---------------------------------------------------------------- edits

  function updateEntity(nodeId: string, raw: EntityEdit, rawOptions?: EditOptions): EditRecord {
    const node = core.requireNode(nodeId, 'nodeId');
    const edit = parse(EntityEditSchema, raw, 'edit');
    const options = parseOptions(rawOptions);
    const keys = (['name', 'type', 'description', 'aliases'] as const).filter((k) => edit[k] !== undefined);
    if (keys.length === 0) throw invalidInput('edit', 'give at least one of name, type, description, aliases');
    const name = edit.name?.trim() ?? node.name;
    if (normalizeName(name) === '') throw invalidInput('edit.name', `"${edit.name}" has no letters or digits`);
    const type = edit.type?.trim() ?? node.type;
    if (type !== node.type) asInvalidInput(() => checkTypeFits(nodeId, type, 'edit.type'));
    const next: EntityNode = {
      ...node,
      name,
      type,
      // the old name stays findable as an alias unless the edit lists the aliases itself
      aliases: edit.aliases ? mergeAliases(name, [], edit.aliases) : mergeAliases(name, node.aliases, name === node.name ? [] : [node.name]),
    };
    if (edit.description === null) delete next.description;
    else if (edit.description !== undefined) next.description = edit.description;
    // a rename can change the aliases too, so they are part of what undo restores
    const logged: EntityKey[] = keys.includes('name') && !keys.includes('aliases') ? [...keys, 'aliases'] : [...keys];
    const before = entityFields(node, logged);
    core.putNode(next);
    return append({ kind: 'entity.update', target: nodeId, before, after: entityFields(core.requireNode(nodeId), logged) }, options);
  }

  function createRelation(raw: RelationInput, rawOptions?: EditOptions): EditRecord {
    const input = parse(RelationInputSchema, raw, 'relation');
    const options = parseOptions(rawOptions);
    const relation = normalizeRelation(input.relation);
    if (relation === '') throw invalidInput('relation.relation', `"${input.relation}" has no letters or digits`);
    const source = core.requireNode(input.source, 'relation.source');
    const target = core.requireNode(input.target, 'relation.target');
    asInvalidInput(() => core.checkRelation(relation, source.type, target.type, 'relation'));
    const id = relationId(source.id, relation, target.id);
    if (graph.hasEdge(id)) {
      throw new RagError('RAG_CONFLICT', `relation: edge "${id}" already exists; change it with updateRelation`, {
        details: { input: 'relation', id },
      });
    }
    // a user-made fact needs no provenance; attributes.source says where it came from
    const attributes: Metadata = { ...(input.attributes ?? {}) };
    if (attributes['source'] === undefined) attributes['source'] = 'user';
    core.putEdge({
      id,
      source: source.id,
      target: target.id,
      relation,
      provenance: unionProvenance([], input.provenance ?? []),
      confidence: input.confidence ?? 1,
      attributes,
    });
    return append({ kind: 'relation.add', target: id, after: core.requireEdge(id) }, options);
  }

  function updateRelation(edgeId: string, raw: RelationEdit, rawOptions?: EditOptions): EditRecord {
    const edge = core.requireEdge(edgeId, 'edgeId');
    const edit = parse(RelationEditSchema, raw, 'edit');
    const options = parseOptions(rawOptions);
    const keys = (['relation', 'confidence', 'attributes'] as const).filter((k) => edit[k] !== undefined);
    if (keys.length === 0) throw invalidInput('edit', 'give at least one of relation, confidence, attributes');
    const relation = edit.relation === undefined ? edge.relation : normalizeRelation(edit.relation);
    if (relation === '') throw invalidInput('edit.relation', `"${edit.relation}" has no letters or digits`);
    let id = edge.id;
    if (relation !== edge.relation) {
      asInvalidInput(() => core.checkRelation(relation, typeOf(edge.source), typeOf(edge.target), 'edit.relation'));
      // ids derived from (source, relation, target) follow the label, so upserts still find the edge
      if (edge.id === relationId(edge.source, edge.relation, edge.target)) id = relationId(edge.source, relation, edge.target);
      if (id !== edge.id && graph.hasEdge(id)) {
        throw new RagError('RAG_CONFLICT', `edit.relation: edge "${id}" already exists; remove one of the two instead`, {
          details: { input: 'edit.relation', edgeId, id },
        });
      }
    }
    const next: RelationEdge = { ...edge, id, relation, confidence: edit.confidence ?? edge.confidence };
    if (edit.attributes !== undefined) {
      if (Object.keys(edit.attributes).length > 0) next.attributes = { ...edit.attributes };
      else delete next.attributes;
    }
    // the provenance supports the label: a relabel is only undone while it is unchanged
    const logged: RelationKey[] = relation !== edge.relation ? [...keys, 'provenance'] : [...keys];
    const before = relationFields(edge, logged);
    replaceEdge(edge, next);
    return append({ kind: 'relation.update', target: id, before, after: relationFields(core.requireEdge(id), logged) }, options);
  }

  function removeRelation(edgeId: string, rawOptions?: EditOptions): EditRecord {
    const edge = core.requireEdge(edgeId, 'edgeId');
    const options = parseOptions(rawOptions);
    core.dropEdge(edgeId);
    return append({ kind: 'relation.remove', target: edgeId, before: edge }, options);
  }

  // ---------------------------------------------------------------- undo

  function undoEdit(recordId?: string): EditRecord {
    if (recordId !== undefined && typeof recordId !== 'string') throw invalidInput('recordId', 'must be a string');
    const entry = recordId === undefined ? [...log].reverse().find((r) => !r.undone) : log.find((r) => r.id === recordId);
    if (!entry) {
      throw new RagError('RAG_NOT_FOUND', recordId ? `recordId: no edit "${recordId}"` : 'no edit to undo', {
        details: { input: 'recordId', recordId },
      });
    }
    if (entry.undone) {
      throw new RagError('RAG_CONFLICT', `recordId: edit "${entry.id}" is already undone`, { details: { input: 'recordId', recordId: entry.id } });
    }
    const conflict = (why: string) =>
      new RagError('RAG_CONFLICT', `recordId: cannot undo edit "${entry.id}" (${entry.kind} of "${entry.target}"): ${why}`, {
        details: { input: 'recordId', recordId: entry.id, kind: entry.kind, target: entry.target },
      });
    // each branch checks everything before it writes
    switch (entry.kind) {
      case 'entity.update': {
        const node = graph.getNode(entry.target);
        if (!node) throw conflict('the entity no longer exists (removed, or merged into another)');
        const keys = Object.keys(entry.after) as EntityKey[];
        if (!deepEqual(entityFields(node, keys), entry.after)) throw conflict(`its ${keys.join(', ')} changed after the edit`);
        const restored: EntityNode = { ...node, ...withoutNull(entry.before) };
        if (entry.before.description === null) delete restored.description;
        if (restored.type !== node.type) asConflict(conflict, () => checkTypeFits(node.id, restored.type, 'type'));
        core.putNode(restored);
        break;
      }
      case 'relation.add': {
        const edge = graph.getEdge(entry.target);
        if (!edge) throw conflict('the relation no longer exists');
        if (!deepEqual(edge, entry.after)) throw conflict('the relation changed after it was added (removing it would lose that)');
        core.dropEdge(edge.id);
        break;
      }
      case 'relation.update': {
        const { after, before } = entry;
        const edge = graph.getEdge(after.id);
        if (!edge) throw conflict('the relation no longer exists');
        const keys = Object.keys(after).filter((k) => k !== 'id') as RelationKey[];
        if (!deepEqual(relationFields(edge, keys), after)) throw conflict(`its ${keys.join(', ')} changed after the edit`);
        if (before.id !== after.id && graph.hasEdge(before.id)) throw conflict(`edge "${before.id}" exists again`);
        const restored: RelationEdge = { ...edge, id: before.id };
        if (before.relation !== undefined) {
          restored.relation = before.relation;
          asConflict(conflict, () => core.checkRelation(before.relation!, typeOf(edge.source), typeOf(edge.target), 'relation'));
        }
        if (before.confidence !== undefined) restored.confidence = before.confidence;
        if (before.attributes === null) delete restored.attributes;
        else if (before.attributes !== undefined) restored.attributes = before.attributes;
        replaceEdge(edge, restored);
        break;
      }
      case 'relation.remove': {
        const edge = entry.before;
        if (graph.hasEdge(edge.id)) throw conflict('the relation exists again');
        for (const end of [edge.source, edge.target]) if (!graph.hasNode(end)) throw conflict(`its endpoint "${end}" no longer exists`);
        asConflict(conflict, () => core.checkRelation(edge.relation, typeOf(edge.source), typeOf(edge.target), 'relation'));
        core.putEdge(edge);
        break;
      }
    }
    entry.undone = true;
    core.bump();
    return publicEdit(entry);
  }

  // ---------------------------------------------------------------- helpers

  function typeOf(id: string): string {
    return graph.getNode(id)!.type;
  }
  /** The schema must allow `type` for the node and for every relation it takes part in. */
  function checkTypeFits(nodeId: string, type: string, what: string): void {
    core.checkNodeType(type, what);
    const t = (id: string) => (id === nodeId ? type : typeOf(id));
    for (const e of core.incident(nodeId, 'both')) core.checkRelation(e.relation, t(e.source), t(e.target), what);
  }
  /** Relabelling changes the relation counts (and maybe the id): drop and re-add. */
  function replaceEdge(old: RelationEdge, next: RelationEdge): void {
    if (old.id !== next.id || old.relation !== next.relation) core.dropEdge(old.id);
    core.putEdge(next);
  }

  return {
    updateEntity,
    createRelation,
    updateRelation,
    removeRelation,
    undoEdit,
    editLog: () => log.map(publicEdit),
    logEntries: (from = 0) => log.slice(from).map((e) => ({ ...e })),
    undoneFlags: () => log.map((e) => e.undone === true),
    restoreLog(entries) {
      log = entries.map((e) => ({ ...deepFreeze(e) }));
      counter = log.reduce((m, r) => Math.max(m, Number(/^edit-(\d+)$/.exec(r.id)?.[1] ?? 0)), 0);
    },
  };
}

// ------------------------------------------------------------------ pure helpers

function parseOptions(raw: EditOptions | undefined): EditOptions {
  return raw === undefined ? {} : parse(EditOptionsSchema, raw, 'options');
}

function withoutNull(fields: EntityFields): Partial<EntityNode> {
  const { description, ...rest } = fields;
  return description === null || description === undefined ? rest : { ...rest, description };
}

/** Schema violations of an edit are bad input of that edit. */
function asInvalidInput(check: () => void): void {
  try {
    check();
  } catch (err) {
    if (!RagError.isInstance(err, 'RAG_SCHEMA_VIOLATION')) throw err;
    throw new RagError('RAG_INVALID_INPUT', err.message, { cause: err, details: { ...err.details, schema: true } });
  }
}

/** …and a reason an undo cannot be applied. */
function asConflict(conflict: (why: string) => RagError, check: () => void): void {
  try {
    check();
  } catch (err) {
    if (!RagError.isInstance(err, 'RAG_SCHEMA_VIOLATION')) throw err;
    throw conflict(`the schema no longer allows it (${err.message})`);
  }
}

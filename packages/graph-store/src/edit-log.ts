// The edit log's records: the field snapshots an edit keeps for undo, and the public
// `EditRecord` handed out by the store and by the read view (graph-view.ts).
import type { EditLogEntry, EntityFields, RelationFields } from './schemas.js';
import type { EditRecord, EntityNode, RelationEdge } from './types.js';

export type EntityKey = 'name' | 'type' | 'description' | 'aliases';
export type RelationKey = 'relation' | 'confidence' | 'attributes' | 'provenance';

/** The given fields of a node, as JSON (`description: null` = none). */
export function entityFields(n: EntityNode, keys: readonly EntityKey[]): EntityFields {
  const out: EntityFields = {};
  for (const k of keys) {
    if (k === 'description') out.description = n.description ?? null;
    else if (k === 'aliases') out.aliases = [...n.aliases];
    else out[k] = n[k];
  }
  return out;
}

/** The edge id and the given fields of an edge, as JSON (`attributes: null` = none). */
export function relationFields(e: RelationEdge, keys: readonly RelationKey[]): RelationFields {
  const out: RelationFields = { id: e.id };
  for (const k of keys) {
    if (k === 'attributes') out.attributes = e.attributes ? { ...e.attributes } : null;
    else if (k === 'relation') out.relation = e.relation;
    else if (k === 'provenance') out.provenance = e.provenance.map((p) => ({ chunkId: p.chunkId, start: p.start, end: p.end }));
    else out.confidence = e.confidence;
  }
  return out;
}

/** The public record of a log entry (before/after shared, not copied: they are frozen). */
export function publicEdit(e: EditLogEntry): EditRecord {
  return {
    id: e.id,
    kind: e.kind,
    target: e.target,
    ...('before' in e && e.before !== undefined ? { before: e.before } : {}),
    ...('after' in e && e.after !== undefined ? { after: e.after } : {}),
    ...(e.reason !== undefined ? { reason: e.reason } : {}),
    ...(e.actor !== undefined ? { actor: e.actor } : {}),
    at: e.at,
    ...(e.undone ? { undone: true } : {}),
  };
}

// zod schemas for everything that enters the store from outside (extractor output, files).
import { MetadataSchema, ProvenanceSchema } from '@rag/core';
import { z } from 'zod';

export const GRAPH_FORMAT_VERSION = 1;

const nonBlank = z.string().refine((s) => s.trim().length > 0, 'must not be blank');

export const EntityInputSchema = z.object({
  id: nonBlank.optional(),
  name: nonBlank,
  type: nonBlank.optional(),
  aliases: z.array(z.string()).optional(),
  description: z.string().optional(),
  attributes: MetadataSchema.optional(),
  provenance: z.array(ProvenanceSchema).optional(),
});

export const RelationInputSchema = z.object({
  source: nonBlank,
  target: nonBlank,
  relation: nonBlank,
  provenance: z.array(ProvenanceSchema).optional(),
  confidence: z.number().min(0).max(1).optional(),
  attributes: MetadataSchema.optional(),
});

const typeList = z.union([nonBlank, z.array(nonBlank).min(1)]);

export const GraphSchemaSchema = z.object({
  nodeTypes: z.array(nonBlank),
  relations: z.array(z.object({ relation: nonBlank, head: typeList, tail: typeList })),
});

export const EntityNodeSchema = z.object({
  id: nonBlank,
  name: nonBlank,
  type: nonBlank,
  aliases: z.array(z.string()),
  description: z.string().optional(),
  attributes: MetadataSchema,
  provenance: z.array(ProvenanceSchema),
});

export const RelationEdgeSchema = z.object({
  id: nonBlank,
  source: nonBlank,
  target: nonBlank,
  relation: nonBlank,
  provenance: z.array(ProvenanceSchema),
  confidence: z.number().min(0).max(1),
  attributes: MetadataSchema.optional(),
});

export const MergeLogEntrySchema = z.object({
  id: nonBlank,
  keptId: nonBlank,
  mergedId: nonBlank,
  reason: z.string().optional(),
  at: z.string(),
  undone: z.boolean().optional(),
  before: z.object({ keep: EntityNodeSchema, merged: EntityNodeSchema, edges: z.array(RelationEdgeSchema) }),
  after: z.object({ keep: EntityNodeSchema, edges: z.array(RelationEdgeSchema) }),
});
export type MergeLogEntry = z.infer<typeof MergeLogEntrySchema>;

// ---- edits (edit-ops.ts): the arguments, and the log entries kept for undo

/** `updateEntity`'s edit; unknown keys are refused so a misspelt field is not silently ignored. */
export const EntityEditSchema = z.strictObject({
  name: nonBlank.optional(),
  type: nonBlank.optional(),
  description: z.string().nullable().optional(),
  aliases: z.array(z.string()).optional(),
});

export const RelationEditSchema = z.strictObject({
  relation: nonBlank.optional(),
  confidence: z.number().min(0).max(1).optional(),
  attributes: MetadataSchema.optional(),
});

export const EditOptionsSchema = z.strictObject({
  reason: z.string().optional(),
  actor: z.string().optional(),
});

/** The edited fields of a node (`description: null` = none). */
const EntityFieldsSchema = z.object({
  name: nonBlank.optional(),
  type: nonBlank.optional(),
  description: z.string().nullable().optional(),
  aliases: z.array(z.string()).optional(),
});

/** An edge id and its edited fields (`attributes: null` = none; `provenance` on relabels). */
const RelationFieldsSchema = z.object({
  id: nonBlank,
  relation: nonBlank.optional(),
  provenance: z.array(ProvenanceSchema).optional(),
  confidence: z.number().min(0).max(1).optional(),
  attributes: MetadataSchema.nullable().optional(),
});

const editBase = {
  id: nonBlank,
  target: nonBlank,
  reason: z.string().optional(),
  actor: z.string().optional(),
  at: z.string(),
  undone: z.boolean().optional(),
};

export const EditLogEntrySchema = z.discriminatedUnion('kind', [
  z.object({ ...editBase, kind: z.literal('entity.update'), before: EntityFieldsSchema, after: EntityFieldsSchema }),
  z.object({ ...editBase, kind: z.literal('relation.add'), after: RelationEdgeSchema }),
  z.object({ ...editBase, kind: z.literal('relation.update'), before: RelationFieldsSchema, after: RelationFieldsSchema }),
  z.object({ ...editBase, kind: z.literal('relation.remove'), before: RelationEdgeSchema }),
]);
export type EditLogEntry = z.infer<typeof EditLogEntrySchema>;
export type EntityFields = z.infer<typeof EntityFieldsSchema>;
export type RelationFields = z.infer<typeof RelationFieldsSchema>;

export const GraphSnapshotSchema = z.object({
  formatVersion: z.number().int(),
  nodes: z.array(EntityNodeSchema),
  edges: z.array(RelationEdgeSchema),
  schema: GraphSchemaSchema.optional(),
  mergeLog: z.array(MergeLogEntrySchema),
  /** Absent in snapshots written before edits existed. */
  editLog: z.array(EditLogEntrySchema).optional(),
});

// Queries, bodies and responses of the graph explorer and graph editing routes
// (routes/explorer-routes.ts), as zod schemas: the handlers parse with the same schemas the
// OpenAPI document publishes.
import { checkTitle, textProblem } from '@rag/core';
import { z } from 'zod';

const Id = z.string().min(1).max(500);
/** A name, type, alias or relation label: the title rules of documents (NFC; no control, zero-width or bidi characters). */
export const cleanLabel = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((v, ctx) => {
      const r = checkTitle(v);
      if ('problem' in r) ctx.addIssue({ code: 'custom', message: r.problem });
      else if (/[\t\n\r]/.test(v)) ctx.addIssue({ code: 'custom', message: 'must be one line of text' });
    })
    .overwrite((v) => v.normalize('NFC'));
const Label = cleanLabel(100);
/** Free text (a description): the text rules of documents, and no control characters but tab and line breaks. */
const FreeText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((v, ctx) => {
      const p = textProblem(v) ?? (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/u.test(v) ? 'contains a control character other than tab or a line break' : undefined);
      if (p) ctx.addIssue({ code: 'custom', message: p });
    });
/** `a,b,c` in a query string → ['a', 'b', 'c'] (empty parts dropped). */
const CsvList = z
  .string()
  .max(4000)
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));
const Flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const NeighbourhoodQuerySchema = z.object({
  id: Id,
  depth: z.coerce.number().int().min(1).max(2).default(1),
  limit: z.coerce.number().int().min(1).max(5000).default(150),
  types: CsvList.optional().describe('entity types to keep, comma-separated (the seed is always kept)'),
  relations: CsvList.optional().describe('relation labels to keep, comma-separated'),
  minConfidence: z.coerce.number().min(0).max(1).default(0),
  includeWeak: Flag.default(false).describe('also return provenance (mentions) and co-occurrence (co_occurs_with) edges'),
});

export const OverviewQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(5000).default(200) });

const AtLeastOne = (keys: readonly string[]) => (b: Record<string, unknown>) => keys.some((k) => b[k] !== undefined);

const ENTITY_FIELDS = ['name', 'type', 'description', 'aliases'] as const;
export const EntityPatchBodySchema = z
  .strictObject({
    name: cleanLabel(200).optional(),
    type: Label.optional(),
    description: FreeText(4000).nullable().optional().describe('null removes the description'),
    aliases: z.array(cleanLabel(200)).max(100).optional().describe('replaces the aliases'),
    reason: z.string().max(500).optional(),
  })
  .refine(AtLeastOne(ENTITY_FIELDS), { message: `give at least one of ${ENTITY_FIELDS.join(', ')}` });

export const RelationCreateBodySchema = z.strictObject({
  source: Id.describe('entity id'),
  target: Id.describe('entity id'),
  relation: Label,
  evidenceChunkId: Id.optional().describe('a chunk that states the relation; becomes its provenance'),
  note: z.string().max(500).optional(),
  confidence: z.number().min(0).max(1).optional(),
});

const RELATION_FIELDS = ['relation', 'confidence'] as const;
export const RelationPatchBodySchema = z
  .strictObject({ relation: Label.optional(), confidence: z.number().min(0).max(1).optional(), reason: z.string().max(500).optional() })
  .refine(AtLeastOne(RELATION_FIELDS), { message: `give at least one of ${RELATION_FIELDS.join(', ')}` });

export const EditUndoBodySchema = z.strictObject({ recordId: Id.optional().describe('default: the latest edit not undone') });

// --- responses ---------------------------------------------------------------------------

const ExplorerNodeSchema = z.object({ id: z.string(), name: z.string(), type: z.string(), degree: z.number().int() });
const ExplorerEdgeSchema = z.object({ id: z.string(), source: z.string(), target: z.string(), relation: z.string(), confidence: z.number(), weak: z.boolean() });
export const ExplorerGraphSchema = z.object({ seeds: z.array(z.string()), nodes: z.array(ExplorerNodeSchema), edges: z.array(ExplorerEdgeSchema), truncated: z.boolean() });
export const FacetsSchema = z.object({
  nodes: z.number().int(),
  edges: z.number().int(),
  types: z.array(z.object({ type: z.string(), count: z.number().int() })),
  relations: z.array(z.object({ relation: z.string(), count: z.number().int(), weak: z.boolean() })),
});
export const EditRecordSchema = z.looseObject({
  id: z.string(),
  kind: z.enum(['entity.update', 'relation.add', 'relation.update', 'relation.remove']),
  target: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  reason: z.string().optional(),
  actor: z.string().optional(),
  at: z.string(),
  undone: z.boolean().optional(),
});

// Every HTTP body and query the API accepts, as zod schemas: nothing from the network is used
// before it passed one of these.
import { checkId, fileNameProblem, questionProblem, TripleSchema } from '@rag/core';
import { StrictDocInputSchema, SUPPORTED_EXTENSIONS } from '@rag/indexer';
import { z } from 'zod';
import { cleanLabel } from './explorer-schemas.js';

/** A question: 1–2000 characters with at least one letter or digit (a question of only NUL or punctuation is refused). */
export const QuestionSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(2000, 'must be at most 2000 characters')
  .superRefine((q, ctx) => {
    const p = questionProblem(q);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });
const Question = QuestionSchema;
const MethodName = z.string().trim().min(1).max(64);
const Id = z.string().min(1).max(500);

export const BudgetSchema = z.strictObject({
  maxLlmCalls: z.number().int().min(0).max(1000).optional(),
  maxTokens: z.number().int().min(0).max(10_000_000).optional(),
  maxEmbeddingCalls: z.number().int().min(0).max(100_000).optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  maxWallMs: z.number().int().min(1).max(600_000).optional(),
});

export const AskBodySchema = z.strictObject({
  question: Question,
  method: MethodName.optional(),
  k: z.number().int().min(1).max(50).optional(),
  budget: BudgetSchema.optional(),
});

/** Query of GET /api/ask/stream (EventSource can only GET). */
export const AskStreamQuerySchema = z.object({
  question: Question,
  method: MethodName.optional(),
  k: z.coerce.number().int().min(1).max(50).optional(),
});

export const DocListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  q: z.string().max(200).optional(),
});

export const NodeSearchQuerySchema = z.object({ q: z.string().trim().min(1).max(200), limit: z.coerce.number().int().min(1).max(100).default(20) });

export const IndexBodySchema = z.strictObject({
  // Exactly {id, text, title?, metadata?} per document (unknown fields refused); the id, title,
  // text and metadata rules (@rag/indexer assertValidDocs) run on the whole request before any write.
  docs: z.array(StrictDocInputSchema.extend({ text: z.string().min(1).max(1_000_000) })).min(1).max(1000),
});

export const MergeBodySchema = z.strictObject({ keepId: Id, mergeId: Id, reason: z.string().max(500).optional() });
export const UndoBodySchema = z.strictObject({ recordId: Id.optional() });
export const SplitBodySchema = z.strictObject({
  nodeId: Id,
  name: cleanLabel(200),
  type: cleanLabel(64).optional(),
  aliases: z.array(cleanLabel(200)).max(50).optional(),
  chunkIds: z.array(Id).max(500).optional(),
  edgeIds: z.array(Id).max(500).optional(),
});
export const ProposalBodySchema = z.strictObject({
  triple: TripleSchema,
  source: z.string().min(1).max(100).default('api'),
  question: z.string().max(2000).optional(),
  answer: z.string().max(10_000).optional(),
});
/** Optional body of POST /api/proposals/:id/approve|reject: who decides and why (audited). */
export const DecisionBodySchema = z.strictObject({ reviewer: z.string().trim().min(1).max(100).optional(), note: z.string().max(1000).optional() });
const EditField = z.string().trim().min(1).max(200).optional();
export const ProposalEditBodySchema = z.strictObject({
  reviewer: z.string().trim().min(1).max(100).optional(),
  changes: z.strictObject({ head: EditField, relation: EditField, tail: EditField, headType: EditField, tailType: EditField }),
});
export const ExportQuerySchema = z.object({ format: z.enum(['graphml', 'gexf']).default('graphml') });

/** The file types an upload takes: the ones `rag index` reads (@rag/indexer's loaders). */
export const UPLOAD_EXTENSIONS: readonly string[] = SUPPORTED_EXTENSIONS;

/**
 * Upload file names: a plain base name of at most 255 UTF-8 bytes with an extension `rag index` reads. Rejects anything a
 * path could be built from (separators, "..", NUL, leading dots), so a name can never escape a
 * directory.
 */
export const UploadNameSchema = z
  .string()
  .min(1, 'must not be empty')
  .superRefine((n, ctx) => {
    // bytes, as the file system counts them (a 600-byte name is a 400 here, not a failed write later)
    const long = fileNameProblem(n);
    if (long) ctx.addIssue({ code: 'custom', message: long });
  })
  .refine((n) => !/[/\\\0]/.test(n), 'must not contain path separators or NUL')
  .superRefine((n, ctx) => {
    // the name becomes the document's id: the id rules apply (no control, zero-width or bidi characters)
    const id = checkId(n);
    if ('problem' in id) ctx.addIssue({ code: 'custom', message: id.problem });
  })
  .refine((n) => !n.startsWith('.') && !n.includes('..'), 'must not start with "." or contain ".."')
  .refine((n) => UPLOAD_EXTENSIONS.some((e) => n.toLowerCase().endsWith(e)), `unsupported file type: must end in ${UPLOAD_EXTENSIONS.join(', ')}`);

// zod schemas for every dataset line we read: dataset files are untrusted input.
import { z } from 'zod';

// The shared shape's line schemas are core contracts; re-exported for this package's readers.
export { CorpusLineSchema, QuestionLineSchema } from '@rag/core';

/** HotpotQA (distractor / fullwiki JSON) and 2WikiMultiHopQA share this record shape. */
export const HotpotRecordSchema = z.object({
  _id: z.string().min(1),
  question: z.string().min(1),
  answer: z.string(),
  type: z.string().optional(),
  level: z.string().optional(),
  supporting_facts: z.array(z.tuple([z.string(), z.number().int()])),
  context: z.array(z.tuple([z.string(), z.array(z.string())])),
});

/** 2WikiMultiHopQA adds evidence triples and (in some releases) answer aliases. */
export const TwoWikiRecordSchema = HotpotRecordSchema.extend({
  evidences: z.array(z.array(z.string())).optional(),
  answer_aliases: z.array(z.string()).optional(),
});

export const MusiqueRecordSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answer: z.string(),
  answer_aliases: z.array(z.string()).default([]),
  answerable: z.boolean().optional(),
  paragraphs: z.array(
    z.object({
      idx: z.number().int().optional(),
      title: z.string(),
      paragraph_text: z.string(),
      is_supporting: z.boolean().default(false),
    }),
  ),
});

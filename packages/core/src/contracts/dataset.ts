// The shared QA dataset shape: a directory with corpus.jsonl and questions.jsonl. Read by
// @rag/eval, written by @rag/train-data's question generator.
import { z } from 'zod';

export const CorpusLineSchema = z.object({
  id: z.string().min(1),
  title: z.string().optional(),
  text: z.string(),
});
export type CorpusLine = z.infer<typeof CorpusLineSchema>;

export const QuestionLineSchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answers: z.array(z.string()),
  supporting_ids: z.array(z.string()),
  type: z.string().optional(),
  /** Extra fields a producer may write (generator, evidence); readers ignore them. */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type QuestionLine = z.infer<typeof QuestionLineSchema>;

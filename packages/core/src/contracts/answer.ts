import { z } from 'zod';
import type { Cost } from '../trace/cost-meter.js';
import type { TraceEvent } from '../trace/trace.js';

export const CitationSchema = z.object({
  chunkId: z.string(),
  docId: z.string().optional(),
  /** Offsets into the source document's text. */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  quote: z.string().optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

export const VerdictOutcomeSchema = z.enum(['pass', 'fail', 'unknown']);
export type VerdictOutcome = z.infer<typeof VerdictOutcomeSchema>;

export const VerdictSchema = z.object({
  /** e.g. "relevance", "grounding", "adequacy", "sufficiency", "consistency", "claim". */
  check: z.string(),
  outcome: VerdictOutcomeSchema,
  score: z.number(),
  reason: z.string(),
  spans: z.array(z.object({ chunkId: z.string(), start: z.number(), end: z.number() })).default([]),
});
export type Verdict = z.infer<typeof VerdictSchema>;

export type AnswerStatus = 'answered' | 'abstained' | 'failed';

/**
 * What the answer text is: `span`, a phrase of the asked type read from the evidence (the
 * default when absent); `sentence`, the best supporting sentence, given whole because no phrase
 * of the asked type was found in it. A sentence answer — shown to people as a "passage answer" —
 * is evidence, not a claim: it is labelled `unsure`, never `verified`.
 */
export type AnswerForm = 'span' | 'sentence';

/**
 * What the answer's checks established, in words: `verified` only when every check passed on
 * what it could establish; `unsure` when a check could not establish it (e.g. the question does
 * not say what kind of answer it wants); `failed` when a check found the answer wrong.
 */
export interface AnswerVerification {
  status: 'verified' | 'unsure' | 'failed';
  reason: string;
}

export interface Answer {
  status: AnswerStatus;
  text: string;
  /** `sentence` when the text is the best supporting sentence rather than an answer phrase; absent means `span`. */
  form?: AnswerForm;
  citations: Citation[];
  verdicts?: Verdict[];
  /** The verdicts summed up; absent when the method does not verify its answers. */
  verification?: AnswerVerification;
  /** Chunks the answer was drawn from, ranked (for Recall@K of agents). */
  evidence?: { chunkId: string; docId: string; score: number }[];
  /** Where retrieval stopped, for staged methods. */
  stage?: string;
  retries?: number;
  cost: Cost;
  trace: TraceEvent[];
}

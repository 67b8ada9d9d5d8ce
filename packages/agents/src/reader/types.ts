// Shared shapes of the extractive reader: a scored evidence sentence and a picked answer.
import type { RankedChunk } from '@rag/core';
import type { TextSpan } from '../internal/spans.js';

/** One sentence of an evidence chunk, scored against the question. */
export interface Sent {
  chunk: RankedChunk;
  rank: number;
  text: string;
  /** Offsets into the chunk text. */
  start: number;
  end: number;
  terms: Set<string>;
  score: number;
  /** The chunk's subject, when this sentence opens with a pronoun that refers to it. */
  subject?: string;
}

/** A candidate answer span with the sentence it was read from. */
export interface Candidate {
  span: TextSpan;
  sent: Sent;
  score: number;
  /** How well the span's types fit the asked type (candidate-type.ts typeFit × headFit; 1 when not a typed name). */
  fit: number;
}

/** What a reader step returns: the answer text and the sentence that supports it. */
export interface ReadAnswer {
  text: string;
  sent: Sent;
  /** `sentence` when no phrase of the asked type was found and `text` is the best supporting sentence. */
  form?: 'span' | 'sentence';
  /** The bridge a next-hop answer was read through (next-hop.ts), for the trace. */
  via?: string;
  /** Which reader step answered (read-answer.ts). */
  path?: ReaderPath;
  /**
   * The answering step's own scores of its candidates, best first, one per distinct phrase
   * (at most MAX_ALTERNATIVES): the answer's and its runners-up. What the calibrator reads the
   * reader's margin from; absent for steps that score no candidates (yes/no).
   */
  alternatives?: ScoredAlternative[];
}

export type ReaderPath = 'docs-choice' | 'choice' | 'choice-by-value' | 'docs-yesno' | 'yesno' | 'docs' | 'docs-entry' | 'span' | 'next-hop' | 'sentence';

export interface ScoredAlternative {
  text: string;
  score: number;
  /** How well its type or shape fits what was asked (the candidate's `fit`; 1 when the step does not type). */
  fit?: number;
}

/** Runners-up kept with an answer (enough for a margin; round value). */
export const MAX_ALTERNATIVES = 8;

/** Wh-words and auxiliaries that carry no content for matching evidence. */
export const QUESTION_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'many', 'much', 'name', 'year', 'did', 'does', 'do', 'was', 'were', 'is', 'are']);

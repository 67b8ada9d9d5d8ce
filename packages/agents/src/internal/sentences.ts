// Sentences of a chunk with their content terms. A sentence opening with a pronoun inherits the
// terms of the chunk's first named subject (encyclopedic text is about its page entity): a cheap
// coreference proxy shared by the extractive answerer and IRCoT's embedded reasoning step.
import { sentenceSpans } from '@rag/core';
import { contentTerms, nameSpans } from './spans.js';

export const PRONOUN_START = /^\s*(he|she|it|they|his|her|its|their)\b/i;

export interface ChunkSentence {
  text: string;
  /** Offsets into the chunk text. */
  start: number;
  end: number;
  terms: Set<string>;
  /** The subject a leading pronoun refers to. */
  subject?: string;
}

export function chunkSentences(text: string): ChunkSentence[] {
  const spans = sentenceSpans(text);
  const subject = nameSpans(text)[0];
  const subjectTerms = subject && subject.start < 40 ? contentTerms(subject.text) : [];
  const out: ChunkSentence[] = [];
  for (const sp of spans.length ? spans : [{ start: 0, end: text.length }]) {
    const s = text.slice(sp.start, sp.end);
    if (!s.trim()) continue;
    const terms = new Set(contentTerms(s));
    const pronoun = PRONOUN_START.test(s) && subjectTerms.length > 0;
    if (pronoun) for (const t of subjectTerms) terms.add(t);
    out.push({ text: s, start: sp.start, end: sp.end, terms, ...(pronoun ? { subject: subject!.text } : {}) });
  }
  return out;
}

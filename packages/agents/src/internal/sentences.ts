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

// A title's full stop ("is Hon. Winnie Kiiza", "Dr. Smith") ends no sentence: the splitter's
// break after one is undone.
const TITLE_END = /\b(?:Hon|Dr|Mr|Mrs|Ms|Prof|Rev|Gen|Sen|Gov|Lt|Col|Capt|Sgt|Rep|Fr|Sr|Jr|St)\.\s*$/;

function joinTitles(spans: readonly { start: number; end: number }[], text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const sp of spans) {
    const prev = out.at(-1);
    if (prev && TITLE_END.test(text.slice(prev.start, prev.end)) && /^\s*\p{Lu}/u.test(text.slice(sp.start, sp.end))) prev.end = sp.end;
    else out.push({ start: sp.start, end: sp.end });
  }
  return out;
}

export function chunkSentences(text: string): ChunkSentence[] {
  const spans = joinTitles(sentenceSpans(text), text);
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

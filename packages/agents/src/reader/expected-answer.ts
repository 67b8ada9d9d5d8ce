// The expected answer of a question: the entity type (Person / Place / Organization / Work /
// Language / Date / Number …, from the wh-word and its head noun; @rag/verify's expectedType,
// overridden by the reader's own form for who / where / when / how many) and the head noun the
// wh-word governs ("what station" → station, "the name of the waterfall" → waterfall), read with
// the compromise tagger so nouns outside verify's lexicon count too.
import { memoByText } from '@rag/core';
import { expectedType, type AnswerType, type EntityType } from '@rag/verify';
import { parseOf } from '../internal/lazy-nlp.js';

export interface ExpectedAnswer {
  type: EntityType;
  /** The head noun of the wh-phrase, lower-cased and singular. */
  head?: string;
}

const BY_FORM: Partial<Record<AnswerType, EntityType>> = { person: 'Person', place: 'Place', date: 'Date', number: 'Number', yesno: 'YesNo' };
// Words between the wh-word and its noun phrase that carry no type: "what is the name of the X".
const SKIP = new Set(['is', 'was', 'are', 'were', 'the', 'a', 'an', 'name', 'names', 'of', 'kind', 'type', 'sort']);

interface TermJson {
  normal: string;
  tags: string[];
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The noun the question's what / which governs, or undefined (who / when / a bare "what"); memoised per question (every reading of the evidence asks). */
export const askedHead = memoByText(headOf);

function headOf(query: string): string | undefined {
  const sentences = parseOf(query).json() as { terms: TermJson[] }[];
  const terms = sentences.at(-1)?.terms ?? [];
  const at = terms.findIndex((t) => t.normal === 'what' || t.normal === 'which');
  if (at < 0) return undefined;
  let i = at + 1;
  // "What kind of university": the kind words are skipped only before "of".
  while (i < terms.length && SKIP.has(terms[i]!.normal)) i++;
  let head: string | undefined;
  for (; i < terms.length && i <= at + 8; i++) {
    const t = terms[i]!;
    const noun = t.tags.includes('Noun') && !t.tags.includes('Pronoun') && !t.tags.includes('ProperNoun');
    if (noun) head = t.normal;
    else if (t.tags.includes('Adjective') || t.tags.includes('Adverb') || t.tags.includes('ProperNoun') || /^\d/.test(t.normal)) {
      if (head) break;
    } else break;
  }
  return head ? singular(head.replace(/[^\p{L}-]/gu, '')) || undefined : undefined;
}

export function expectedAnswer(query: string, form: AnswerType): ExpectedAnswer {
  const fromVerify = expectedType(query);
  const head = askedHead(query) ?? fromVerify.head;
  // A head noun past verify's three-word window ("which Danish heavy metal band") is typed by
  // the same lexicon.
  const byHead = fromVerify.type === 'Thing' && head ? expectedType(`What ${head} is it?`).type : fromVerify.type;
  const type = BY_FORM[form] ?? byHead;
  return { type, ...(head ? { head } : {}) };
}

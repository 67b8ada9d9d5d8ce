// Common-noun answer candidates. Many questions ask for a descriptor rather than a name ("What
// position did X play?" → "striker", "Lilu is what?" → "a spirit"); the capitalised-name, date and
// number patterns of ../internal/spans.ts can never propose those. Here the `compromise` tagger's
// noun phrases are cut to their common-noun core (the trailing run of common nouns: "the lead
// vocalist of Counting Crows" → "lead vocalist"), so the generator can score them like any span.
import { memoByText } from '@rag/core';
import { parseOf } from '../internal/lazy-nlp.js';
import type { TextSpan } from '../internal/spans.js';

/** How a question asks for a common noun, or undefined when it does not. */
export type NounQuestion = 'descriptor' | 'copular';

// Head nouns whose answers are usually common nouns, not names.
const DESCRIPTOR_NOUNS = 'position|role|profession|occupation|job|career|genre|kind|type|sort|term|instrument|sport|species|breed|style|rank|field|discipline|trade|post|function|specialty|speciality|status';
const DESCRIPTOR = new RegExp(`\\b(?:what|which)\\s+(?:[\\w'-]+\\s+){0,2}?(?:${DESCRIPTOR_NOUNS})\\b`);
// "Lilu is what?", "… was known as what?"
const COPULAR_END = /\b(?:is|was|are|were|as)\s+(?:a|an)?\s*what\s*\??\s*$/;
// "What is a mazurka?" / "What was the Hanseatic League?": a short definition question.
const COPULAR_WHAT = /^what\s+(?:is|was|are|were)\s+(?:a|an|the\s+)?[^,;]{1,40}\??$/;

/** Whether (and how) the question asks for a common-noun answer. */
export function nounQuestion(query: string): NounQuestion | undefined {
  const q = query.toLowerCase().replace(/\s+/g, ' ').trim();
  if (DESCRIPTOR.test(q)) return 'descriptor';
  if (COPULAR_END.test(q)) return 'copular';
  if (COPULAR_WHAT.test(q) && !/\b(?:of|for|in|by|did|does|do|has|have)\b/.test(q.slice(8))) return 'copular';
  return undefined;
}

export interface NounPhraseSpan extends TextSpan {
  /** The phrase is the complement of "is / was a …" or an apposition ", a …,": a definition. */
  copular: boolean;
}

/** A term of the tagger's document, as its views hold it (read, never changed). */
interface Term {
  text: string;
  tags: ReadonlySet<string>;
  offset?: { start: number; length: number };
}

// Up to three modifiers between the article and the noun, none a function word ("is a demon of
// the underworld" does not make "underworld" a complement).
const MODIFIERS = String.raw`(?:(?!(?:of|in|on|at|to|for|from|by|with|and|or|the|a|an)\s)[\p{L}-]+\s+){0,3}`;
// Nouns that only carry the noun after them: "a word for a spirit", "a type of fish".
const TRANSPARENT = 'word|term|name|kind|type|sort|form|variety|species|member|example|genus';
const THROUGH = String.raw`(?:(?:${TRANSPARENT})\s+(?:for|of)\s+(?:(?:a|an|the)\s+)?${MODIFIERS})?`;
const COPULA_BEFORE = new RegExp(String.raw`\b(?:is|was|are|were|be|been|as)\s+(?:(?:a|an|the)\s+)?${MODIFIERS}${THROUGH}$`, 'iu');
const APPOSITION_BEFORE = new RegExp(String.raw`,\s*(?:a|an|the)\s+${MODIFIERS}${THROUGH}$`, 'iu');
const TRANSPARENT_HEAD = new RegExp(String.raw`(?:^|\s)(?:${TRANSPARENT})s?$`, 'i');

/**
 * Common-noun phrases of a sentence: the trailing run (at most 3 words) of lower-case common
 * nouns of each noun phrase the tagger finds, before any preposition or conjunction. Memoised
 * per sentence (the calibrator re-reads the same evidence); each caller gets its own copy.
 */
export const nounPhraseSpans = memoByText(nounPhrasesOf, { copy: (spans) => spans.map((s) => ({ ...s })) });

function nounPhrasesOf(sentence: string): NounPhraseSpan[] {
  const out: NounPhraseSpan[] = [];
  // The view's own terms with their offsets, not its `json()`: that also describes every noun
  // phrase (plural, root, determiner…), which doubled the cost and went unused.
  const doc = parseOf(sentence);
  doc.compute('offset');
  const phrases = (doc.nouns() as unknown as { docs: Term[][] }).docs;
  for (const phrase of phrases) {
    // Cut at the first preposition / conjunction: "spirit of the air" → "spirit".
    const terms: Term[] = [];
    for (const t of phrase) {
      if (t.tags.has('Preposition') || t.tags.has('Conjunction')) break;
      terms.push(t);
      if (/[,;:.!?)]\s*$/.test(t.text)) break;
    }
    const core: Term[] = [];
    for (let i = terms.length - 1; i >= 0; i--) {
      const t = terms[i]!;
      const word = t.text.replace(/[^\p{L}\p{M}\p{N}'-]+$/u, '');
      const common = t.tags.has('Noun') && !t.tags.has('ProperNoun') && !t.tags.has('Pronoun') && /^\p{Ll}/u.test(word);
      if (!common || core.length >= 3) break;
      core.unshift(t);
    }
    if (core.length === 0 || core[0]!.offset === undefined) continue;
    const first = core[0]!.offset!;
    const last = core[core.length - 1]!;
    const start = first.start;
    const end = last.offset!.start + last.text.replace(/[^\p{L}\p{M}\p{N}'-]+$/u, '').length;
    const text = sentence.slice(start, end);
    if (text.length < 3 || TRANSPARENT_HEAD.test(text)) continue;
    const before = sentence.slice(Math.max(0, start - 60), start);
    out.push({ kind: 'name', text, start, end, copular: COPULA_BEFORE.test(before) || APPOSITION_BEFORE.test(before) });
  }
  return out;
}

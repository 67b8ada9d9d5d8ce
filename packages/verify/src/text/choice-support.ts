// Is the option picked in "Which came first, A or B?" the right one? Established only for
// date comparisons (older, first, earlier / younger, later, more recent) when the evidence gives
// a year for each option — read from a sentence naming the option, one stating the event
// compared (born, founded, released …) preferred — and the picked option has the earlier (or
// later) year. Other comparisons (larger, more popular) are not read by the embedded check.
import type { RankedChunk } from '@rag/core';
import { contentTokens, normTokens, normalizePhrase } from './normalize.js';
import { splitSentences } from './sentences.js';
import { extractMentions } from './mentions.js';
import { lemmaTokens, relationCues, sameRelation } from './relation-cues.js';

export interface ChoiceSupport {
  established: boolean;
  reason: string;
}

const EARLIER = /\b(older|oldest|earlier|earliest|first|before|sooner)\b/i;
const LATER = /\b(younger|youngest|later|latest|more recent|most recent|newer|newest)\b/i;
const EVENT = /\b(born|founded|established|formed|released|created|built|opened|published|began|started|incorporated|premiered|launched)\b/i;

const COMPARATIVE = /\b(more|most|less|least|\w+er than|larger|largest|bigger|biggest|smaller|smallest|higher|highest|longer|longest|taller|tallest|greater|greatest|fewer|better|best|worse|worst)\b/i;

/**
 * "Which singer is American, A or B?": established when a sentence about the picked option
 * states every relation word of the question (singer, American) and no sentence about the other
 * option does, while the evidence does speak about the other option.
 */
function attributeChoice(query: string, answer: string, options: [string, string], chunks: readonly RankedChunk[]): ChoiceSupport {
  const picked = options.findIndex((o) => normalizePhrase(o) === normalizePhrase(answer) || normalizePhrase(o).includes(normalizePhrase(answer)));
  if (picked < 0) return { established: false, reason: `"${answer}" is not one of the options ${options.join(' / ')}` };
  const words = new Set(options.flatMap((o) => o.toLowerCase().split(/\s+/)).concat(options.flatMap((o) => normTokens(o))));
  const cues = relationCues(query, words);
  if (cues.length === 0) return { established: false, reason: 'the question names no attribute the options could be told apart by' };
  const about = (o: string) =>
    chunks.flatMap((c) => splitSentences(c.text).map((r) => c.text.slice(r.start, r.end))).filter((s) => {
      const toks = new Set(normTokens(s));
      return contentTokens(o).every((t) => toks.has(t));
    });
  const states = (s: string) => {
    const lemmas = lemmaTokens(s);
    return cues.every((q) => lemmas.some((t) => sameRelation(q, t.lemma)));
  };
  const mine = about(options[picked]!);
  const other = about(options[1 - picked]!);
  if (!mine.some(states)) return { established: false, reason: `no evidence sentence about ${options[picked]} states ${cues.map((c) => `"${c}"`).join(', ')}` };
  if (other.length === 0) return { established: false, reason: `the evidence says nothing about ${options[1 - picked]}, so the options cannot be told apart` };
  if (other.some(states)) return { established: false, reason: `the evidence states ${cues.map((c) => `"${c}"`).join(', ')} of both options` };
  return { established: true, reason: `the evidence states ${cues.map((c) => `"${c}"`).join(', ')} of ${options[picked]} and not of ${options[1 - picked]}` };
}

function yearOf(sentence: string): number | undefined {
  const years = [...sentence.matchAll(/\b(1\d{3}|20\d{2})\b/g)].map((m) => Number(m[1]));
  return years.length > 0 ? Math.min(...years) : undefined;
}

/** The two options of a choice question, as the names around its "or". */
export function choiceOptionsOf(query: string): [string, string] | undefined {
  const at = query.search(/\bor\b/i);
  if (at < 0) return undefined;
  const names = extractMentions(query).filter((m) => m.kind !== 'number');
  const before = names.filter((m) => m.end <= at).at(-1);
  const after = names.find((m) => m.start > at);
  return before && after ? [before.text, after.text] : undefined;
}

function valueOf(option: string, chunks: readonly RankedChunk[]): { year: number; sentence: string } | undefined {
  const want = contentTokens(option);
  let fallback: { year: number; sentence: string } | undefined;
  for (const chunk of chunks) {
    for (const s of splitSentences(chunk.text)) {
      const text = chunk.text.slice(s.start, s.end);
      const toks = new Set(normTokens(text));
      if (want.length === 0 || !want.every((t) => toks.has(t))) continue;
      const year = yearOf(text);
      if (year === undefined) continue;
      if (EVENT.test(text)) return { year, sentence: text };
      fallback ??= { year, sentence: text };
    }
  }
  return fallback;
}

export function choiceSupport(query: string, answer: string, chunks: readonly RankedChunk[]): ChoiceSupport {
  const options = choiceOptionsOf(query);
  const direction = LATER.test(query) ? 'later' : EARLIER.test(query) ? 'earlier' : undefined;
  if (options && !direction && !COMPARATIVE.test(query)) return attributeChoice(query, answer, options, chunks);
  if (!options || !direction) return { established: false, reason: 'the answer picks one of the options the question names, but the embedded check compares only dates (older, first, later …) and attributes one option has and the other not' };
  const picked = options.findIndex((o) => normalizePhrase(o) === normalizePhrase(answer) || normalizePhrase(o).includes(normalizePhrase(answer)));
  if (picked < 0) return { established: false, reason: `"${answer}" is not one of the options ${options.join(' / ')}` };
  const values = options.map((o) => valueOf(o, chunks));
  const missing = options.filter((_, i) => !values[i]);
  if (missing.length > 0) return { established: false, reason: `no evidence sentence gives a year for ${missing.join(' or ')}` };
  const [a, b] = values as unknown as [{ year: number }, { year: number }];
  if (a.year === b.year) return { established: false, reason: `the evidence gives the same year (${a.year}) for both options` };
  const right = (a.year < b.year) === (direction === 'earlier') ? 0 : 1;
  const said = `${options[0]}: ${a.year}, ${options[1]}: ${b.year}`;
  return right === picked
    ? { established: true, reason: `the evidence dates the options (${said}), so "${options[right]}" is the ${direction} one` }
    : { established: false, reason: `the evidence dates the options (${said}), which points to "${options[right]}", not "${answer}"` };
}

// Is the option picked in "Which came first, A or B?" the right one? Established only for
// date comparisons (older, first, earlier / younger, later, more recent) when the evidence gives
// a year for each option — read from a sentence naming the option, one stating the event
// compared (born, founded, released …) preferred — and the picked option has the earlier (or
// later) year. Other comparisons (larger, more popular) are not read by the embedded check.
import type { RankedChunk } from '@rag/core';
import { contentTokens, normTokens, normalizePhrase } from './normalize.js';
import { splitSentences } from './sentences.js';
import { extractMentions } from './mentions.js';

export interface ChoiceSupport {
  established: boolean;
  reason: string;
}

const EARLIER = /\b(older|oldest|earlier|earliest|first|before|sooner)\b/i;
const LATER = /\b(younger|youngest|later|latest|more recent|most recent|newer|newest)\b/i;
const EVENT = /\b(born|founded|established|formed|released|created|built|opened|published|began|started|incorporated|premiered|launched)\b/i;

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
  if (!options || !direction) return { established: false, reason: 'the answer picks one of the options the question names, but the embedded check compares only dates (older, first, later …)' };
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

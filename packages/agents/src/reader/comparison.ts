// Comparison questions that offer a choice ("Which is older, A or B?"): the attribute compared
// (a year for older / first / later, a number for larger / more …) is read for each option from
// the sentences that mention it, and the option with the wanted extreme wins; without both values
// the option with more supporting evidence is picked.
import { contentTerms, dateSpans, nameSpans, numberSpans, numberValue, yearOf } from '../internal/spans.js';
import type { ReadAnswer, Sent } from './types.js';

/** Cue words of the event a date comparison is usually about (birth, founding, release). */
const EVENT_CUE = /\b(born|founded|established|formed|released|created|built|opened|published|began|started|incorporated)\b/i;

/** "Which is older, A or B?" → ["A", "B"]; undefined when the question offers no choice. */
export function choiceOptions(query: string): [string, string] | undefined {
  const q = query.trim().replace(/\?+$/, '');
  // "Between A and B, which writer …?"
  const between = /^between\s+([^,]+?)\s+and\s+([^,]+?),\s*(?:which|who|what)\b/i.exec(q);
  if (between) return [between[1]!.trim(), between[2]!.trim()];
  const m = /(?:^|[,:]\s*)([^,:]+?)\s+or\s+([^,:]+)$/i.exec(q);
  if (!m) return undefined;
  // "the birth of Robert Young", "the forming of The Dandy Warhols": the event names no option.
  // A lower-case article is no part of an option; a capitalised one inside the question is part
  // of a name ("…formed first, The Exies or Circus Diablo?"), at its start it may be either.
  const atStart = m.index === 0;
  const clean = (s: string, first: boolean) =>
    s
      .replace(first && atStart ? /^(?:the|a|an|is|was|between)\s+/i : /^(?:the|a|an|is|was|between)\s+/, '')
      .replace(/^(?:who|which|what)\b.*?\b(?:is|was|were|are)\s+/i, '')
      .replace(/^(?:the\s+)?(?:birth|death|forming|formation|founding|release|launch|creation|opening|construction|publication)\s+of\s+/i, '')
      .trim();
  let a = clean(m[1]!, true);
  const b = clean(m[2]!, false);
  // "Which band was formed first The Exies or Circus Diablo": no comma, so A is the last name
  // in the text before "or".
  if (a.split(/\s+/).length > 3) {
    const names = nameSpans(m[1]!);
    const last = names[names.length - 1];
    // Keep a leading article that belongs to the name ("The Exies").
    a = last ? (/\bThe\s+$/.test(m[1]!.slice(0, last.start)) ? `The ${last.text}` : last.text) : a.split(/\s+/).slice(-3).join(' ');
  }
  if (!a || !b || !/[\p{Lu}\d]/u.test(a + b)) return undefined;
  return [a, b];
}

export function mentions(s: Sent, option: string): boolean {
  const toks = contentTerms(option);
  if (toks.length === 0) return false;
  // Short names must match whole ("Marie Curie" is not "Pierre Curie"); long ones mostly.
  const need = toks.length <= 3 ? 1 : 0.6;
  return toks.filter((t) => s.terms.has(t)).length / toks.length >= need;
}

/**
 * The year of the event a sentence states: the first date after the event cue ("formed in
 * Portland in 1994"), else the first date of the sentence ("Robert Young (1964 – 2014)").
 */
export function eventYear(sentence: string): number | undefined {
  const dates = dateSpans(sentence).sort((a, b) => a.start - b.start);
  const cue = EVENT_CUE.exec(sentence);
  const pick = (cue ? dates.find((d) => d.start > cue.index) : undefined) ?? dates[0];
  return pick ? yearOf(pick.text) : undefined;
}

export function answerChoice(query: string, [a, b]: [string, string], sents: Sent[]): ReadAnswer | undefined {
  const q = query.toLowerCase();
  const direction: 'min-year' | 'max-year' | 'max-num' | 'min-num' | undefined = /\b(older|oldest|earlier|earliest|first|before|founded first|longer ago)\b/.test(q)
    ? 'min-year'
    : /\b(younger|youngest|later|latest|more recent|most recent|newer|last)\b/.test(q)
      ? 'max-year'
      : /\b(more|most|larger|largest|bigger|biggest|higher|highest|longer|longest|taller|tallest|greater)\b/.test(q)
        ? 'max-num'
        : /\b(fewer|less|least|smaller|smallest|lower|lowest|shorter|shortest)\b/.test(q)
          ? 'min-num'
          : undefined;
  const info = [a, b].map((opt) => {
    const own = sents.filter((s) => mentions(s, opt));
    const best = own[0];
    let value: number | undefined;
    let valueSent: Sent | undefined;
    // Prefer sentences stating the event compared (born, founded, released…), then the rest.
    const ordered = [...own.filter((s) => EVENT_CUE.test(s.text)), ...own.filter((s) => !EVENT_CUE.test(s.text))];
    for (const s of ordered.slice(0, 3)) {
      if (value !== undefined || !direction) break;
      value = direction === 'min-year' || direction === 'max-year' ? eventYear(s.text) : numberValue(numberSpans(s.text)[0]?.text ?? '');
      if (value !== undefined) valueSent = s;
    }
    return { opt, best: valueSent ?? best, value, support: own.slice(0, 3).reduce((n, s) => n + s.score, 0) };
  });
  const [x, y] = info as [(typeof info)[0], (typeof info)[0]];
  if (!x.best && !y.best) return undefined;
  let pick = x.support >= y.support ? x : y;
  const byValue = direction !== undefined && x.value !== undefined && y.value !== undefined && x.value !== y.value;
  if (byValue) {
    const wantMin = direction === 'min-year' || direction === 'min-num';
    pick = (x.value! < y.value!) === wantMin ? x : y;
  }
  const sent = pick.best ?? (x.best ?? y.best)!;
  // The options' evidence support, the picked one first (a choice decided by the values may pick the less supported one).
  const alternatives = [pick, pick === x ? y : x].map((o) => ({ text: o.opt, score: o.support }));
  return { text: pick.opt, sent, path: byValue ? 'choice-by-value' : 'choice', alternatives };
}


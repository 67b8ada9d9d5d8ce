// How a graph's nodes and edges are matched to the hand-written gold. Names meet after
// normalisation (case, accents, punctuation, a leading "the", a trailing "(qualifier)"), on the
// gold entity's name or any of its aliases. Literal tails (dates, class nouns, demonyms) meet
// when their normalised forms are equal, dates after parsing to year / month / day, and class
// nouns when one phrase ends with the other ("American actor" ~ "actor").
import type { GoldEntity } from './gold-schema.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export function normName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)\s*$/, '')
    .replace(/['’]s\b/g, 's')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

export function entityKeys(e: GoldEntity): Set<string> {
  const keys = new Set<string>();
  for (const n of [e.name, ...(e.aliases ?? [])]) {
    const k = normName(n);
    if (k) keys.add(k);
  }
  return keys;
}

/** "14 July 1939", "July 14, 1939", "1939-07-14" → "1939-07-14"; "May 2015" → "2015-05"; "1991" → "1991". */
export function normDate(s: string): string | undefined {
  const t = s.toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  const iso = t.match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/);
  if (iso) return [iso[1], iso[2], iso[3]].filter(Boolean).join('-');
  const month = (w: string) => MONTHS.findIndex((m) => m.startsWith(w.slice(0, 3)) && w.length >= 3);
  const pad = (n: number) => String(n).padStart(2, '0');
  let m = t.match(/^(\d{1,2}) ([a-z]+)\.? (\d{3,4})$/);
  if (m && month(m[2]!) >= 0) return `${m[3]}-${pad(month(m[2]!) + 1)}-${pad(+m[1]!)}`;
  m = t.match(/^([a-z]+)\.? (\d{1,2}) (\d{3,4})$/);
  if (m && month(m[1]!) >= 0) return `${m[3]}-${pad(month(m[1]!) + 1)}-${pad(+m[2]!)}`;
  m = t.match(/^([a-z]+)\.? (\d{3,4})$/);
  if (m && month(m[1]!) >= 0) return `${m[2]}-${pad(month(m[1]!) + 1)}`;
  return undefined;
}

/** Whether a predicted literal tail states the gold literal. */
export function literalMatches(predicted: string, gold: string): boolean {
  const gd = normDate(gold);
  if (gd) return normDate(predicted) === gd;
  // plural and singular class nouns are one class ("horror films" ~ "horror film")
  const p = normName(predicted).replace(/s\b/g, '');
  const g = normName(gold).replace(/s\b/g, '');
  if (!p || !g) return false;
  if (p === g) return true;
  const pw = p.split(' ');
  const gw = g.split(' ');
  const [short, long] = pw.length <= gw.length ? [pw, gw] : [gw, pw];
  return short.join(' ') === long.slice(long.length - short.length).join(' ');
}

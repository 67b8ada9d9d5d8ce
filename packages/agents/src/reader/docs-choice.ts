// Choice questions over technical documentation ("`toEqual` or `toStrictEqual`: which one …?",
// "Which pool lets tests call `process.chdir()`: `threads` or `forks`?"): the options are the two
// identifiers joined by "or" / "vs"; the answer is the option whose own sentences (those naming it
// and not the other) best match the rest of the question. Docs state the property of the one that
// has it ("`forks` … supports `process.chdir()`"), seldom a comparison of both.
import { choiceOptions } from './comparison.js';
import type { ReadAnswer, Sent } from './types.js';

const CODE_PAIR = /`([^`]+)`\s*(?:,\s*)?(?:or|vs\.?|versus)\s*`([^`]+)`/i;
const WORD_PAIR = /(?:^|[\s,:])([\w@./-]+)\s+(?:or|vs\.?|versus)\s+([\w@./-]+)\s*\??\s*$/i;

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const strip = (s: string) => s.replace(/`/g, '').trim();

/** The two options of a docs choice question, code marks removed; undefined when it offers none. */
export function docsChoiceOptions(query: string): [string, string] | undefined {
  const code = CODE_PAIR.exec(query);
  if (code) return [code[1]!.trim(), code[2]!.trim()];
  const generic = choiceOptions(query);
  if (generic) return [strip(generic[0]), strip(generic[1])];
  const words = WORD_PAIR.exec(query.trim());
  return words ? [words[1]!, words[2]!] : undefined;
}

export function answerDocsChoice(query: string, sents: readonly Sent[]): ReadAnswer | undefined {
  const options = docsChoiceOptions(query);
  if (!options) return undefined;
  const keys = options.map(squash);
  if (keys.some((k) => !k) || keys[0] === keys[1]) return undefined;
  // A key that contains the other ("vmForks" and "forks") must not count the longer one's mentions.
  const names = (s: Sent, i: number) => {
    const text = squash(s.text);
    const other = keys[1 - i]!;
    const cleaned = other.includes(keys[i]!) ? text.split(other).join(' ') : text;
    return cleaned.includes(keys[i]!);
  };
  const best = options.map((_, i) => sents.filter((s) => names(s, i) && !names(s, 1 - i))[0]);
  const [a, b] = best;
  if (!a && !b) return undefined;
  const pick = !b || (a && a.score >= b.score) ? 0 : 1;
  const alternatives = options.map((text, i) => ({ text, score: best[i]?.score ?? 0 })).sort((x, y) => y.score - x.score);
  return { text: options[pick]!, sent: (pick === 0 ? a : b)!, path: 'docs-choice', alternatives };
}

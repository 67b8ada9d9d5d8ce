// Coverage of a question's entity mentions by evidence: each mention scores the largest share
// of its terms found together in one chunk, so "Merrimack River" half-matched by "Merrimack"
// counts 0.5 rather than 0 or 1. An acronym ("GPLv3") that a chunk spells out ("GNU General
// Public License") counts 1 there, when the chunks' texts are given.
import { acronymLetters, spellsOut } from '@rag/core';
import { extractMentions } from './mentions.js';
import { isStopWord, normTokens } from './normalize.js';

export interface EntityCoverage {
  /** Mean per-mention coverage, or undefined when the text names no entity. */
  coverage: number | undefined;
  mentions: { text: string; coverage: number }[];
}

export function entityCoverage(text: string, chunkTokens: ReadonlySet<string>[], chunkTexts: readonly string[] = []): EntityCoverage {
  const spelled = (mention: string) => {
    const letters = acronymLetters(mention);
    return letters !== undefined && chunkTexts.some((t) => spellsOut(t, letters));
  };
  const mentions = extractMentions(text)
    .map((m) => ({ text: m.text, terms: [...new Set(normTokens(m.text).filter((t) => !isStopWord(t)))] }))
    .filter((m) => m.terms.length > 0)
    .map((m) => {
      const coverage = Math.max(0, ...chunkTokens.map((s) => m.terms.filter((t) => s.has(t)).length / m.terms.length));
      return { text: m.text, coverage: coverage < 1 && spelled(m.text) ? 1 : coverage };
    });
  if (mentions.length === 0) return { coverage: undefined, mentions };
  return { coverage: mentions.reduce((s, m) => s + m.coverage, 0) / mentions.length, mentions };
}

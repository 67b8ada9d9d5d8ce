// Embedded V_grd(a, E) (A2RAG eq. 3): is the answer stated in the evidence? The answer's
// content terms are located in each chunk (normalised tokens: case, diacritics, numbers,
// ordinals, months folded); the best chunk scores 1 for an in-order span, else the share of
// terms inside the tightest window. Numbers and years must be equal, and a negation cue at
// the match halves the score, unless another sentence of the chunk states the answer in full
// without one. A yes/no answer cannot be found verbatim, so its proposition
// (the question's terms) must be covered by the evidence instead, and the sentence that states
// most of the question must not say the opposite: its clause's negation, read against the
// question's (stated-polarity.ts), decides. A negated supporting sentence that agrees with the
// answer is reported; an agreeing sentence with too little of the question in the evidence
// gives "unknown", not "fail".
import type { Validator } from '@rag/core';
import { QUESTION_WORDS } from '../text/stop-words.js';
import { contentTokens, normTokens } from '../text/normalize.js';
import { answerShape, isAbstention, questionForm } from '../text/answer-type.js';
import { entityCoverage } from '../text/coverage.js';
import { matchAnswer, termCoverage, type TextMatch } from '../text/match.js';
import { splitSentences } from '../text/sentences.js';
import { answerText, assertEvidence, assertQuery, assertUnit, makeVerdict, recordVerdict } from './verdict.js';
import { yesNoPolarity } from './yes-no-polarity.js';

export interface LexicalGroundingOptions {
  /** Pass when the best chunk's score reaches this (default 0.7: more than two thirds of the answer terms). */
  threshold?: number;
  /** Score multiplier when a negation cue sits at the match (default 0.5). */
  negationPenalty?: number;
}

export function createLexicalGroundingValidator(options: LexicalGroundingOptions = {}): Validator {
  const threshold = options.threshold ?? 0.7;
  const negationPenalty = options.negationPenalty ?? 0.5;
  assertUnit('threshold', threshold);
  assertUnit('negationPenalty', negationPenalty);
  return {
    check: 'grounding',
    async validate({ query, answer, evidence }, context) {
      assertQuery(query);
      assertEvidence(evidence);
      const text = answerText(answer).trim();
      const done = (outcome: 'pass' | 'fail', score: number, reason: string, spans: { chunkId: string; start: number; end: number }[] = [], data = {}) =>
        recordVerdict(makeVerdict('grounding', outcome, score, reason, spans), context, data);
      if (text.length === 0) return done('fail', 0, 'the answer is empty');
      if (isAbstention(text)) return done('fail', 0, 'the answer abstains; there is no claim to ground');
      if (evidence.chunks.length === 0) return done('fail', 0, 'no evidence to ground the answer in');

      const shape = answerShape(text);
      if (shape.yesno && questionForm(query) === 'yesno') {
        // The proposition is the question itself; its terms must be in the evidence.
        const chunkTokens = evidence.chunks.map((c) => new Set(normTokens(c.text)));
        const union = new Set(chunkTokens.flatMap((s) => [...s]));
        const terms = contentTokens(query).filter((t) => !QUESTION_WORDS.has(t));
        const rest = contentTokens(text).filter((t) => t !== 'yes' && t !== 'no');
        const cov = termCoverage([...terms, ...rest], union);
        // Every entity the proposition is about must be found, each within one chunk.
        const ents = entityCoverage(query, chunkTokens, evidence.chunks.map((c) => c.text));
        const score = Math.min(cov.coverage, ents.coverage ?? 1);
        const spans = evidence.chunks
          .map((c) => ({ c, m: matchAnswer(terms.join(' '), c.text) }))
          .filter((x) => x.m !== undefined)
          .slice(0, 3)
          .map(({ c, m }) => ({ chunkId: c.chunkId, start: m!.start, end: m!.end }));
        const covered = `${Math.round(cov.coverage * 100)}% of the question's terms are in the evidence` +
          (ents.coverage === undefined ? '' : `, entity coverage ${ents.coverage.toFixed(2)}`) +
          (cov.missing.length > 0 ? ` (missing: ${cov.missing.slice(0, 5).join(', ')})` : '');
        const polarity = yesNoPolarity(query, text, evidence.chunks, terms);
        if (polarity?.agrees === false)
          return done('fail', Math.min(score, threshold / 2), `yes/no answer: ${covered}; the supporting sentence states the opposite ("${polarity.clause.slice(0, 120)}")`, polarity.span ? [polarity.span] : spans, { yesno: true });
        const said = polarity?.negated ? `; the supporting sentence's negation ("${polarity.clause.slice(0, 120)}") agrees with "${text}"` : '; the polarity itself is not checked lexically';
        if (score >= threshold) return done('pass', score, `yes/no answer: ${covered}${said}`, spans, { yesno: true });
        // A sentence stating most of the question agrees with the answer, but the evidence holds too
        // few of the question's words to call it grounded: unsure, not wrong.
        if (polarity) return recordVerdict(makeVerdict('grounding', 'unknown', score, `yes/no answer: ${covered}${said}`, polarity.span ? [polarity.span] : spans), context, { yesno: true });
        return done('fail', score, `yes/no answer: ${covered}; the polarity itself is not checked lexically`, spans, { yesno: true });
      }

      let best: { chunkId: string; m: TextMatch; score: number } | undefined;
      for (const c of evidence.chunks) {
        const m = unnegatedMatch(text, c.text);
        if (!m) continue;
        let score = m.contiguous ? 1 : m.coverage;
        if (m.missingNumbers.length > 0) score = Math.min(score, threshold / 2);
        if (m.negated) score *= negationPenalty;
        if (!best || score > best.score) best = { chunkId: c.chunkId, m, score };
      }
      if (!best) return done('fail', 0, 'none of the answer terms occurs in the evidence');
      const { m } = best;
      const parts = [
        m.contiguous ? `answer span found in ${best.chunkId}` : `${Math.round(m.coverage * 100)}% of the answer terms found together in ${best.chunkId}`,
      ];
      if (m.missingNumbers.length > 0) parts.push(`numbers not in the evidence: ${m.missingNumbers.join(', ')}`);
      if (m.negated) parts.push('a negation cue sits at the match');
      return done(best.score >= threshold ? 'pass' : 'fail', best.score, parts.join('; '), [
        { chunkId: best.chunkId, start: m.start, end: m.end },
      ], { contiguous: m.contiguous, negated: m.negated });
    },
  };
}

/**
 * The answer's match in a chunk; when the first match has a negation cue at it, a sentence of the
 * chunk that states the answer in full without one ("Unlike `a`, `b` recycles cheaply. `a` is
 * slow": the second mention of `a`), offsets in the chunk.
 */
function unnegatedMatch(answer: string, chunk: string): TextMatch | undefined {
  const m = matchAnswer(answer, chunk);
  if (!m?.negated) return m;
  for (const r of splitSentences(chunk)) {
    const inner = matchAnswer(answer, chunk.slice(r.start, r.end));
    if (inner?.contiguous && !inner.negated) return { ...inner, start: inner.start + r.start, end: inner.end + r.start };
  }
  return m;
}

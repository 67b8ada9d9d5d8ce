// Claim-level citations: split an answer into claims (sentences and ";"-clauses), attach each
// to the evidence sentence that best supports it (token-level match, numbers equal, negation
// cue penalised), and flag the claims nothing supports.
import { invalidInput } from '@rag/core';
import type { Citation, Evidence } from '@rag/core';
import { matchAnswer } from '../text/match.js';
import { splitSentences } from '../text/sentences.js';

export interface AttributeClaimsOptions {
  answer: string;
  evidence: Pick<Evidence, 'chunks'>;
  /** A claim is supported when its best sentence scores at least this (default 0.7). */
  threshold?: number;
  /**
   * Start offset of a chunk in its source document. When given, spans are document offsets
   * (as `Citation` requires); otherwise they are offsets into the chunk's text.
   */
  chunkStart?: (chunkId: string) => number | undefined;
}

export interface ClaimSupport {
  chunkId: string;
  docId: string;
  start: number;
  end: number;
  quote: string;
  score: number;
}

export interface Claim {
  text: string;
  /** Offsets of the claim in the answer. */
  start: number;
  end: number;
  supported: boolean;
  score: number;
  support?: ClaimSupport;
}

export interface AttributedClaims {
  claims: Claim[];
  /** Share of claims that are supported (0 when the answer has none). */
  supportedShare: number;
  /** Citations of the supported claims, ready for `Answer.citations`. */
  citations: Citation[];
}

export function attributeClaims(options: AttributeClaimsOptions): AttributedClaims {
  const { answer, evidence } = options;
  if (typeof answer !== 'string') throw invalidInput('answer', 'must be a string');
  if (!evidence || !Array.isArray(evidence.chunks)) throw invalidInput('evidence', 'must have a "chunks" array');
  const threshold = options.threshold ?? 0.7;
  const sentences = evidence.chunks.map((c) => ({ chunk: c, spans: splitSentences(c.text) }));
  const claims: Claim[] = splitSentences(answer).map(({ start, end }) => {
    const text = answer.slice(start, end).replace(/[.;!?]+$/, '');
    let best: ClaimSupport | undefined;
    let bestLength = Number.POSITIVE_INFINITY;
    for (const { chunk, spans: single } of sentences) {
      // Each sentence alone, and joined with the one before it, so "She was born in X" after a
      // sentence naming her still supports "Marie … was born in X". Ties go to the shorter span.
      const spans = [...single, ...single.slice(1).map((s, i) => ({ start: single[i]!.start, end: s.end }))];
      for (const s of spans) {
        // The sentence (pair) bounds the match, so no token window is imposed inside it.
        const m = matchAnswer(text, chunk.text.slice(s.start, s.end), { window: Number.POSITIVE_INFINITY });
        if (!m) continue;
        let score = m.contiguous ? 1 : m.coverage;
        if (m.missingNumbers.length > 0) score = Math.min(score, threshold / 2);
        if (m.negated) score *= 0.5;
        if (!best || score > best.score || (score === best.score && s.end - s.start < bestLength)) {
          const offset = options.chunkStart?.(chunk.chunkId) ?? 0;
          best = { chunkId: chunk.chunkId, docId: chunk.docId, start: offset + s.start, end: offset + s.end, quote: chunk.text.slice(s.start, s.end), score };
          bestLength = s.end - s.start;
        }
      }
    }
    const score = best?.score ?? 0;
    return { text, start, end, supported: score >= threshold, score: Math.round(score * 1000) / 1000, ...(best ? { support: best } : {}) };
  });
  const supported = claims.filter((c) => c.supported);
  return {
    claims,
    supportedShare: claims.length ? supported.length / claims.length : 0,
    citations: supported.map((c) => ({ chunkId: c.support!.chunkId, docId: c.support!.docId, start: c.support!.start, end: c.support!.end, quote: c.support!.quote })),
  };
}

// Embedded V_rel(q, E) (A2RAG eq. 2): is the evidence about the question? Measured as the
// share of query content terms found in the evidence, blended with the share of query entity
// mentions (names, quoted titles, numbers) whose every term occurs in a single chunk.
import type { Validator } from '@rag/core';
import { QUESTION_WORDS } from '../text/stop-words.js';
import { contentTokens, normTokens } from '../text/normalize.js';
import { entityCoverage } from '../text/coverage.js';
import { matchAnswer, termCoverage } from '../text/match.js';
import { assertEvidence, assertQuery, assertUnit, makeVerdict, recordVerdict } from './verdict.js';

export interface LexicalRelevanceOptions {
  /** Pass when the blended score reaches this (default 0.5). */
  threshold?: number;
  /** Weight of entity coverage in the blend when the query names entities (default 0.5). */
  entityWeight?: number;
  /** Only the top `maxChunks` chunks are judged (default: all). */
  maxChunks?: number;
}

export function createLexicalRelevanceValidator(options: LexicalRelevanceOptions = {}): Validator {
  const threshold = options.threshold ?? 0.5;
  const entityWeight = options.entityWeight ?? 0.5;
  assertUnit('threshold', threshold);
  assertUnit('entityWeight', entityWeight);
  return {
    check: 'relevance',
    async validate({ query, evidence }, context) {
      assertQuery(query);
      assertEvidence(evidence);
      const chunks = evidence.chunks.slice(0, options.maxChunks ?? evidence.chunks.length);
      if (chunks.length === 0) return recordVerdict(makeVerdict('relevance', 'fail', 0, 'no evidence was retrieved'), context);
      const chunkTokens = chunks.map((c) => new Set(normTokens(c.text)));
      const union = new Set(chunkTokens.flatMap((s) => [...s]));
      const terms = contentTokens(query).filter((t) => !QUESTION_WORDS.has(t));
      const terms0 = termCoverage(terms, union);
      const ents = entityCoverage(query, chunkTokens, chunks.map((c) => c.text));
      const entityCov = ents.coverage;
      const score = entityCov === undefined ? terms0.coverage : (1 - entityWeight) * terms0.coverage + entityWeight * entityCov;
      const spans = chunks
        .map((c) => ({ c, m: matchAnswer(terms.join(' '), c.text) }))
        .filter((x) => x.m !== undefined && x.m.coverage > 0)
        .sort((a, b) => b.m!.coverage - a.m!.coverage)
        .slice(0, 3)
        .map(({ c, m }) => ({ chunkId: c.chunkId, start: m!.start, end: m!.end }));
      const missingEntities = ents.mentions.filter((m) => m.coverage < 1).map((m) => m.text);
      const reason =
        `query terms covered ${new Set(terms).size - terms0.missing.length}/${new Set(terms).size}` +
        (entityCov === undefined ? '' : `, entity coverage ${entityCov.toFixed(2)} over ${ents.mentions.length} mention(s)`) +
        (missingEntities.length > 0 ? ` (not fully found: ${missingEntities.slice(0, 5).join(', ')})` : '');
      return recordVerdict(makeVerdict('relevance', score >= threshold ? 'pass' : 'fail', score, reason, spans), context, {
        termCoverage: terms0.coverage,
        entityCoverage: entityCov,
      });
    },
  };
}

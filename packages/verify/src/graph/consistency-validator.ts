// Graph-grounded validation as a Validator (check "consistency"): pass iff S_cons ≥ γ
// (academic agentic RAG, Section 3.4). No subgraph, or nothing checkable, gives "unknown".
import { invalidInput } from '@rag/core';
import type { Embedder, Validator } from '@rag/core';
import { answerText, assertQuery, makeVerdict, recordVerdict } from '../validators/verdict.js';
import { consistencyScore, type AttributeSource } from './consistency-score.js';
import type { AnswerTagger } from './answer-tagger.js';

export interface ConsistencyValidatorOptions {
  /** Threshold γ (default 0.6). */
  gamma?: number;
  betas?: readonly [number, number, number];
  graph?: AttributeSource;
  /** Answer tagger: surface forms by default, `createLlmAnswerTagger({ model })` for the paper's LLM tagging. */
  tagger?: AnswerTagger;
  embedder?: Embedder;
}

export function createConsistencyValidator(options: ConsistencyValidatorOptions = {}): Validator {
  const gamma = options.gamma ?? 0.6;
  if (!Number.isFinite(gamma) || gamma < 0 || gamma > 1) throw invalidInput('gamma', 'must be a number in [0, 1]', { value: gamma });
  return {
    check: 'consistency',
    async validate({ query, answer, evidence }, context) {
      assertQuery(query);
      const text = answerText(answer);
      if (!evidence.subgraph || evidence.subgraph.nodes.length === 0)
        return recordVerdict(makeVerdict('consistency', 'unknown', 0, 'the evidence carries no subgraph to check against'), context);
      const s = await consistencyScore({
        answer: text,
        subgraph: evidence.subgraph,
        ...(options.betas ? { betas: options.betas } : {}),
        ...(options.graph ? { graph: options.graph } : {}),
        ...(options.tagger ? { tagger: options.tagger } : {}),
        ...(options.embedder ? { embedder: options.embedder } : {}),
        ...(context ? { context } : {}),
      });
      if (s.untagged)
        return recordVerdict(makeVerdict('consistency', 'unknown', 0, 'the answer tagger produced no usable tags'), context);
      if (s.score === undefined)
        return recordVerdict(makeVerdict('consistency', 'unknown', 0, 'the answer names no entity, relation or attribute to check'), context);
      const fmt = (x: number | undefined) => (x === undefined ? 'n/a' : x.toFixed(2));
      const reason = `S_cons = ${s.score.toFixed(3)} (EntAlign ${fmt(s.entAlign)}, RelAlign ${fmt(s.relAlign)}, AttrMatch ${fmt(s.attrMatch)}) ${s.score >= gamma ? '≥' : '<'} γ ${gamma}`;
      return recordVerdict(makeVerdict('consistency', s.score >= gamma ? 'pass' : 'fail', s.score, reason), context);
    },
  };
}

// Model-driven QueryAnalyzer (A2RAG §III-B seed extraction: entity mentions S_V and relation
// intents S_R; the academic agent's query type). The embedded analysis runs first (it is cheap
// and supplies keywords); the model's entities, relation intents, answer type and query type
// replace it when they validate. Entity mentions the query does not contain are dropped, so a
// model cannot seed retrieval with names it invented; if none survive, the embedded mentions
// stay. Invalid output after one re-ask, or a model error, falls back to the embedded analysis
// (traced as a fallback).
import { decide, invalidInput, quoteUntrusted, UNTRUSTED_DATA_NOTICE, type ChatModel, type QueryAnalysis, type QueryAnalyzer } from '@rag/core';
import { z } from 'zod';

export const QueryAnalysisReplySchema = z.object({
  entities: z.array(z.string().trim().min(1).max(200)).max(10).describe('Entity mentions, copied exactly as they appear in the question'),
  relations: z.array(z.string().trim().min(1).max(100)).max(10).describe('Relation intents, e.g. "director of", "born in"'),
  answerType: z.enum(['person', 'date', 'place', 'number', 'yesno', 'entity', 'other']),
  queryType: z.enum(['attr', 'rel', 'agg', 'multi']).describe('attr: one attribute of one entity; rel: a relation between entities; agg: count/sum/max over a set; multi: several hops'),
});

export interface LlmQueryAnalyzerOptions {
  model: ChatModel;
  /** The embedded analyzer: runs first (keywords) and decides when the model cannot. */
  fallback: QueryAnalyzer;
}

const SYSTEM = [
  'You analyse a question for a knowledge-graph retriever.',
  'List the entity mentions exactly as written in the question, the relation intents it asks about, the answer type and the query type.',
  UNTRUSTED_DATA_NOTICE,
  'Reply with JSON only.',
].join('\n');

export function createLlmQueryAnalyzer(options: LlmQueryAnalyzerOptions): QueryAnalyzer {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  if (!options.fallback || typeof options.fallback.analyze !== 'function') throw invalidInput('fallback', 'must be a QueryAnalyzer');
  return {
    async analyze(query, context) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const base = await options.fallback.analyze(query, context);
      const lower = query.toLowerCase();
      const { value } = await decide({
        decision: 'query-analysis',
        model: options.model,
        schema: QueryAnalysisReplySchema,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: `Question:\n${quoteUntrusted(query, { source: 'question' })}` },
        ],
        ...(context ? { context } : {}),
        temperature: 0,
        map: (reply): QueryAnalysis => {
          const entities = [...new Set(reply.entities.filter((e) => lower.includes(e.toLowerCase())))];
          return {
            ...base,
            entities: entities.length > 0 ? entities : base.entities,
            relations: reply.relations.length > 0 ? reply.relations : base.relations,
            answerType: reply.answerType,
            queryType: reply.queryType,
          };
        },
        fallback: () => base,
      });
      return value;
    },
  };
}

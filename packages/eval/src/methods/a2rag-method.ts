// The A2RAG staged retriever (local → bridge → PPR with provenance map-back) from
// @rag/retrievers; its stage is reported per question (A2RAG Fig. 4).
import { createLlmQueryAnalyzer } from '@rag/agents';
import { createA2ragRetriever, createHeuristicQueryAnalyzer, createHeuristicSufficiencyJudge, type A2ragStage } from '@rag/retrievers';
import { createCascadeSufficiencyJudge, createLlmSufficiencyJudge } from '@rag/verify';
import { RagError } from '@rag/core';
import type { EvalMethod } from '../types.js';
import { retrieverInstance } from './adapters.js';
import { booleanOption, numberOption, stringOption } from './method-options.js';

export const a2ragMethod: EvalMethod = {
  name: 'a2rag',
  kind: 'retriever',
  description: 'A2RAG staged retriever: entity + relation seeds, local → bridge → PPR with map-back',
  usesGraph: true,
  options: {
    relationSeeds: 'boolean, false = node-only seeds (A2RAG Table IV ablation); default true',
    stages: 'stages allowed, "+"-separated, e.g. local+bridge (default local+bridge+ppr)',
    llmAnalysis: 'boolean, with a model: the model extracts the seeds S_V, S_R (one call per question) instead of the phrase extractor (default false)',
    llmJudge: 'boolean, with a model: the stage-wise sufficiency check asks the model when the heuristic score is unsure (default true)',
    baseFusion: 'boolean, false = the graph ranking alone, without the lexical base-ranking fallback; default true',
    graphWeight: 'number in [0, 1]: fix the graph weight of the base-ranking fusion for every question (ablation)',
    fullAt: 'number in (0, 1]: anchoring² × entity coverage of a question at which the graph ranking gets full weight (default 0.05)',
    lexicalWeight: 'number ≥ 0: weight of the normalised BM25 score in the graph ranking (fusion.lexical, default 0.35)',
  },
  create: (stack, options) => {
    const relationSeeds = booleanOption(options, 'a2rag', 'relationSeeds');
    const model = stack.chat;
    const llmAnalysis = booleanOption(options, 'a2rag', 'llmAnalysis') ?? false;
    const llmJudge = booleanOption(options, 'a2rag', 'llmJudge') ?? true;
    const stagesText = stringOption(options, 'stages');
    const fusionOn = booleanOption(options, 'a2rag', 'baseFusion') ?? true;
    const weight = numberOption(options, 'a2rag', 'graphWeight');
    const fullAt = numberOption(options, 'a2rag', 'fullAt');
    const lexicalWeight = numberOption(options, 'a2rag', 'lexicalWeight');
    const stages = stagesText?.split('+').map((s) => s.trim());
    for (const s of stages ?? [])
      if (s !== 'local' && s !== 'bridge' && s !== 'ppr')
        throw new RagError('RAG_INVALID_INPUT', `--method-option a2rag.stages: unknown stage "${s}" (local, bridge, ppr)`, { details: { input: 'method-option' } });
    return retrieverInstance(
      createA2ragRetriever({
        index: stack.index,
        // Model mode: the same LLM decisions as the a2rag-agent's retriever (same defaults).
        ...(model && llmAnalysis ? { analyzer: createLlmQueryAnalyzer({ model, fallback: createHeuristicQueryAnalyzer() }) } : {}),
        ...(model && llmJudge
          ? { judge: createCascadeSufficiencyJudge({ cheap: createHeuristicSufficiencyJudge(), model: createLlmSufficiencyJudge({ model, fallback: createHeuristicSufficiencyJudge() }) }) }
          : {}),
        ...(relationSeeds !== undefined ? { relationSeeds } : {}),
        ...(stages ? { stages: stages as A2ragStage[] } : {}),
        ...(lexicalWeight !== undefined ? { fusion: { lexical: lexicalWeight } } : {}),
        baseFusion: fusionOn ? { ...(weight !== undefined ? { weight } : {}), ...(fullAt !== undefined ? { fullAt } : {}) } : false,
      }),
    );
  },
};

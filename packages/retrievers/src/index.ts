// @rag/retrievers public API. Named exports only.
export { createBm25Retriever } from './baselines/bm25-retriever.js';
export type { Bm25RetrieverOptions } from './baselines/bm25-retriever.js';
export { createDenseRetriever } from './baselines/dense-retriever.js';
export type { DenseRetrieverOptions } from './baselines/dense-retriever.js';
export { createHybridRetriever, reciprocalRankFusion } from './baselines/hybrid-retriever.js';
export type { HybridRetrieverOptions } from './baselines/hybrid-retriever.js';

export { createA2ragRetriever } from './a2rag/staged-retriever.js';
export { entityAnchoring } from './a2rag/graph-signal.js';
export type { A2ragRetrieverOptions, A2ragStage } from './a2rag/staged-retriever.js';
export { createHeuristicQueryAnalyzer } from './a2rag/query-analyzer.js';
export type { HeuristicQueryAnalyzerOptions } from './a2rag/query-analyzer.js';
export { createHeuristicSufficiencyJudge } from './a2rag/sufficiency-judge.js';
export type { HeuristicSufficiencyJudgeOptions } from './a2rag/sufficiency-judge.js';
export { alignEntitySeeds, alignRelationSeeds } from './a2rag/seeds.js';
export type { EntitySeed, SeedOptions } from './a2rag/seeds.js';
export { RELATION_CUES, relationCues } from './a2rag/relation-lexicon.js';

export { createGearRetriever } from './gear/gear-retriever.js';
export type { GearRetrieverOptions } from './gear/gear-retriever.js';
export type { GearFusion } from './gear/fusion.js';
export { pathImportance } from './gear/path-retrieval.js';

export { createAragTools } from './arag-tools/arag-tools.js';
export type { AragTools, AragToolsOptions, ChunkReadResult, SearchHit, Snippet } from './arag-tools/arag-tools.js';
export { createContextTracker } from './arag-tools/context-tracker.js';
export type { ContextTracker } from './arag-tools/context-tracker.js';
export { aragToolDescriptors } from './arag-tools/descriptors.js';
export type { AragToolDescriptor } from './arag-tools/descriptors.js';
export { ChunkReadInputSchema, KeywordSearchInputSchema, SemanticSearchInputSchema } from './arag-tools/schemas.js';
export type { ChunkReadInput, KeywordSearchInput, SemanticSearchInput } from './arag-tools/schemas.js';

// LangChain adapters: the ./langchain subpath export of this package (optional peer @langchain/core).

export { createTypedTraversal, HopSchema, TraversalPlanSchema } from './traversal/typed-traversal.js';
export type { Hop, StartCandidate, TraversalPlan, TraversalResult, TypedTraversal, TypedTraversalOptions } from './traversal/typed-traversal.js';

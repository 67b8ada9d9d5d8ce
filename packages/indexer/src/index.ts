// @rag/indexer public API. Named exports only.
export { VECTOR_NAMESPACES } from './types.js';
export type {
  Community,
  DocSummary,
  IndexManifest,
  Indexer,
  IndexerOptions,
  IngestFailure,
  IngestOptions,
  IngestProgress,
  IngestReport,
  IngestStage,
  RagIndex,
} from './types.js';

export { createIndexer, INDEXER_VERSION } from './indexer.js';
export { openIndex } from './open-index.js';
export type { OpenIndexOptions, OpenedIndex } from './open-index.js';

export { assertValidDocs, checkDocInput, StrictDocInputSchema, MAX_METADATA_BYTES } from './ingest/validate-docs.js';
export type { DocProblem } from './ingest/validate-docs.js';
export { scanStore } from './repair/scan-store.js';
export type { RefusedDoc, RefusedNode, StoreScan } from './repair/scan-store.js';
export { previousGeneration, rollbackGeneration } from './repair/rollback.js';
export type { Rollback } from './repair/rollback.js';

export { loadPath, loadFiles } from './loaders/load-path.js';
export { DEFAULT_MAX_BYTES, SUPPORTED_EXTENSIONS } from './loaders/load-types.js';
export type { JsonFieldMapping, LoadOptions, LoadProblem, LoadProblemReason, LoadResult } from './loaders/load-types.js';

export { chunkDocument, chunkId, estimateTokens, DEFAULT_CHUNK_TOKENS } from './chunking/chunker.js';
export type { ChunkerOptions } from './chunking/chunker.js';

export { createHeuristicTripleExtractor } from './extraction/heuristic-extractor.js';
export { guessType } from './extraction/entity-typing.js';
export { COOCCURS, MENTIONS, IS_A } from './extraction/relation-names.js';
export type { HeuristicTripleExtractorOptions } from './extraction/heuristic-extractor.js';
export { createTypedTripleExtractor } from './extraction/typed-extractor.js';
export type { TypedTripleExtractorOptions } from './extraction/typed-extractor.js';
export { templateRelations, weighByTemplate } from './extraction/template-weighting.js';
export { createLlmTripleExtractor, ExtractionReplySchema, buildExtractionPrompt } from './extraction/llm-extractor.js';
export type { ExtractionReply, ExtractionWarning, LlmTripleExtractorOptions } from './extraction/llm-extractor.js';
export { createKeywordIntentRouter, DOMAIN_CUES } from './extraction/keyword-intent-router.js';
export type { KeywordIntentRouterOptions } from './extraction/keyword-intent-router.js';
export { createLlmIntentRouter } from './extraction/llm-intent-router.js';
export type { LlmIntentRouterOptions } from './extraction/llm-intent-router.js';
export {
  DOMAIN_TEMPLATES,
  GENERAL_TEMPLATE,
  NEWS_TEMPLATE,
  LEGAL_TEMPLATE,
  MEDICAL_TEMPLATE,
  FINANCE_TEMPLATE,
  SCHOLARLY_TEMPLATE,
  templateFor,
} from './extraction/templates.js';
export { askJson } from './extraction/ask-json.js';
export type { AskJsonInput } from './extraction/ask-json.js';
export { normaliseRelation } from './extraction/relation-label.js';
export { estimateExtractionCost } from './extraction/cost-estimate.js';
export type { ExtractionCostEstimate, ExtractionCostOptions } from './extraction/cost-estimate.js';

export { createEntityResolver } from './resolution/entity-resolver.js';
export type { EntityResolver, EntityResolverOptions, ResolutionMerge, ResolutionStage } from './resolution/entity-resolver.js';
export { normalizeEntityName, initialsOf, asAcronym } from './resolution/normalize-name.js';
export { editSimilarity } from './resolution/lexical-similarity.js';

export { extractiveSummary } from './summaries/doc-summary.js';
export { buildCommunities } from './summaries/community-summaries.js';
export type { CommunityOptions } from './summaries/community-summaries.js';

export { createFeatureViewEmbedder, createGearViewEmbedders, FEATURE_FAMILIES } from './gear/feature-view-embedder.js';
export type { FeatureFamily, FeatureViewEmbedderOptions } from './gear/feature-view-embedder.js';
export { nodeText, edgeText } from './gear/path-texts.js';

export { readJournal, uncommitted } from './store/journal.js';
export type { JournalRecord } from './store/journal.js';
export { acquireStoreLock, describeHolder, holdsStoreLock, LOCK_FILE, readStoreLock, releaseStoreLock } from './store/store-lock.js';
export type { AcquireStoreLockOptions, StoreLock, StoreLockInfo } from './store/store-lock.js';
export { DEFAULT_COMPACT_RATIO } from './store/persist.js';
export type { DeltaSummary } from './store/delta-summary.js';
export type { OutdatedSegment } from './store/segment-versions.js';

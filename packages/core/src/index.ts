// @rag/core public API: contracts, errors, cost and trace. Named exports only.
export { RagError, invalidInput } from './errors.js';
export type { RagErrorCode, RagErrorOptions } from './errors.js';

export { SpanSchema, MetadataSchema, MetadataValueSchema, DocSchema, DocInputSchema, ChunkSchema } from './contracts/doc.js';
export type { Span, Metadata, Doc, DocInput, Chunk } from './contracts/doc.js';
export { ProvenanceSchema, EntitySchema, TripleSchema } from './contracts/graph.js';
export type { Provenance, Entity, Triple, GraphNodeRef, GraphEdgeRef, Subgraph } from './contracts/graph.js';
export { RankedChunkSchema } from './contracts/evidence.js';
export type { RankedChunk, Evidence } from './contracts/evidence.js';
export { CitationSchema, VerdictSchema, VerdictOutcomeSchema } from './contracts/answer.js';
export type { Citation, Verdict, VerdictOutcome, Answer, AnswerForm, AnswerStatus, AnswerVerification } from './contracts/answer.js';
export { ChatMessageSchema, ChatRoleSchema, ToolCallSchema } from './contracts/chat-model.js';
export type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ChatStreamChunk,
  TokenUsage,
  ToolCall,
  ToolDefinition,
} from './contracts/chat-model.js';
export type { Embedder, EmbedOptions } from './contracts/embedder.js';
export type { VectorStore, VectorRecord, VectorHit, MetadataFilter, FilterValue } from './contracts/vector-store.js';
export type { KeywordIndex, KeywordDocument, KeywordHit } from './contracts/keyword-index.js';
export type { Retriever, RetrieveOptions } from './contracts/retriever.js';
export type {
  AgentAction,
  AgentPolicy,
  AgentStep,
  AnswerGenerator,
  DomainTemplate,
  EntityLink,
  EntityLinker,
  Extraction,
  FailureType,
  GeneratedAnswer,
  IntentRoute,
  IntentRouter,
  QueryAnalysis,
  QueryAnalyzer,
  QueryRewriter,
  QueryType,
  SufficiencyDecision,
  SufficiencyJudge,
  TripleExtractor,
  ValidationCheck,
  Validator,
} from './contracts/strategies.js';

export { createTrace } from './trace/trace.js';
export type { Trace, TraceEvent, TraceEventKind, TraceListener } from './trace/trace.js';
export { DEFAULT_BUDGET } from './trace/budget.js';
export type { BudgetLimits } from './trace/budget.js';
export { createCostMeter, emptyCost } from './trace/cost-meter.js';
export type { Cost, CostMeter } from './trace/cost-meter.js';
export { createRunContext } from './trace/run-context.js';
export type { RunContext, TokenListener } from './trace/run-context.js';

export { writeFileAtomic } from './io/atomic-write.js';
export { lazyDefault } from './io/lazy-module.js';
export { contentHash } from './hash.js';

// Text utilities.
export { splitSentences, sentenceSpans } from './text/sentences.js';
export { acronymLetters, spellsOut, tokenEndsSentence } from './text/acronyms.js';
export type { Sentence } from './text/sentences.js';
export { tokenize, tokenizeWords } from './text/tokenize.js';
export { memoByText, setTextMemoEnabled, clearTextMemos } from './text/text-memo.js';
export type { TextMemo, TextMemoOptions } from './text/text-memo.js';
export { keywordTerms, englishKeywordTerms, camelParts, identifierMentions, numberTerms } from './text/keyword-terms.js';
export type { KeywordTermOptions } from './text/keyword-terms.js';
export type { TokenizeOptions, WordToken } from './text/tokenize.js';
export { ENGLISH_STOP_WORDS, isStopWord } from './text/stop-words.js';
export { countTokens, countMessageTokens } from './text/count-tokens.js';
export { normalizeText, stripDiacritics, matchKey, MATCH_KEY_VERSION } from './text/normalize.js';
export type { NormalizeOptions } from './text/normalize.js';

// Input validation.
export { assertValidText, assertValidId, assertValidK, decodeUtf8, DEFAULT_MAX_TEXT_BYTES } from './validate/assert-valid-text.js';
export type { TextLimits } from './validate/assert-valid-text.js';
export { MAX_ID_BYTES, MAX_TITLE_BYTES, MAX_FILE_NAME_BYTES, textProblem, checkId, checkTitle, cleanId, cleanTitle, fileNameProblem, questionProblem, assertQuestion } from './validate/clean-label.js';
export { assertValidVector } from './validate/assert-valid-vector.js';

// Embedded defaults.
export { createBm25Index, restoreBm25Index, restoreBm25Columns } from './embedded/bm25-index.js';
export { encodeBm25Columns, decodeBm25Columns, BM25_COLUMN_SECTIONS } from './embedded/bm25-columns.js';
export type { Bm25Columns } from './embedded/bm25-columns.js';
export { encodeBm25TermColumns, decodeBm25TermColumns, termColumnsToDocColumns, BM25_TERM_COLUMN_SECTIONS } from './embedded/bm25-term-columns.js';
export type { Bm25TermColumns } from './embedded/bm25-term-columns.js';
export { openBm25View, BM25_VIEW_RESTORED } from './embedded/bm25-view.js';
export type { Bm25Analyzer } from './embedded/bm25-analyzer.js';
export type { Bm25Index, Bm25Options, Bm25SearchOptions, Bm25Snapshot, Bm25TermStats } from './embedded/bm25-index.js';
export { createMemoryVectorStore, restoreMemoryVectorStore } from './embedded/memory-vector-store.js';
export type { MemoryVectorStore, MemoryVectorStoreOptions, LazyNamespace, VectorChanges, RowSource } from './embedded/memory-vector-store.js';
export type { VectorPrecision } from './embedded/vector-space.js';
export { encodeVectorNamespace, encodeQuantizedVectorNamespace, decodeVectorNamespace, decodeQuantizedVectorNamespace, decodeVectorNamespaceRows, VECTOR_NAMESPACE_MAGIC } from './embedded/vector-namespace-codec.js';
export type { VectorNamespaceData, QuantizedNamespaceData } from './embedded/vector-namespace-codec.js';
export { encodeBinaryFile, decodeBinaryFile, encodeStrings, decodeStrings, bytesOf, u32, i32, f32, f64, i8, jsonSection, readJsonSection } from './binary/binary-file.js';
export type { BinaryFile, EncodeOptions, SectionCompression } from './binary/binary-file.js';
export { stringColumn, blobStringColumn, columnToArray, columnSlice, sortedIndexOf } from './binary/string-column.js';
export type { StringColumn } from './binary/string-column.js';
export { binaryFileVersion, decodeBinaryFileLazy } from './binary/binary-file.js';
export type { LazyBinaryFile } from './binary/binary-file.js';
export { createHashingEmbedder, restoreHashingEmbedder } from './embedded/hashing-embedder.js';
export type { HashingEmbedder, HashingEmbedderOptions, HashingEmbedderSnapshot } from './embedded/hashing-embedder.js';
export { matchesFilter, assertValidFilter } from './embedded/metadata-filter.js';
export { createTopK } from './embedded/top-k.js';
export type { TopK } from './embedded/top-k.js';

// LLM helpers.
export { chatWithBudget } from './llm/chat-with-budget.js';
export type { ChatWithBudgetOptions } from './llm/chat-with-budget.js';
export { generateObject } from './llm/generate-object.js';
export type { GenerateObjectOptions, GenerateObjectResult } from './llm/generate-object.js';
export { parseJsonLoose, repairJson } from './llm/repair-json.js';
export { decide, decideText, isFatalForDecision, recordFallback } from './structured/decide.js';
export type { DecideOptions, DecideTextOptions, DecisionOutcome } from './structured/decide.js';
export { stripReasoning, looksLikeRefusal } from './structured/clean-model-text.js';
export { coerceToSchema } from './structured/coerce-to-schema.js';
export { quoteUntrusted, UNTRUSTED_DATA_NOTICE } from './llm/quote-untrusted.js';
export type { QuoteOptions } from './llm/quote-untrusted.js';
export { withRetry, backoffDelay } from './io/retry.js';
export type { RetryOptions } from './io/retry.js';
export { mulberry32 } from './random.js';
export { CorpusLineSchema, QuestionLineSchema } from './contracts/dataset.js';
export type { CorpusLine, QuestionLine } from './contracts/dataset.js';
export { connectionErrorCode } from './io/connection-error.js';
export {
  KG_ENTITY_TYPES,
  KG_LITERAL_TYPES,
  KG_WEAK_RELATIONS,
  RELATION_SCHEMA,
  KgEntityReplySchema,
  KgRelationReplySchema,
  KgExtractionReplySchema,
  canonicalRelation,
  snakeRelation,
  relationSpec,
  isSchemaRelation,
  describeRelationSchema,
} from './contracts/relation-schema.js';
export type { KgEntityType, KgExtractionReply, RelationSpec } from './contracts/relation-schema.js';

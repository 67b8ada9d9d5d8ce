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
export type { Citation, Verdict, VerdictOutcome, Answer, AnswerStatus } from './contracts/answer.js';
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
export type { RunContext } from './trace/run-context.js';

export { writeFileAtomic } from './io/atomic-write.js';
export { contentHash } from './hash.js';

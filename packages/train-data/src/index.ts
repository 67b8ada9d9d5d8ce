// @rag/train-data public API. Named exports only.

// Shared dataset shape and JSONL I/O.
export { CorpusLineSchema, QuestionLineSchema, readDataset, writeDataset } from './dataset/dataset-files.js';
export type { CorpusLine, DatasetFiles, QuestionLine } from './dataset/dataset-files.js';
export { parseJsonl, readJsonl, writeJsonl, toJsonl } from './io/jsonl.js';

// Stage 1: SFT data.
export { KnowledgeGraphSchema, GraphEntitySchema, GraphRelationSchema, templateGraphSchema } from './sft/graph-schema.js';
export type { KnowledgeGraph, TemplateGraphSchemaOptions } from './sft/graph-schema.js';
export { buildInstructions } from './sft/instructions.js';
export type { BuildInstructionsOptions, Instruction, InstructionSource, QuestionInput } from './sft/instructions.js';
export { extractionMessages, extractionSystemPrompt, extractionUserPrompt } from './sft/extraction-prompt.js';
export type { ExtractionPromptOptions } from './sft/extraction-prompt.js';
export { groundingProblems } from './sft/grounding.js';
export type { GroundingProblem } from './sft/grounding.js';
export { graphFacts, jaccard, pairHash } from './sft/similarity.js';
export { balanceByDomain } from './sft/balance.js';
export type { BalanceResult } from './sft/balance.js';
export { generateSftData, SFT_TEACHER_DECISION } from './sft/generate-sft.js';
export type { GenerateSftOptions, NearDuplicateOptions, RejectReason, SftPair, SftRejection, SftResult, SftSource } from './sft/generate-sft.js';
export { fallbackGraph } from './sft/fallback-graph.js';
export type { FallbackGraphOptions } from './sft/fallback-graph.js';
export {
  AlpacaRecordSchema,
  ChatRecordSchema,
  DatasetCardSchema,
  SFT_FILES,
  buildDatasetCard,
  datasetCardMarkdown,
  toAlpacaRecord,
  toChatRecord,
  writeSftDataset,
} from './sft/export-sft.js';
export type { AlpacaRecord, ChatRecord, DatasetCard, DatasetCardInput } from './sft/export-sft.js';

// Stage 2: reward data.
export type { LikelihoodRequest, LikelihoodScore, LikelihoodScorer } from './rewards/likelihood-scorer.js';
export { createOpenAiCompletionsScorer, CompletionsLogprobsReplySchema } from './rewards/openai-completions-scorer.js';
export type { OpenAiCompletionsScorerOptions } from './rewards/openai-completions-scorer.js';
export { createOllamaScorer, OllamaGenerateLogprobsReplySchema } from './rewards/ollama-scorer.js';
export type { OllamaScorerOptions } from './rewards/ollama-scorer.js';
export type { FetchLike } from './rewards/http.js';
export { graphRewards } from './rewards/reward.js';
export type { GraphRewards } from './rewards/reward.js';
export { answerPrompt, answerContinuation, linearizeGraph } from './rewards/answer-prompt.js';
export { generateRewardData, NO_SCORER_MESSAGE } from './rewards/generate-rewards.js';
export type { GenerateRewardOptions, RewardCandidate, RewardRecord, RewardResult, RewardSkip } from './rewards/generate-rewards.js';
export { PreferenceRecordSchema, REWARD_FILES, ReinforceRecordSchema, toPreferenceRecord, toReinforceRecords, writeRewardDataset } from './rewards/export-rewards.js';
export type { PreferenceRecord, ReinforceRecord } from './rewards/export-rewards.js';

// Question generation.
export { generateQuestions, corpusOf, SingleHopReplySchema, TwoHopReplySchema } from './questions/generate-questions.js';
export type { GenerateQuestionsOptions, GeneratedQuestions, QuestionRejection } from './questions/generate-questions.js';
export { generatePathQuestions } from './questions/path-questions.js';
export type { PathQuestionsOptions } from './questions/path-questions.js';

// HITL review queue.
export { openReviewQueue, ReviewItemSchema, AuditRecordSchema, ReviewStatusSchema, REVIEW_QUEUE_FILE } from './review/review-queue.js';
export type { ApproveOptions, AuditRecord, ReviewItem, ReviewQueue, ReviewQueueOptions, ReviewStatus, TripleEdit } from './review/review-queue.js';

// Teacher over an OpenAI-compatible server, and the CLI.
export { createOpenAiChatModel, ChatCompletionReplySchema } from './teacher/openai-chat-model.js';
export type { OpenAiChatModelOptions } from './teacher/openai-chat-model.js';
export { runTrainDataCli, NO_TEACHER_MESSAGE } from './cli/run-train-data-cli.js';
export type { TrainDataCliDeps, TrainDataCliIo } from './cli/run-train-data-cli.js';
export { loadCorpusInput } from './cli/corpus-index.js';
export type { CorpusInput, CorpusInputOptions } from './cli/corpus-index.js';

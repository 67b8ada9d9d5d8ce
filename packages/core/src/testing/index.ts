// @rag/core/testing: conformance suites any plugin can run (they register vitest blocks), and
// the scripted ChatModel test double. Requires vitest (optional peer dependency).
export { runVectorStoreConformance } from './vector-store-conformance.js';
export type { VectorStoreConformanceOptions } from './vector-store-conformance.js';
export { runEmbedderConformance } from './embedder-conformance.js';
export { runKeywordIndexConformance } from './keyword-index-conformance.js';
export { runChatModelConformance } from './chat-model-conformance.js';
export type { ChatModelConformanceOptions } from './chat-model-conformance.js';
export { createScriptedChatModel } from './scripted-chat-model.js';
export type { ChatScript, ScriptedChatModel, ScriptedChatModelOptions, ScriptedReply } from './scripted-chat-model.js';
export { expectRagError } from './expect-rag-error.js';
export { createOpenApiValidator } from './openapi-validator.js';
export type { OpenApiValidator } from './openapi-validator.js';
export { createSchemaFollowingChatModel, sampleFromSchema } from './schema-following-chat-model.js';
export type { SchemaFollowingChatModelOptions } from './schema-following-chat-model.js';
export { createMessyChatModel, damageText, parseModelFaults, MODEL_FAULTS } from './messy-chat-model.js';
export type { MessyChatModel, MessyChatModelOptions, ModelFault } from './messy-chat-model.js';
export { createOracleChatModel, findGold, evidenceBlocks, questionOf } from './oracle-chat-model.js';
export type { OracleChatModelOptions, OracleGold } from './oracle-chat-model.js';
export { ORACLE_CHAIN_MODES, type OracleChainMode } from './oracle-chain-step.js';

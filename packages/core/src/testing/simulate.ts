// @rag/core/simulate: the model simulators without the vitest-based suites, for tools (rag-eval
// --chat scripted|messy|oracle) that run outside a test runner. Simulators, not models.
export { createSchemaFollowingChatModel, sampleFromSchema } from './schema-following-chat-model.js';
export type { SchemaFollowingChatModelOptions } from './schema-following-chat-model.js';
export { createMessyChatModel, damageText, parseModelFaults, MODEL_FAULTS } from './messy-chat-model.js';
export type { MessyChatModel, MessyChatModelOptions, ModelFault } from './messy-chat-model.js';
export { loadDevPassages, scaleCorpus } from './scale-corpus.js';
export { createOracleChatModel, findGold, evidenceBlocks, questionOf } from './oracle-chat-model.js';
export type { OracleChatModelOptions, OracleGold } from './oracle-chat-model.js';
export { ORACLE_CHAIN_MODES, type OracleChainMode } from './oracle-chain-step.js';

// `--chat scripted|messy --fault <names>`: run any method on a model simulator instead of a
// service, so every model-driven path (and its fallbacks) runs without a model. The simulators
// are not models: answers produced this way measure robustness, never quality.
import { RagError, type ChatModel } from '@rag/core';
import { createMessyChatModel, createSchemaFollowingChatModel, parseModelFaults } from '@rag/core/simulate';

export function simulatedChat(kind: string, fault: string): { chat: ChatModel; describe: string } {
  if (kind === 'scripted') return { chat: createSchemaFollowingChatModel(), describe: 'scripted simulator (well-behaved, schema-following; not a model)' };
  if (kind === 'messy') {
    const faults = parseModelFaults(fault);
    return { chat: createMessyChatModel({ faults }), describe: `messy simulator, faults: ${faults.join(', ')} (not a model)` };
  }
  throw new RagError('RAG_INVALID_INPUT', `--chat: must be scripted or messy, got "${kind}"`, { details: { input: 'chat' } });
}

// `--chat scripted|messy|oracle --fault <names>`: run any method on a model simulator instead of a
// service, so every model-driven path (and its fallbacks) runs without a model. The simulators
// are not models: answers produced this way measure robustness (scripted, messy) or cost (oracle:
// calls, tokens, retries and stages when the model is right), never quality.
import { AsyncLocalStorage } from 'node:async_hooks';
import { RagError, type ChatModel } from '@rag/core';
import { createMessyChatModel, createOracleChatModel, createSchemaFollowingChatModel, ORACLE_CHAIN_MODES, parseModelFaults, type OracleChainMode, type OracleGold } from '@rag/core/simulate';
import type { EvalDataset, EvalQuestion } from '../types.js';

export interface SimulatedChat {
  chat: ChatModel;
  describe: string;
  /** Runs one question's work with that question's gold known to the simulator (oracle only). */
  questionScope?: <T>(question: EvalQuestion, run: () => Promise<T>) => Promise<T>;
  /** Whether figures made with it say nothing about quality, only about cost. */
  costOnly?: boolean;
}

export const CHAT_SIMULATORS = ['scripted', 'messy', 'oracle'] as const;

/**
 * `oracleChain` (`--oracle-chain`): how the oracle writes a reasoning chain (IRCoT's step):
 * "per-fact" (default) states each shown supporting passage before the answer sentence, "jump"
 * writes the answer sentence as soon as the gold is shown. Only the oracle takes it.
 */
export function simulatedChat(kind: string, fault: string, dataset?: EvalDataset, limit?: number, oracleChain?: string): SimulatedChat {
  if (oracleChain !== undefined && kind !== 'oracle')
    throw new RagError('RAG_INVALID_INPUT', `--oracle-chain: only with --chat oracle, got --chat ${kind}`, { details: { input: 'oracle-chain' } });
  if (oracleChain !== undefined && !(ORACLE_CHAIN_MODES as readonly string[]).includes(oracleChain))
    throw new RagError('RAG_INVALID_INPUT', `--oracle-chain: must be ${ORACLE_CHAIN_MODES.join(' or ')}, got "${oracleChain}"`, { details: { input: 'oracle-chain' } });
  if (kind === 'scripted') return { chat: createSchemaFollowingChatModel(), describe: 'scripted simulator (well-behaved, schema-following; not a model)' };
  if (kind === 'messy') {
    const faults = parseModelFaults(fault);
    return { chat: createMessyChatModel({ faults }), describe: `messy simulator, faults: ${faults.join(', ')} (not a model)` };
  }
  if (kind === 'oracle') return oracleChat(dataset, limit, (oracleChain ?? 'per-fact') as OracleChainMode);
  throw new RagError('RAG_INVALID_INPUT', `--chat: must be ${CHAT_SIMULATORS.join(', ')}, got "${kind}"`, { details: { input: 'chat' } });
}

function oracleChat(dataset: EvalDataset | undefined, limit: number | undefined, chain: OracleChainMode): SimulatedChat {
  const questions = dataset?.questions.slice(0, limit ?? dataset.questions.length) ?? [];
  const missing = questions.filter((q) => q.answers.filter((a) => a.trim() !== '').length === 0);
  if (!dataset || questions.length === 0 || missing.length > 0)
    throw new RagError(
      'RAG_INVALID_INPUT',
      `--chat oracle: needs a dataset whose every question has a gold answer${dataset ? `; ${dataset.name} has ${missing.length} question(s) without one (first: ${missing[0]?.id ?? 'none'})` : ''}`,
      { details: { input: 'chat', ...(missing[0] ? { question: missing[0].id } : {}) } },
    );
  const passages = new Map(dataset.corpus.map((d) => [d.id, d.text]));
  const scope = new AsyncLocalStorage<OracleGold>();
  return {
    chat: createOracleChatModel({ gold: () => scope.getStore(), chain }),
    describe: `oracle simulator (answers with the gold answer when the evidence shows it; reasoning chains: ${chain}; COST ONLY, NOT QUALITY; not a model)`,
    costOnly: true,
    questionScope: (q, run) =>
      scope.run({ answers: q.answers, supports: q.supportingIds.flatMap((id) => (passages.has(id) ? [passages.get(id)!] : [])) }, run),
  };
}

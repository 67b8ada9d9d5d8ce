// TAdaRAG stage 2 data: p candidate graphs per instruction sampled at temperature T from a
// policy model, each scored by how much it raises the likelihood of the gold answer (eq. 7).
// Without a LikelihoodScorer nothing is produced: rewards are never invented.
import { RagError, generateObject, type ChatMessage, type ChatModel, type RunContext } from '@rag/core';
import { extractionMessages } from '../sft/extraction-prompt.js';
import { templateGraphSchema, type KnowledgeGraph } from '../sft/graph-schema.js';
import type { Instruction } from '../sft/instructions.js';
import { answerContinuation, answerPrompt } from './answer-prompt.js';
import type { LikelihoodScorer } from './likelihood-scorer.js';
import { graphRewards } from './reward.js';

export interface RewardCandidate {
  k: number;
  graph: KnowledgeGraph;
  /** Mean NLL per answer token with this graph (L_graph). */
  lGraph: number;
  advantage: number;
  reward: number;
  approximate: boolean;
}

export interface RewardRecord {
  instructionId: string;
  domain: string;
  /** The extraction input (system + user), the x of π(g | x). */
  messages: ChatMessage[];
  /** The gold answer y. */
  answer: string;
  /** Mean NLL per answer token without a graph (L_base). */
  lBase: number;
  /** R̄_i. */
  meanAdvantage: number;
  candidates: RewardCandidate[];
  /** Samples that did not parse against the template schema (not scored). */
  invalidSamples: number;
  scorer: string;
  policy: string;
}

export interface RewardSkip {
  instructionId: string;
  reason: 'no-answer' | 'too-few-valid-graphs' | 'scorer-error' | 'policy-error';
  detail: string;
}

export interface GenerateRewardOptions {
  instructions: readonly Instruction[];
  /** Samples the candidate graphs (the SFT'd student, or the teacher). */
  policy: ChatModel;
  scorer: LikelihoodScorer | undefined;
  /** Candidates per instruction (default 3). */
  p?: number;
  /** Sampling temperature T (default 0.6, as in the paper). */
  temperature?: number;
  allowOtherRelations?: boolean;
  context?: RunContext;
  onProgress?: (event: { done: number; total: number; records: number }) => void;
}

export interface RewardResult {
  records: RewardRecord[];
  skipped: RewardSkip[];
  stopped?: string;
}

export const NO_SCORER_MESSAGE =
  'no likelihood scorer configured: reward data needs answer log-likelihoods from a server that returns them ' +
  '(an OpenAI-compatible /v1/completions server with echo + logprobs such as vLLM, or Ollama with logprobs); ' +
  'refusing to invent rewards';

export async function generateRewardData(options: GenerateRewardOptions): Promise<RewardResult> {
  if (!options.scorer) throw new RagError('RAG_CONFIG', NO_SCORER_MESSAGE, { details: { input: 'scorer' } });
  if (!options.policy || typeof options.policy.chat !== 'function') throw new RagError('RAG_CONFIG', 'policy: a ChatModel is required to sample candidate graphs', { details: { input: 'policy' } });
  const p = options.p ?? 3;
  if (!Number.isInteger(p) || p < 2) throw new RagError('RAG_INVALID_INPUT', `p: must be an integer ≥ 2 (eq. 7 compares candidates), got ${String(p)}`, { details: { input: 'p' } });
  const temperature = options.temperature ?? 0.6;
  const scorer = options.scorer;
  const records: RewardRecord[] = [];
  const skipped: RewardSkip[] = [];
  let stopped: string | undefined;
  const total = options.instructions.length;

  const nll = async (prompt: string, continuation: string) => {
    const s = await scorer.score({ prompt, continuation }, options.context);
    return { l: -s.logprob / Math.max(1, s.tokens), approximate: s.approximate };
  };

  outer: for (const [n, ins] of options.instructions.entries()) {
    const answer = ins.answers.find((a) => a.trim());
    if (!answer) {
      skipped.push({ instructionId: ins.id, reason: 'no-answer', detail: 'the question has no gold answer to score' });
      continue;
    }
    const messages = extractionMessages(ins, { allowOtherRelations: options.allowOtherRelations ?? false });
    const schema = templateGraphSchema(ins.template, { allowOtherRelations: options.allowOtherRelations ?? false });
    const graphs: { k: number; graph: KnowledgeGraph }[] = [];
    let invalid = 0;
    for (let k = 0; k < p; k++) {
      try {
        const r = await generateObject({ model: options.policy, schema, messages, retries: 0, temperature, seed: k, name: 'reward-sample', ...(options.context ? { context: options.context } : {}) });
        graphs.push({ k, graph: r.object });
      } catch (error) {
        if (RagError.isInstance(error, 'RAG_MODEL_OUTPUT_INVALID')) invalid++;
        else if (RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(error, 'RAG_ABORTED')) {
          stopped = `${error.code}: ${error.message}`;
          break outer;
        } else {
          skipped.push({ instructionId: ins.id, reason: 'policy-error', detail: error instanceof Error ? error.message : String(error) });
          continue outer;
        }
      }
    }
    if (graphs.length < 2) {
      skipped.push({ instructionId: ins.id, reason: 'too-few-valid-graphs', detail: `${graphs.length} of ${p} samples parsed against the template schema` });
      continue;
    }
    const y = answerContinuation(answer);
    try {
      const base = await nll(answerPrompt(ins), y);
      const scored = [];
      for (const g of graphs) scored.push({ ...g, ...(await nll(answerPrompt(ins, g.graph), y)) });
      const r = graphRewards(base.l, scored.map((s) => s.l));
      records.push({
        instructionId: ins.id,
        domain: ins.domain,
        messages,
        answer,
        lBase: base.l,
        meanAdvantage: r.mean,
        candidates: scored.map((s, i) => ({ k: s.k, graph: s.graph, lGraph: s.l, advantage: r.advantages[i]!, reward: r.rewards[i]!, approximate: s.approximate || base.approximate })),
        invalidSamples: invalid,
        scorer: scorer.id,
        policy: options.policy.id,
      });
    } catch (error) {
      if (RagError.isInstance(error, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(error, 'RAG_ABORTED')) {
        stopped = `${error.code}: ${error.message}`;
        break;
      }
      // A scorer that cannot score at all (unsupported server) is a configuration error: stop.
      if (RagError.isInstance(error, 'RAG_UNSUPPORTED') || RagError.isInstance(error, 'RAG_SERVICE_UNAVAILABLE')) throw error;
      skipped.push({ instructionId: ins.id, reason: 'scorer-error', detail: error instanceof Error ? error.message : String(error) });
    }
    options.onProgress?.({ done: n + 1, total, records: records.length });
  }
  return { records, skipped, ...(stopped ? { stopped } : {}) };
}

// Adapters from the toolkit's two method shapes — a Retriever and an agent's answer() — to
// the harness's MethodRun, so every method is measured by the same code.
import { createRunContext } from '@rag/core';
import { verificationOf } from '@rag/verify';
import type { Answer, BudgetLimits, Retriever } from '@rag/core';
import type { AnswerCorrectness, LlmStepCost, MethodInstance, MethodRun } from '../types.js';

/** Runs a Retriever with a fresh RunContext per question and reads cost off its meter. */
export function retrieverInstance(retriever: Retriever): MethodInstance {
  return {
    async run(question, { k, signal }) {
      const context = createRunContext(signal ? { signal } : {});
      const evidence = await retriever.retrieve(question, { k, context });
      const cost = context.meter.snapshot();
      return {
        ranked: evidence.chunks.map((c) => ({ chunkId: c.chunkId, docId: c.docId, score: c.score })),
        ...(evidence.stage !== undefined ? { stage: evidence.stage } : {}),
        llmCalls: cost.llmCalls,
        tokensIn: cost.tokensIn,
        tokensOut: cost.tokensOut,
        retries: cost.retries,
        evidence,
        ...fallbacksOf(context.trace.events),
        ...llmStepsOf(context.trace.events),
      } satisfies MethodRun;
    },
  };
}

/** What every agent in @rag/agents exposes. */
export interface AnsweringAgent {
  answer(question: string, options?: { budget?: BudgetLimits; signal?: AbortSignal }): Promise<Answer>;
}

export function agentInstance(agent: AnsweringAgent, budget?: BudgetLimits): MethodInstance {
  return {
    async run(question, { signal }) {
      const answer = await agent.answer(question, { ...(budget ? { budget } : {}), ...(signal ? { signal } : {}) });
      const verification = answer.verification ?? (answer.status !== 'abstained' ? verificationOf(answer.verdicts) : undefined);
      return {
        ranked: answer.evidence ?? [],
        // FAIL and ABSTAIN are unanswered, whatever text an agent kept for inspection.
        answer: answer.status === 'answered' ? answer.text : '',
        status: answer.status,
        ...(answer.status !== 'abstained' && verification ? { verification: verification.status } : {}),
        ...(verification ? { verificationReason: verification.reason } : {}),
        ...(answer.stage !== undefined ? { stage: answer.stage } : {}),
        ...correctnessOf(answer.trace),
        retries: answer.retries ?? answer.cost.retries,
        llmCalls: answer.cost.llmCalls,
        tokensIn: answer.cost.tokensIn,
        tokensOut: answer.cost.tokensOut,
        ...fallbacksOf(answer.trace),
        ...llmStepsOf(answer.trace),
        ...retrievedTokensIn(answer.trace),
        ...(answer.status === 'answered' ? readerPathOf(answer.trace, answer.text) : {}),
      };
    },
  };
}

/** Fallbacks recorded in a trace (`warning` events named "fallback"), counted by decision; and whether the budget ran out. */
export function fallbacksOf(trace: readonly { kind: string; name: string; data?: Record<string, unknown> }[] | undefined): { fallbacks?: Record<string, number>; budgetExceeded?: boolean } {
  const out: Record<string, number> = {};
  for (const e of trace ?? []) if (e.kind === 'warning' && e.name === 'fallback') out[String(e.data?.decision ?? 'unknown')] = (out[String(e.data?.decision ?? 'unknown')] ?? 0) + 1;
  const budget = (trace ?? []).some((e) => e.kind === 'decision' && e.name === 'budget');
  return { ...(Object.keys(out).length > 0 ? { fallbacks: out } : {}), ...(budget ? { budgetExceeded: true } : {}) };
}

/** Model calls and tokens by step: the trace's `llm` events grouped by name (every model call is one such event). */
export function llmStepsOf(trace: readonly { kind: string; name: string; calls?: number; tokensIn?: number; tokensOut?: number }[] | undefined): { llmSteps?: Record<string, LlmStepCost> } {
  const out: Record<string, LlmStepCost> = {};
  for (const e of trace ?? []) {
    if (e.kind !== 'llm') continue;
    const step = (out[e.name] ??= { calls: 0, tokens: 0 });
    step.calls += e.calls ?? 1;
    step.tokens += (e.tokensIn ?? 0) + (e.tokensOut ?? 0);
  }
  return Object.keys(out).length > 0 ? { llmSteps: out } : {};
}

/** The calibrator's score and features, from its trace decision "calibration" (the last one), when the agent scored its answer. */
export function correctnessOf(trace: readonly { kind: string; name: string; data?: Record<string, unknown> }[] | undefined): { correctness?: AnswerCorrectness } {
  const event = (trace ?? []).findLast((e) => e.kind === 'decision' && e.name === 'calibration');
  const d = event?.data;
  if (!d || typeof d.score !== 'number' || typeof d.threshold !== 'number' || typeof d.features !== 'object' || d.features === null) return {};
  const features = Object.fromEntries(Object.entries(d.features as Record<string, unknown>).filter((kv): kv is [string, number] => typeof kv[1] === 'number'));
  return { correctness: { score: d.score, threshold: d.threshold, features } };
}

/** The reader step that read the answer: the last "extractive-answer" decision that gave its text. */
export function readerPathOf(trace: readonly { kind: string; name: string; data?: Record<string, unknown> }[] | undefined, text: string): { readerPath?: string } {
  const e = (trace ?? []).findLast((x) => x.kind === 'decision' && x.name === 'extractive-answer' && x.data?.text === text && typeof x.data?.path === 'string');
  return e ? { readerPath: e.data!.path as string } : {};
}

/** Corpus tokens retrieved, from the A-RAG loop's summary decision, when the trace has one. */
function retrievedTokensIn(trace: readonly { kind: string; name: string; data?: Record<string, unknown> }[] | undefined): { retrievedTokens?: number } {
  const e = [...(trace ?? [])].reverse().find((x) => x.name === 'arag-loop' && typeof x.data?.retrievedTokens === 'number');
  return e ? { retrievedTokens: e.data!.retrievedTokens as number } : {};
}

// Scores one method run on one question: retrieval recall, answer metrics, cost.
import { containAcc } from './metrics/contain-acc.js';
import { exactMatch } from './metrics/exact-match.js';
import { f1Score } from './metrics/f1-score.js';
import { rankDocuments, recallAtK } from './metrics/recall-at-k.js';
import type { EvalQuestion, MethodRun, QuestionRecord } from './types.js';

export function scoreQuestion(input: {
  method: string;
  question: EvalQuestion;
  run: MethodRun;
  k: readonly number[];
  latencyMs: number;
  kgDeletion?: number;
}): QuestionRecord {
  const { question: q, run } = input;
  const docs = rankDocuments(run.ranked);
  const maxK = Math.max(...input.k);
  const recall: Record<string, number | null> = {};
  for (const k of input.k) recall[String(k)] = recallAtK(docs, q.supportingIds, k);
  const hasAnswer = run.answer !== undefined && q.answers.length > 0;
  return {
    method: input.method,
    ...(input.kgDeletion !== undefined ? { kgDeletion: input.kgDeletion } : {}),
    questionId: q.id,
    question: q.question,
    ...(q.type !== undefined ? { type: q.type } : {}),
    gold: q.answers,
    supportingIds: q.supportingIds,
    retrievedDocIds: docs.slice(0, maxK),
    recall,
    ...(run.answer !== undefined ? { answer: run.answer } : {}),
    ...(run.status !== undefined ? { status: run.status } : {}),
    ...(run.verification !== undefined ? { verification: run.verification } : {}),
    ...(run.verificationReason !== undefined ? { verificationReason: run.verificationReason } : {}),
    ...(run.correctness !== undefined ? { correctness: run.correctness } : {}),
    em: hasAnswer ? exactMatch(run.answer!, q.answers) : null,
    f1: hasAnswer ? f1Score(run.answer!, q.answers) : null,
    containAcc: hasAnswer ? containAcc(run.answer!, q.answers) : null,
    llmAcc: null,
    ...(run.stage !== undefined ? { stage: run.stage } : {}),
    ...(run.fallbacks ? { fallbacks: run.fallbacks } : {}),
    ...(run.budgetExceeded ? { budgetExceeded: true } : {}),
    ...(run.retrievedTokens !== undefined ? { retrievedTokens: run.retrievedTokens } : {}),
    ...(run.llmSteps ? { llmSteps: run.llmSteps } : {}),
    ...(run.readerPath !== undefined ? { readerPath: run.readerPath } : {}),
    retries: run.retries ?? 0,
    llmCalls: run.llmCalls,
    tokensIn: run.tokensIn,
    tokensOut: run.tokensOut,
    latencyMs: Math.round(input.latencyMs * 1000) / 1000,
  };
}

// The messages between the ask pool (main thread) and an ask worker. Everything crossing is
// structured-clonable: the question and its options go in; trace events, answer tokens, the
// agent's triple proposals and then one result or error come back. Errors travel as plain data
// and become RagErrors again on the other side.
import { RagError, type BudgetLimits, type RagErrorCode, type TraceEvent } from '@rag/core';
import type { AskResult } from '../../types.js';

/** How a worker opens the store: the directory and how the main process built its stack. */
export interface AskWorkerData {
  dir: string;
  /** The environment the stack is built from (services: OLLAMA_HOST, QDRANT_URL, …). */
  env: Record<string, string | undefined>;
  /** Where rag.config.* is looked up, and the explicit --config file if one was given. */
  cwd: string;
  configFile?: string;
  /** Sample questions the store offers (info only; kept for parity with the main service). */
  samples: string[];
}

export interface AskTask {
  type: 'ask';
  id: number;
  question: string;
  method?: string;
  k?: number;
  budget?: BudgetLimits;
  /** Send trace events / answer tokens back as they happen (streaming asks only). */
  events: boolean;
  tokens: boolean;
}

export type ToWorker = AskTask | { type: 'abort'; id: number } | { type: 'proposed'; id: number; ok: boolean; message?: string };

export interface WireError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export type FromWorker =
  | { type: 'ready'; generation: string }
  | { type: 'open-failed'; error: WireError }
  | { type: 'event'; id: number; event: TraceEvent }
  | { type: 'token'; id: number; text: string; generation: number }
  /** The agent proposed triples for the review queue: the main thread owns the queue file. */
  | { type: 'propose'; id: number; proposalId: number; proposals: unknown[] }
  /** `ms`: the worker's time for the ask; `reopened`: it opened a newer generation for it first. */
  | { type: 'result'; id: number; result: AskResult; ms: number; reopened: boolean }
  | { type: 'error'; id: number; error: WireError };

export function toWire(error: unknown): WireError {
  if (RagError.isInstance(error)) return { code: error.code, message: error.message, details: JSON.parse(JSON.stringify(error.details ?? {})) as Record<string, unknown> };
  return { code: 'RAG_INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

export function fromWire(error: WireError): Error {
  if (error.code === 'RAG_INTERNAL') return new Error(error.message);
  return new RagError(error.code as RagErrorCode, error.message, error.details ? { details: error.details } : {});
}

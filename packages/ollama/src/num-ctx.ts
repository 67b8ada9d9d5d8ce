// Sizing Ollama's context window (`num_ctx`) to the prompt. Ollama silently drops the start of
// a prompt longer than num_ctx, and reloads the model whenever num_ctx changes, so we (1)
// estimate the prompt conservatively, (2) round up to a power of two so only a handful of
// sizes ever occur, and (3) refuse, rather than truncate, a prompt that cannot fit.
import { RagError } from '@rag/core';

export const MIN_NUM_CTX = 2048;

/**
 * Upper-bound token estimate without the model's tokenizer. English BPE vocabularies average
 * ~4 characters per token; 3 leaves headroom for code, numbers and non-Latin text.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3);
}

export interface NumCtxInput {
  /** Estimated prompt tokens (messages, tool definitions, schema). */
  promptTokens: number;
  /** Tokens reserved for the answer. */
  outputTokens: number;
  /** Largest context the caller allows (and the model supports). */
  maxCtx: number;
  /** Smallest value to return, e.g. the last size used, so the model is not reloaded. */
  floor?: number;
  model: string;
}

function nextPowerOfTwo(n: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(1, n)));
}

/** The num_ctx to send, or RAG_CONTEXT_OVERFLOW when prompt + answer cannot fit in maxCtx. */
export function chooseNumCtx(input: NumCtxInput): number {
  const needed = input.promptTokens + input.outputTokens;
  if (needed > input.maxCtx) {
    throw new RagError(
      'RAG_CONTEXT_OVERFLOW',
      `prompt for model "${input.model}" needs about ${needed} tokens (${input.promptTokens} prompt + ${input.outputTokens} answer) but the context limit is ${input.maxCtx}; retrieve fewer or shorter chunks, or raise maxContextTokens`,
      { details: { model: input.model, estimatedTokens: needed, promptTokens: input.promptTokens, maxCtx: input.maxCtx } },
    );
  }
  const rounded = Math.max(MIN_NUM_CTX, nextPowerOfTwo(needed), input.floor ?? 0);
  return Math.min(rounded, input.maxCtx);
}

// LikelihoodScorer over an OpenAI-compatible /v1/completions endpoint that echoes the prompt with
// per-token log-probabilities (vLLM: `echo: true, logprobs: 1`). The whole text prompt +
// continuation is sent once; the continuation's tokens are those whose text offset falls at or
// after the prompt's end.
import { RagError, invalidInput, type RunContext } from '@rag/core';
import { z } from 'zod';
import { postJson, trimSlash, type FetchLike } from './http.js';
import type { LikelihoodRequest, LikelihoodScore, LikelihoodScorer } from './likelihood-scorer.js';

export const CompletionsLogprobsReplySchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        text: z.string(),
        logprobs: z.object({
          tokens: z.array(z.string()),
          token_logprobs: z.array(z.number().nullable()),
          text_offset: z.array(z.number().int().nonnegative()),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.number().int().nonnegative() }).partial().optional(),
});

export interface OpenAiCompletionsScorerOptions {
  /** Base URL including /v1, e.g. http://localhost:8000/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Tokens to generate after the echo; vLLM needs ≥ 1 on some versions (default 1, ignored). */
  maxTokens?: number;
}

/** Length in code points: vLLM reports offsets in Python (code point) units. */
const cpLength = (s: string) => [...s].length;

export function createOpenAiCompletionsScorer(options: OpenAiCompletionsScorerOptions): LikelihoodScorer {
  if (!options.baseUrl) throw invalidInput('baseUrl', 'is required (e.g. http://localhost:8000/v1)');
  if (!options.model) throw invalidInput('model', 'is required');
  const url = `${trimSlash(options.baseUrl)}/completions`;
  return {
    id: `openai-completions:${options.model}`,
    async score(request: LikelihoodRequest, context?: RunContext): Promise<LikelihoodScore> {
      if (!request.continuation) throw invalidInput('continuation', 'must not be empty');
      context?.meter.assertCanSpend('llm');
      const start = context?.trace.now();
      const reply = await postJson({
        url,
        service: 'likelihood scorer',
        schema: CompletionsLogprobsReplySchema,
        body: { model: options.model, prompt: request.prompt + request.continuation, echo: true, logprobs: 1, max_tokens: options.maxTokens ?? 1, temperature: 0 },
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.apiKey ? { headers: { authorization: `Bearer ${options.apiKey}` } } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...((request.signal ?? context?.signal) ? { signal: (request.signal ?? context?.signal)! } : {}),
      });
      const lp = reply.choices[0]!.logprobs;
      if (lp.tokens.length !== lp.token_logprobs.length || lp.tokens.length !== lp.text_offset.length)
        throw new RagError('RAG_SERVICE_ERROR', 'likelihood scorer: tokens, token_logprobs and text_offset differ in length', { details: { url } });
      const from = cpLength(request.prompt);
      const to = from + cpLength(request.continuation);
      let logprob = 0;
      let tokens = 0;
      let straddles = false;
      for (let i = 0; i < lp.tokens.length; i++) {
        const s = lp.text_offset[i]!;
        const e = s + cpLength(lp.tokens[i]!);
        if (e <= from || s >= to) continue;
        if (s < from) straddles = true;
        const v = lp.token_logprobs[i];
        if (v === null || v === undefined)
          throw new RagError('RAG_SERVICE_ERROR', `likelihood scorer: no log-probability for continuation token ${i} (${JSON.stringify(lp.tokens[i])})`, { details: { url, token: i } });
        logprob += v;
        tokens++;
      }
      if (tokens === 0) throw new RagError('RAG_SERVICE_ERROR', 'likelihood scorer: the reply covers no token of the continuation (does the server support echo?)', { details: { url } });
      const tokensIn = reply.usage?.prompt_tokens ?? lp.tokens.length;
      context?.trace.add({ kind: 'llm', name: 'likelihood', start: start ?? 0, end: context.trace.now(), calls: 1, tokensIn, tokensOut: 0, data: { model: reply.model ?? options.model, tokens } });
      context?.meter.recordLlm({ tokensIn, tokensOut: 0 });
      return {
        logprob,
        tokens,
        approximate: straddles,
        ...(straddles ? { note: 'the first continuation token also covers the end of the prompt' } : {}),
      };
    },
  };
}

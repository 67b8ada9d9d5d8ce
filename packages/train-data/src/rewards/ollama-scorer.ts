// LikelihoodScorer over Ollama's /api/generate. Ollama (client 0.6.3 types: `logprobs`,
// `top_logprobs` on GenerateRequest; `logprobs: Logprob[]` on GenerateResponse) returns
// log-probabilities of GENERATED tokens only — there is no echo of prompt log-probabilities. So
// the continuation is scored by teacher forcing, one call per token: send prompt + the part of
// the continuation consumed so far (raw mode, no chat template), generate one token with its top
// alternatives, and take the log-probability of the longest alternative that continues the
// text. When the true next piece is not among the top alternatives, its log-probability is
// bounded above by the smallest one returned; that score is marked approximate. This costs one
// request per continuation token, so answers should be short.
import { RagError, invalidInput, type RunContext } from '@rag/core';
import { z } from 'zod';
import { postJson, trimSlash, type FetchLike } from './http.js';
import type { LikelihoodRequest, LikelihoodScore, LikelihoodScorer } from './likelihood-scorer.js';

const TokenLogprobSchema = z.object({ token: z.string(), logprob: z.number() });
export const OllamaGenerateLogprobsReplySchema = z.object({
  model: z.string().optional(),
  response: z.string().optional(),
  prompt_eval_count: z.number().optional(),
  logprobs: z.array(TokenLogprobSchema.extend({ top_logprobs: z.array(TokenLogprobSchema).optional() })).optional(),
});

export interface OllamaScorerOptions {
  /** e.g. http://localhost:11434 (OLLAMA_HOST). */
  host: string;
  model: string;
  /** Alternatives per step (default 20). */
  topLogprobs?: number;
  /** Most tokens scored per continuation (default 64). */
  maxSteps?: number;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createOllamaScorer(options: OllamaScorerOptions): LikelihoodScorer {
  if (!options.host) throw invalidInput('host', 'is required (e.g. http://localhost:11434)');
  if (!options.model) throw invalidInput('model', 'is required');
  const host = /^https?:\/\//.test(options.host) ? options.host : `http://${options.host}`;
  const url = `${trimSlash(host)}/api/generate`;
  const top = options.topLogprobs ?? 20;
  const maxSteps = options.maxSteps ?? 64;
  return {
    id: `ollama:${options.model}`,
    async score(request: LikelihoodRequest, context?: RunContext): Promise<LikelihoodScore> {
      if (!request.continuation) throw invalidInput('continuation', 'must not be empty');
      let consumed = 0;
      let logprob = 0;
      let tokens = 0;
      let bounded = 0;
      const rest = request.continuation;
      while (consumed < rest.length) {
        if (tokens >= maxSteps)
          throw invalidInput('continuation', `longer than maxSteps=${maxSteps} tokens for the Ollama scorer (one request per token)`, { maxSteps });
        context?.meter.assertCanSpend('llm');
        const start = context?.trace.now();
        const reply = await postJson({
          url,
          service: 'ollama likelihood scorer',
          schema: OllamaGenerateLogprobsReplySchema,
          body: {
            model: options.model,
            prompt: request.prompt + rest.slice(0, consumed),
            raw: true,
            stream: false,
            logprobs: true,
            top_logprobs: top,
            options: { num_predict: 1, temperature: 0 },
          },
          ...(options.fetch ? { fetch: options.fetch } : {}),
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
          ...((request.signal ?? context?.signal) ? { signal: (request.signal ?? context?.signal)! } : {}),
        });
        context?.trace.add({ kind: 'llm', name: 'likelihood', start: start ?? 0, end: context.trace.now(), calls: 1, tokensIn: reply.prompt_eval_count ?? 0, tokensOut: 1 });
        context?.meter.recordLlm({ tokensIn: reply.prompt_eval_count ?? 0, tokensOut: 1 });
        const first = reply.logprobs?.[0];
        if (!first)
          throw new RagError('RAG_UNSUPPORTED', `ollama likelihood scorer: ${url} returned no logprobs; this Ollama server does not support the "logprobs" request field (upgrade Ollama)`, {
            details: { url },
          });
        const remaining = rest.slice(consumed);
        const candidates = [first, ...(first.top_logprobs ?? [])].filter((c) => c.token.length > 0 && remaining.startsWith(c.token));
        candidates.sort((a, b) => b.token.length - a.token.length || b.logprob - a.logprob);
        const hit = candidates[0];
        if (hit) {
          logprob += hit.logprob;
          consumed += hit.token.length;
        } else {
          // Not among the returned alternatives: p(piece) ≤ the smallest returned probability.
          const all = [first, ...(first.top_logprobs ?? [])];
          logprob += Math.min(...all.map((c) => c.logprob));
          bounded++;
          const word = /^\s*[^\s]+/.exec(remaining)?.[0] ?? remaining;
          consumed += Math.max(1, Math.min(word.length, 4));
        }
        tokens++;
      }
      return {
        logprob,
        tokens,
        approximate: bounded > 0,
        ...(bounded > 0 ? { note: `${bounded} piece(s) were not among the top ${top} alternatives; their log-probability is an upper bound` } : {}),
      };
    },
  };
}

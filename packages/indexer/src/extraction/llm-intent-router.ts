// LLM intent detection (TAdaRAG): the model picks the domain template for a document or query.
import { isFatalForDecision, quoteUntrusted, recordFallback, UNTRUSTED_DATA_NOTICE, type ChatModel, type DomainTemplate, type IntentRouter } from '@rag/core';
import { z } from 'zod';
import { askJson } from './ask-json.js';
import { createKeywordIntentRouter } from './keyword-intent-router.js';
import { DOMAIN_TEMPLATES } from './templates.js';

export interface LlmIntentRouterOptions {
  model: ChatModel;
  templates?: readonly DomainTemplate[];
  /** Characters of text shown to the model (default 2,000). */
  maxChars?: number;
  /** Routes when the model's reply fails validation after the re-ask or the model errors (default: keyword router). */
  fallback?: IntentRouter;
}

export function createLlmIntentRouter(options: LlmIntentRouterOptions): IntentRouter {
  const templates = options.templates ?? DOMAIN_TEMPLATES;
  const domains = templates.map((t) => t.domain);
  const Schema = z.object({ domain: z.string(), confidence: z.number().min(0).max(1).default(0.5) });
  const fallback = options.fallback ?? createKeywordIntentRouter();
  return {
    async route(text, context) {
      let reply: { domain: string; confidence: number };
      try {
        reply = await askJson(options.model, Schema, {
        system: `Classify the domain of the text for knowledge extraction. Domains:\n${templates.map((t) => `- ${t.domain}: ${t.description}`).join('\n')}\n${UNTRUSTED_DATA_NOTICE}`,
        user: quoteUntrusted(text.slice(0, options.maxChars ?? 2000)),
        maxRetries: 1,
        name: 'intent-routing',
        ...(context ? { context } : {}),
      });
      } catch (error) {
        if (isFatalForDecision(error)) throw error;
        recordFallback(context, 'intent-routing', error);
        return fallback.route(text, context);
      }
      // an unknown domain from the model falls back to the general template
      return domains.includes(reply.domain) ? { domain: reply.domain, confidence: reply.confidence } : { domain: 'general', confidence: 0 };
    },
  };
}

// Cost preflight: how many LLM calls and tokens an LLM extraction run would take, before
// spending anything, so callers can set a Budget or abort.
import { invalidInput, type DocInput } from '@rag/core';
import { chunkDocument, estimateTokens } from '../chunking/chunker.js';
import { buildExtractionPrompt } from './llm-extractor.js';
import { GENERAL_TEMPLATE } from './templates.js';

export interface ExtractionCostOptions {
  chunkTokens?: number;
  overlap?: number;
  segment: (text: string) => { start: number; end: number }[];
  /** One extra call per chunk when the intent router is an LLM (default false). */
  llmIntentRouter?: boolean;
  /** Output tokens assumed per input token of text (default 0.5, capped by maxOutputTokens). */
  outputRatio?: number;
  maxOutputTokens?: number;
}

export interface ExtractionCostEstimate {
  docs: number;
  chunks: number;
  llmCalls: number;
  tokensIn: number;
  tokensOut: number;
}

export function estimateExtractionCost(docs: DocInput[], options: ExtractionCostOptions): ExtractionCostEstimate {
  if (!Array.isArray(docs)) throw invalidInput('docs', 'must be an array');
  const prompt = estimateTokens(buildExtractionPrompt(GENERAL_TEMPLATE)) + 400; // + JSON schema
  const ratio = options.outputRatio ?? 0.5;
  const maxOut = options.maxOutputTokens ?? 1024;
  let chunks = 0;
  let tokensIn = 0;
  let tokensOut = 0;
  for (const d of docs) {
    for (const c of chunkDocument({ id: d.id, text: d.text, metadata: d.metadata ?? {} }, options)) {
      const t = estimateTokens(c.text);
      chunks++;
      tokensIn += prompt + t;
      tokensOut += Math.min(maxOut, Math.ceil(t * ratio));
      if (options.llmIntentRouter) {
        tokensIn += 150 + Math.min(t, 500);
        tokensOut += 20;
      }
    }
  }
  return { docs: docs.length, chunks, llmCalls: chunks * (options.llmIntentRouter ? 2 : 1), tokensIn, tokensOut };
}

// Shape shared by the versioned verification prompts.
import type { Evidence } from '@rag/core';
import { quoteData } from './quote.js';

export interface VerdictPromptInput {
  query: string;
  answer?: string;
  evidence: Evidence;
}

export interface VerdictPrompt {
  /** Stable id, recorded in traces with the version so a verdict can be traced to its prompt. */
  readonly id: string;
  readonly version: string;
  readonly system: string;
  user(input: VerdictPromptInput): string;
}

/** Evidence chunks as quoted data, one block per chunk, labelled with the chunk id to cite. */
export function quoteEvidence(evidence: Evidence, maxChars = 4000): string {
  if (evidence.chunks.length === 0) return '(no evidence was retrieved)';
  return evidence.chunks
    .map((c) => quoteData('evidence', c.text.length > maxChars ? `${c.text.slice(0, maxChars)} …` : c.text, c.chunkId))
    .join('\n');
}

export const OUTPUT_RULE =
  'Reply with one JSON object only, no prose around it: ' +
  '{"verdict": "pass" | "fail", "reason": "<one sentence>", "spans": [{"chunkId": "<id attribute of an evidence block>", "quote": "<exact text copied from that block>"}]}. ' +
  'The reason must agree with the verdict. Quotes must be copied exactly from the cited block.';

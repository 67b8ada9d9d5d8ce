// LLM answer tagger (the paper's "lightweight LLM-based tagging prompts"). Tags must be copied
// from the answer; a reply that invents them is retried, and after the retries the tagger
// gives up (undefined), so the consistency check reports "unknown" instead of guessing.
import { z } from 'zod';
import { createRunContext, invalidInput } from '@rag/core';
import type { ChatModel } from '@rag/core';
import { ANSWER_TAGS_PROMPT } from '../prompts/answer-tags-prompt.js';
import { normalizePhrase } from '../text/normalize.js';
import { callForJson } from '../llm/json-call.js';
import type { AnswerTagger, AnswerTags } from './answer-tagger.js';

export const AnswerTagsSchema = z.object({
  entities: z.array(z.string().min(1)).default([]),
  relations: z.array(z.object({ head: z.string().min(1), relation: z.string().optional(), tail: z.string().min(1) })).default([]),
  attributes: z
    .array(z.object({ value: z.union([z.string(), z.number()]).transform(String), entity: z.string().optional(), name: z.string().optional() }))
    .default([]),
});

export interface LlmAnswerTaggerOptions {
  model: ChatModel;
  maxAttempts?: number;
}

export function createLlmAnswerTagger(options: LlmAnswerTaggerOptions): AnswerTagger {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const maxAttempts = options.maxAttempts ?? 2;
  return {
    id: `llm:${options.model.id}`,
    async tag(answer, given) {
      const context = given ?? createRunContext();
      const inAnswer = ` ${normalizePhrase(answer)} `;
      const invented = (tags: AnswerTags) => {
        const strings = [...tags.entities, ...tags.relations.flatMap((r) => [r.head, r.tail]), ...tags.attributes.map((a) => a.value)];
        const missing = strings.filter((s) => !inAnswer.includes(` ${normalizePhrase(s)} `));
        return missing.length > 0 ? `these tags are not in the answer: ${missing.slice(0, 5).join(', ')}` : undefined;
      };
      const result = await callForJson({
        model: options.model,
        name: ANSWER_TAGS_PROMPT.id,
        promptVersion: ANSWER_TAGS_PROMPT.version,
        system: ANSWER_TAGS_PROMPT.system,
        user: ANSWER_TAGS_PROMPT.user(answer),
        schema: AnswerTagsSchema,
        inspect: invented,
        context,
        maxAttempts,
      });
      if (!result.value) context.trace.add({ kind: 'warning', name: ANSWER_TAGS_PROMPT.id, data: { problems: result.problems } });
      return result.value;
    },
  };
}

// What eq. 5 checks in an answer: its entities, its relations (head, relation, tail) and its
// attribute claims. The paper tags them with LLM prompts; the surface tagger does it without a
// model (capitalised runs and quoted titles; entity pairs in one sentence; numbers).
import type { RunContext } from '@rag/core';
import { extractMentions } from '../text/mentions.js';
import { splitSentences } from '../text/sentences.js';

export interface AnswerTags {
  entities: string[];
  relations: { head: string; relation?: string; tail: string }[];
  /** Attribute claims: a value (year, count, venue …), optionally the entity it belongs to. */
  attributes: { value: string; entity?: string; name?: string }[];
}

export interface AnswerTagger {
  readonly id: string;
  /** Undefined when the tagger could not produce usable tags (e.g. a model kept failing). */
  tag(answer: string, context?: RunContext): Promise<AnswerTags | undefined>;
}

export function createSurfaceTagger(): AnswerTagger {
  return {
    id: 'surface',
    async tag(answer) {
      const mentions = extractMentions(answer);
      const names = mentions.filter((m) => m.kind !== 'number');
      const relations: AnswerTags['relations'] = [];
      for (const s of splitSentences(answer)) {
        const inSentence = [...new Set(names.filter((m) => m.start >= s.start && m.end <= s.end).map((m) => m.text))];
        for (let i = 0; i < inSentence.length; i++)
          for (let j = i + 1; j < inSentence.length; j++) relations.push({ head: inSentence[i]!, tail: inSentence[j]! });
      }
      return {
        entities: [...new Set(names.map((m) => m.text))],
        relations,
        attributes: mentions.filter((m) => m.kind === 'number').map((m) => ({ value: m.text })),
      };
    },
  };
}

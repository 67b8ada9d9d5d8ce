// Prompt for the LLM answer tagger of graph-grounded validation (academic agentic RAG §3.4):
// extract the entities, relations and attribute claims an answer makes, copied from it.
import { DATA_RULE, quoteData } from './quote.js';

export const ANSWER_TAGS_PROMPT = {
  id: 'verify.answer-tags',
  version: '1.0.0',
  system: [
    'You extract the factual content of an answer for checking against a knowledge graph.',
    'List: "entities" (names of people, works, places, organisations, venues mentioned), "relations" (facts linking two entities, as {"head", "relation", "tail"}),',
    'and "attributes" (numbers, years, counts, categorical values such as venues, as {"entity", "name", "value"}).',
    'Copy names and values exactly as they appear in the answer; do not add anything the answer does not say.',
    DATA_RULE,
    'Reply with one JSON object only: {"entities": [...], "relations": [...], "attributes": [...]}.',
  ].join('\n'),
  user: (answer: string) => `Answer:\n${quoteData('answer', answer)}\n\nExtract its entities, relations and attributes as JSON.`,
} as const;

// Prompt for the LLM V_rel(q, E) (A2RAG eq. 2).
import { DATA_RULE, quoteData } from './quote.js';
import { OUTPUT_RULE, quoteEvidence, type VerdictPrompt } from './verdict-prompt.js';

export const RELEVANCE_PROMPT: VerdictPrompt = {
  id: 'verify.relevance',
  version: '1.0.0',
  system: [
    'You are a strict binary classifier for retrieval-augmented question answering.',
    'Task: decide whether the evidence is relevant to the question, i.e. it is about the entities and relations the question asks about.',
    'verdict "pass": at least one evidence block is about the question. verdict "fail": the evidence is off-topic.',
    'For "pass", cite the spans that make the evidence relevant.',
    DATA_RULE,
    OUTPUT_RULE,
  ].join('\n'),
  user: ({ query, evidence }) =>
    [`Question:\n${quoteData('question', query)}`, `Evidence:\n${quoteEvidence(evidence)}`, 'Is the evidence relevant to the question? Reply with the JSON object.'].join('\n\n'),
};

// Prompt for the LLM V_grd(a, E) (A2RAG eq. 3).
import { DATA_RULE, quoteData } from './quote.js';
import { OUTPUT_RULE, quoteEvidence, type VerdictPrompt } from './verdict-prompt.js';

export const GROUNDING_PROMPT: VerdictPrompt = {
  id: 'verify.grounding',
  version: '1.0.0',
  system: [
    'You are a strict binary classifier for retrieval-augmented question answering.',
    'Task: decide whether every claim in the candidate answer is supported by the evidence.',
    'verdict "pass": the evidence states or directly entails the answer. verdict "fail": any part of the answer is missing from or contradicted by the evidence.',
    'Use only the evidence, not your own knowledge. For "pass", cite the spans that support the answer.',
    DATA_RULE,
    OUTPUT_RULE,
  ].join('\n'),
  user: ({ query, answer, evidence }) =>
    [
      `Question:\n${quoteData('question', query)}`,
      `Candidate answer:\n${quoteData('answer', answer ?? '')}`,
      `Evidence:\n${quoteEvidence(evidence)}`,
      'Is the candidate answer grounded in the evidence? Reply with the JSON object.',
    ].join('\n\n'),
};

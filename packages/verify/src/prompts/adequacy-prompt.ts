// Prompt for the LLM V_ans(q, a) (A2RAG eq. 4). The evidence is not shown: adequacy is about
// whether the answer resolves the question, not whether it is true.
import { DATA_RULE, quoteData } from './quote.js';
import type { VerdictPrompt } from './verdict-prompt.js';

export const ADEQUACY_PROMPT: VerdictPrompt = {
  id: 'verify.adequacy',
  version: '1.0.0',
  system: [
    'You are a strict binary classifier for question answering.',
    'Task: decide whether the candidate answer resolves the question: it answers what was asked, with the right kind of answer',
    '(a person for who, a date for when, a number for how many, yes/no for a yes/no question), completely, without abstaining.',
    'Do not judge whether the answer is true; only whether it is an adequate answer to the question.',
    DATA_RULE,
    'Reply with one JSON object only, no prose around it: {"verdict": "pass" | "fail", "reason": "<one sentence>", "spans": []}. The reason must agree with the verdict.',
  ].join('\n'),
  user: ({ query, answer }) =>
    [
      `Question:\n${quoteData('question', query)}`,
      `Candidate answer:\n${quoteData('answer', answer ?? '')}`,
      'Does the candidate answer resolve the question? Reply with the JSON object.',
    ].join('\n\n'),
};

// One combined prompt for all three Triple-Check validators (A2RAG eqs. 2–4): one model call
// instead of three, at the price of a longer output the model must keep consistent.
import { DATA_RULE, quoteData } from './quote.js';
import { quoteEvidence, type VerdictPrompt } from './verdict-prompt.js';

export const TRIPLE_CHECK_PROMPT: VerdictPrompt = {
  id: 'verify.triple-check',
  // 1.1.0: the same three checks and reply shape in fewer words (the call runs on every attempt).
  version: '1.1.0',
  system: [
    'You are a strict verifier of an answer to a question. Judge independently:',
    'relevance: the evidence is about the entities and relation the question asks about;',
    'grounding: the evidence states or directly entails every claim of the answer;',
    'adequacy: the answer resolves the question with the right kind of answer, completely, without abstaining (not whether it is true).',
    DATA_RULE,
    'Reply with JSON only: {"relevance": V, "grounding": V, "adequacy": V}, V = {"verdict": "pass" | "fail", "reason": "<one sentence agreeing with the verdict>", "spans": [{"chunkId": "<evidence id>", "quote": "<text copied exactly from it>"}]}. A relevance or grounding pass cites a span.',
  ].join('\n'),
  user: ({ query, answer, evidence }) =>
    [
      `Question:\n${quoteData('question', query)}`,
      `Candidate answer:\n${quoteData('answer', answer ?? '')}`,
      `Evidence:\n${quoteEvidence(evidence)}`,
      'Judge relevance, grounding and adequacy. Reply with the JSON object.',
    ].join('\n\n'),
};

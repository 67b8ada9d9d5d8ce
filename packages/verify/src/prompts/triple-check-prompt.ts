// One combined prompt for all three Triple-Check validators (A2RAG eqs. 2–4): one model call
// instead of three, at the price of a longer output the model must keep consistent.
import { DATA_RULE, quoteData } from './quote.js';
import { quoteEvidence, type VerdictPrompt } from './verdict-prompt.js';

export const TRIPLE_CHECK_PROMPT: VerdictPrompt = {
  id: 'verify.triple-check',
  version: '1.0.0',
  system: [
    'You are a strict verifier for retrieval-augmented question answering. Judge three things independently:',
    '1. relevance: the evidence is about the question (entities and relations it asks about).',
    '2. grounding: every claim in the candidate answer is stated in or directly entailed by the evidence (use only the evidence).',
    '3. adequacy: the candidate answer resolves the question with the right kind of answer, completely, without abstaining (truth is not judged here).',
    DATA_RULE,
    'Reply with one JSON object only, no prose around it:',
    '{"relevance": V, "grounding": V, "adequacy": V} where each V is {"verdict": "pass" | "fail", "reason": "<one sentence>", "spans": [{"chunkId": "<id attribute of an evidence block>", "quote": "<exact text copied from that block>"}]}.',
    'Each reason must agree with its verdict. A relevance or grounding pass must cite spans; quotes must be copied exactly.',
  ].join('\n'),
  user: ({ query, answer, evidence }) =>
    [
      `Question:\n${quoteData('question', query)}`,
      `Candidate answer:\n${quoteData('answer', answer ?? '')}`,
      `Evidence:\n${quoteEvidence(evidence)}`,
      'Judge relevance, grounding and adequacy. Reply with the JSON object.',
    ].join('\n\n'),
};

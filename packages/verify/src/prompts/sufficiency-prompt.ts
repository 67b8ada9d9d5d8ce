// Prompt for the LLM sufficiency judge (academic agentic RAG §3.3): is the retrieved evidence
// enough to answer, and if not, what is missing (the expansion step uses it).
import { DATA_RULE, quoteData } from './quote.js';
import { quoteEvidence, type VerdictPromptInput } from './verdict-prompt.js';

export const SUFFICIENCY_PROMPT = {
  id: 'verify.sufficiency',
  version: '1.0.0',
  system: [
    'You judge whether retrieved evidence is sufficient to answer a question: every entity, relation and constraint the question needs must be present.',
    'Do not answer the question. Use only the evidence.',
    DATA_RULE,
    'Reply with one JSON object only: {"verdict": "sufficient" | "insufficient", "reason": "<one sentence>", "missing": ["<what is missing>", ...]}.',
    '"missing" must be empty for "sufficient" and non-empty for "insufficient".',
  ].join('\n'),
  user: ({ query, evidence }: VerdictPromptInput) =>
    [
      `Question:\n${quoteData('question', query)}`,
      ...(evidence.graphText ? [`Graph facts:\n${quoteData('graph', evidence.graphText)}`] : []),
      `Evidence:\n${quoteEvidence(evidence)}`,
      'Is the evidence sufficient? Reply with the JSON object.',
    ].join('\n\n'),
} as const;

// An AskResult to render in unit tests: a cited, verified a2rag-agent answer; override any field.
import type { AskResult } from '../../src/types.js';

export const askResult = (over: Partial<AskResult> = {}): AskResult => ({
  question: 'Who directed Maximum Overdrive?',
  method: 'a2rag-agent',
  kind: 'answer',
  status: 'answered',
  answer: 'Stephen King',
  form: 'span',
  citations: [{ n: 1, chunkId: 'c1', docId: 'd1', title: 'Maximum Overdrive', start: 0, end: 10, quote: 'written and directed by   Stephen King.' }],
  evidence: [{ rank: 1, chunkId: 'c1', docId: 'd1', title: 'Maximum Overdrive', score: 2, text: 'Maximum Overdrive is a 1986 film.' }],
  stage: 'local',
  retries: 0,
  cost: { llmCalls: 1, tokensIn: 10, tokensOut: 3, embeddingCalls: 0, retries: 0, wallMs: 5 } as AskResult['cost'],
  verdicts: [],
  verification: { status: 'verified', reason: 'relevance, grounding, answer type checks passed' },
  subgraph: { nodes: [], edges: [] },
  trace: [],
  ...over,
});

// The terminal rendering of an answer: the three verification states in words, and an
// abstention as a sentence with its reason instead of a blank answer.
import { describe, expect, it } from 'vitest';
import { formatAskResult } from '../src/cli/format.js';
import type { AskResult } from '../src/types.js';

const result = (over: Partial<AskResult> = {}): AskResult => ({
  question: 'When was Vic Darchinyan born?',
  method: 'a2rag-agent',
  kind: 'answer',
  status: 'answered',
  answer: '7 January 1976',
  citations: [],
  evidence: [],
  stage: 'local',
  retries: 0,
  cost: { llmCalls: 0, tokensIn: 0, tokensOut: 0, embeddingCalls: 0, retries: 0, wallMs: 5 } as AskResult['cost'],
  verdicts: [],
  verification: { status: 'verified', reason: 'the cited sentence says "born" next to the answer' },
  subgraph: { nodes: [], edges: [] },
  trace: [],
  ...over,
});

describe('formatAskResult', () => {
  it('prints the answer with its verification state and reason', () => {
    for (const status of ['verified', 'unsure', 'failed'] as const) {
      const out = formatAskResult(result({ verification: { status, reason: 'why' } }));
      expect(out).toContain('  Answer (answered): 7 January 1976');
      expect(out).toContain(`  Verification: ${status.toUpperCase()} — why`);
    }
  });

  it('prints an abstention as a sentence with its reason, not a blank answer', () => {
    const out = formatAskResult(
      result({ status: 'abstained', answer: '', verification: { status: 'unsure', reason: 'no answer: no passage mentions Vic Darchinyan' } }),
    );
    expect(out).toContain('  Abstained — no passage mentions Vic Darchinyan');
    expect(out).not.toContain('Answer (abstained)');
    expect(out).not.toContain('Verification:');
  });

  it('says when an abstaining method gave no reason', () => {
    expect(formatAskResult(result({ status: 'abstained', answer: '', verification: null }))).toContain('  Abstained (no reason given by the method)');
  });
});

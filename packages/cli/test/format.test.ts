// The terminal rendering of an answer: the three verification states in words, and an
// abstention as a sentence with its reason instead of a blank answer.
import { describe, expect, it } from 'vitest';
import { formatAskResult } from '../src/commands/format.js';
import type { AskResult } from '../src/types.js';
import { askResult } from './support/ask-result.js';

const result = (over: Partial<AskResult> = {}): AskResult =>
  askResult({ question: 'When was Vic Darchinyan born?', answer: '7 January 1976', citations: [], evidence: [], ...over });

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
      result({ status: 'abstained', answer: '', verification: { status: 'unsure', reason: 'no passage mentions Vic Darchinyan' } }),
    );
    expect(out).toContain('  Abstained — no passage mentions Vic Darchinyan');
    expect(out).not.toContain('Answer (abstained)');
    expect(out).not.toContain('Verification:');
  });

  it('labels a sentence answer a passage answer, not an exact answer', () => {
    const sentence = 'The OIA was first founded in 1940 as the Rural Oahu Interscholastic Association.';
    const reason = 'no phrase of the asked type was found; the best supporting sentence is shown';
    const out = formatAskResult(result({ answer: sentence, form: 'sentence', verification: { status: 'unsure', reason } }));
    expect(out).toContain('  Passage answer (answered; no exact answer found, the best supporting sentence):');
    expect(out).toContain(`    “${sentence}”`);
    expect(out).not.toContain('Answer (answered)');
    expect(out).toContain(`  Verification: UNSURE — ${reason}`);
  });

  it('says when an abstaining method gave no reason', () => {
    expect(formatAskResult(result({ status: 'abstained', answer: '', verification: null }))).toContain('  Abstained (no reason given by the method)');
  });
});

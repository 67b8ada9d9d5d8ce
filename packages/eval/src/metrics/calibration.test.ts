import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../types.js';
import { calibrationOf, matchesEitherWay } from './calibration.js';

const rec = (answer: string, gold: string, status: string, verification?: QuestionRecord['verification']): QuestionRecord => ({
  method: 'm',
  questionId: answer,
  question: 'q',
  gold: [gold],
  supportingIds: [],
  retrievedDocIds: [],
  recall: {},
  answer,
  status,
  ...(verification ? { verification } : {}),
  em: null,
  f1: null,
  containAcc: null,
  llmAcc: null,
  retries: 0,
  llmCalls: 0,
  tokensIn: 0,
  tokensOut: 0,
  latencyMs: 1,
});

describe('calibration', () => {
  it('matches whole words either way, never inside a word', () => {
    expect(matchesEitherWay('Columbus', ['Columbus, Ohio'])).toBe(true);
    expect(matchesEitherWay('the city of Columbus, Ohio', ['Columbus'])).toBe(true);
    expect(matchesEitherWay('no', ['Johnson'])).toBe(false);
    expect(matchesEitherWay('', ['x'])).toBe(false);
  });

  it('counts shares, verified precision and verified coverage', () => {
    const c = calibrationOf([
      rec('Paris', 'Paris', 'answered', 'verified'),
      rec('London', 'Warsaw', 'answered', 'verified'),
      rec('Warsaw', 'Warsaw', 'answered', 'unsure'),
      rec('Rome', 'Oslo', 'failed', 'failed'),
      rec('', 'Oslo', 'abstained'),
    ])!;
    expect(c).toEqual({ verified: 0.4, unsure: 0.2, failed: 0.2, abstained: 0.2, verifiedPrecision: 0.5, verifiedCoverage: 0.5 });
    expect(calibrationOf([rec('x', 'y', 'answered', 'unsure')])!.verifiedPrecision).toBeNull();
    expect(calibrationOf([])).toBeUndefined();
  });
});

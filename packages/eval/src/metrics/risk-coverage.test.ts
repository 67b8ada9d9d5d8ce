import { describe, expect, it } from 'vitest';
import type { QuestionRecord } from '../types.js';
import { calibrationOf } from './calibration.js';
import { riskCoverageOf } from './risk-coverage.js';

function record(id: string, answer: string, gold: string, extra: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    method: 'm', questionId: id, question: `q${id}?`, gold: [gold], supportingIds: [], retrievedDocIds: [], recall: {}, answer, status: 'answered',
    em: null, f1: null, containAcc: null, llmAcc: null, retries: 0, llmCalls: 0, tokensIn: 0, tokensOut: 0, latencyMs: 0, ...extra,
  };
}
const scored = (score: number) => ({ correctness: { score, threshold: 0.6, features: {} } });

// Six answers: four scored (0.9 right, 0.8 wrong, 0.7 right, 0.3 right), one sentence answer
// without a score (right), one abstention.
const records = [
  record('1', 'Paris', 'Paris', scored(0.9)),
  record('2', 'Lyon', 'Nice', scored(0.8)),
  record('3', 'Rome', 'Rome', scored(0.7)),
  record('4', 'Oslo', 'Oslo', scored(0.3)),
  record('5', 'The capital is Bern.', 'Bern', { verification: 'unsure' }),
  record('6', '', 'Vienna', { status: 'abstained' }),
];

describe('riskCoverageOf', () => {
  it('sweeps the threshold over the scores: share verified, precision, coverage of correct', () => {
    const rc = riskCoverageOf(records)!;
    expect(rc).toMatchObject({ threshold: 0.6, scored: 4, answers: 6 });
    // 4 correct answers in all (1, 3, 4 and the sentence 5); the abstention is never correct.
    expect(rc.points).toEqual([
      { threshold: 0.9, verified: 0.1667, precision: 1, coverage: 0.25 },
      { threshold: 0.8, verified: 0.3333, precision: 0.5, coverage: 0.25 },
      { threshold: 0.7, verified: 0.5, precision: 0.6667, coverage: 0.5 },
      { threshold: 0.3, verified: 0.6667, precision: 0.75, coverage: 0.75 },
    ]);
  });

  it("agrees with calibrationOf at the method's own threshold", () => {
    const labelled = records.map((r) => (r.correctness ? { ...r, verification: r.correctness.score >= 0.6 ? ('verified' as const) : ('unsure' as const) } : r));
    const c = calibrationOf(labelled)!;
    const at = riskCoverageOf(labelled)!.points.find((p) => p.threshold === 0.7)!;
    expect(c.verified).toBe(at.verified);
    expect(c.verifiedPrecision).toBe(at.precision);
    expect(c.verifiedCoverage).toBe(at.coverage);
  });

  it('is undefined when no answer was scored, and thins long curves keeping both ends', () => {
    expect(riskCoverageOf([record('1', 'a', 'a')])).toBeUndefined();
    const many = Array.from({ length: 50 }, (_, i) => record(String(i), 'x', i % 2 ? 'x' : 'y', scored(1 - i / 100)));
    const rc = riskCoverageOf(many, 5)!;
    expect(rc.points).toHaveLength(5);
    expect(rc.points[0]!.threshold).toBe(1);
    expect(rc.points.at(-1)!.verified).toBe(1);
  });
});

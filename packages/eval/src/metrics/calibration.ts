// How far the "verified" label can be trusted (issue 15): per method, the shares of answers
// verified / unsure / failed / abstained, verifiedPrecision (share of verified answers that are
// correct) and verifiedCoverage (share of correct answers that were verified). "Correct" is
// whole-word containment either way ("Columbus" ~ "Columbus, Ohio"), as `pnpm demo` counts.
import type { QuestionRecord } from '../types.js';

export interface Calibration {
  verified: number;
  unsure: number;
  failed: number;
  abstained: number;
  /** null when nothing was verified */
  verifiedPrecision: number | null;
  /** null when nothing was correct */
  verifiedCoverage: number | null;
}

const words = (s: string) => ` ${(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;

/** Whole-word containment either way; "no" never matches inside "Johnson". */
export function matchesEitherWay(answer: string, gold: readonly string[]): boolean {
  const a = words(answer);
  if (a.trim() === '') return false;
  return gold.some((g) => {
    const b = words(g);
    return b.trim() !== '' && (a.includes(b) || b.includes(a));
  });
}

export function calibrationOf(records: readonly QuestionRecord[]): Calibration | undefined {
  const answered = records.filter((r) => r.answer !== undefined && !r.error);
  if (answered.length === 0) return undefined;
  const share = (n: number) => Math.round((n / answered.length) * 10000) / 10000;
  const label = (r: QuestionRecord) => (r.status === 'abstained' ? 'abstained' : (r.verification ?? 'unsure'));
  const correct = (r: QuestionRecord) => r.status !== 'abstained' && matchesEitherWay(r.answer ?? '', r.gold);
  const verified = answered.filter((r) => label(r) === 'verified');
  const right = answered.filter(correct);
  const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
  return {
    verified: share(verified.length),
    unsure: share(answered.filter((r) => label(r) === 'unsure').length),
    failed: share(answered.filter((r) => label(r) === 'failed').length),
    abstained: share(answered.filter((r) => label(r) === 'abstained').length),
    verifiedPrecision: ratio(verified.filter(correct).length, verified.length),
    verifiedCoverage: ratio(right.filter((r) => label(r) === 'verified').length, right.length),
  };
}

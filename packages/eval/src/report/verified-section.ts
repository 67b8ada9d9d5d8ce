// The Markdown report's "Verified answers" section: per agent, the shares verified / unsure and the
// precision and coverage of "verified" (metrics/calibration.ts), then the risk–coverage curve of
// each agent that scores its answers (metrics/risk-coverage.ts).
import type { MethodResult } from '../types.js';

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : (v * 100).toFixed(1));

export function verifiedSection(results: readonly MethodResult[], label: (r: MethodResult) => string): string[] {
  const agents = results.filter((r) => r.calibration);
  if (agents.length === 0) return [];
  const out = ['## Verified answers', '', '| method | verified | unsure | failed | abstained | verified precision | verified coverage |', '|---|---:|---:|---:|---:|---:|---:|'];
  for (const r of agents) {
    const c = r.calibration!;
    out.push(`| ${label(r)} | ${pct(c.verified)} | ${pct(c.unsure)} | ${pct(c.failed)} | ${pct(c.abstained)} | ${pct(c.verifiedPrecision)} | ${pct(c.verifiedCoverage)} |`);
  }
  out.push('', 'Shares of answers in %; precision = correct among verified, coverage = verified among correct (correct: whole-word containment either way).', '');
  for (const r of agents.filter((x) => x.riskCoverage)) {
    const rc = r.riskCoverage!;
    out.push(`### Risk–coverage: ${label(r)}`, '');
    out.push(`${rc.scored} of ${rc.answers} answers scored${rc.threshold !== undefined ? `; the method verifies at score ≥ ${rc.threshold.toFixed(3)}` : ''}.`, '');
    out.push('| threshold | share verified | precision | coverage of correct |', '|---:|---:|---:|---:|');
    for (const p of rc.points) out.push(`| ${p.threshold.toFixed(3)} | ${pct(p.verified)} | ${pct(p.precision)} | ${pct(p.coverage)} |`);
    out.push('');
  }
  return out;
}

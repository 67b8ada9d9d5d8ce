import { describe, expect, it } from 'vitest';
import type { EvalReport, MethodResult } from '../types.js';
import { renderMarkdownReport } from './markdown-report.js';
import { linesSvg, stageBarsSvg } from './svg-charts.js';

const result = (over: Partial<MethodResult>): MethodResult => ({
  method: 'bm25',
  kind: 'retriever',
  recall: { '2': 0.58, '5': 0.76 },
  em: null,
  f1: null,
  containAcc: null,
  llmAcc: null,
  latencyMs: { mean: 1.25, p50: 1, p95: 3 },
  llmCalls: 0,
  tokens: 0,
  tokensIn: 0,
  tokensOut: 0,
  llmCallsP50: 0,
  llmCallsP95: 0,
  tokensP50: 0,
  tokensP95: 0,
  stages: {},
  retries: 0,
  abstained: 0,
  errors: 0,
  indexMs: 900,
  ...over,
});

const report: EvalReport = {
  dataset: 'hotpotqa-train100',
  questions: 100,
  corpus: 994,
  mode: 'embedded',
  k: [2, 5],
  results: [
    result({}),
    result({ method: 'a2rag-agent', kind: 'agent', em: 0.3, f1: 0.425, containAcc: 0.5, stages: { ppr: 0.13, local: 0.58, bridge: 0.25, failed: 0.04 }, retries: 0.2, abstained: 0.04 }),
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('renderMarkdownReport', () => {
  it('renders recall and answer tables, mechanism with a stage chart', () => {
    const md = renderMarkdownReport(report, { command: 'pnpm rag-eval --dataset x' });
    expect(md).toContain('| bm25 | 58.0 | 76.0 | — | — | — | — | 0 |');
    expect(md).toContain('| a2rag-agent | 58.0 | 76.0 | 30.0 | 42.5 | 50.0 | — | 0 |');
    expect(md).toContain('| method | local | bridge | ppr | failed | retries (mean) | abstained |');
    expect(md).toContain('| a2rag-agent | 58.0 | 25.0 | 13.0 | 4.0 | 0.2 | 4.0 |');
    expect(md.match(/<svg /g)).toHaveLength(1);
    expect(md).not.toContain('KG deletion');
  });

  it('is deterministic', () => {
    expect(renderMarkdownReport(report)).toBe(renderMarkdownReport(structuredClone(report)));
  });
});

describe('svg charts', () => {
  it('draws stacked stage bars proportional to the fractions, escaping labels', () => {
    const svg = stageBarsSvg([{ label: 'a<b', stages: { local: 0.5, ppr: 0.25 } }]);
    expect(svg).toContain('a&lt;b');
    expect(svg).toContain('width="200"'); // 0.5 × 400 px
    expect(svg).toContain('width="100"'); // 0.25 × 400 px
  });

  it('draws one polyline per series and leaves gaps for missing points', () => {
    const svg = linesSvg({ xLabel: 'x', yLabel: 'y', xs: [0, 20, 40], series: [{ label: 'a', values: [1, 0.5, null] }, { label: 'b', values: [0.6, 0.6, 0.6], dashed: true }] });
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('points="44,10 224,110"');
    expect(svg).toContain('stroke-dasharray');
  });
});

describe('the "Verified answers" section', () => {
  it('prints the calibration shares and the risk–coverage curve of an agent that scores its answers', () => {
    const agent = result({
      method: 'a2rag-agent',
      kind: 'agent',
      em: 0.3,
      calibration: { verified: 0.05, unsure: 0.9, failed: 0, abstained: 0.05, verifiedPrecision: 0.8, verifiedCoverage: 0.16 },
      riskCoverage: { threshold: 0.926, scored: 95, answers: 100, points: [{ threshold: 0.97, verified: 0.01, precision: 1, coverage: 0.04 }, { threshold: 0.5, verified: 0.2, precision: 0.75, coverage: 0.6 }] },
    });
    const md = renderMarkdownReport({ ...report, results: [result({}), agent] });
    expect(md).toContain('## Verified answers');
    expect(md).toContain('| a2rag-agent | 5.0 | 90.0 | 0.0 | 5.0 | 80.0 | 16.0 |');
    expect(md).toContain('### Risk–coverage: a2rag-agent');
    expect(md).toContain('95 of 100 answers scored; the method verifies at score ≥ 0.926.');
    expect(md).toContain('| 0.500 | 20.0 | 75.0 | 60.0 |');
    // Retrievers have no verified answers.
    expect(renderMarkdownReport({ ...report, results: [result({})] })).not.toContain('Verified answers');
  });
});

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

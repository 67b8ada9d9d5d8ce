// The Markdown report: a results table (recall, answer metrics, cost), the mechanism table
// and stage-breakdown bars (A2RAG Fig. 4), cost percentiles (A2RAG Tables II-III) and
// recall under KG deletion (A2RAG Figs. 5-6), and verified answers with their risk–coverage
// curves. Plain text tables so docs/benchmarks.md can paste them.
import type { EvalReport, MethodResult } from '../types.js';
import { linesSvg, orderStages, stageBarsSvg } from './svg-charts.js';
import { verifiedSection } from './verified-section.js';

export interface MarkdownReportOptions {
  /** The command that produced the report, printed under the title. */
  command?: string;
}

export function renderMarkdownReport(report: EvalReport, options: MarkdownReportOptions = {}): string {
  const out: string[] = [];
  out.push(`# rag-eval: ${report.dataset}`, '');
  out.push(`${report.questions} questions, ${report.corpus} passages, mode \`${report.mode}\`, ${report.createdAt}.`, '');
  if (report.note) out.push(`**${report.note}.**`, '');
  if (options.command) out.push('```sh', options.command, '```', '');

  const base = report.results.filter((r) => r.kgDeletion === undefined || r.kgDeletion === (report.kgDeletion?.[0] ?? 0));
  out.push('## Retrieval and answers', '');
  const ks = report.k.map((k) => `R@${k}`);
  out.push(`| method | ${ks.join(' | ')} | EM | F1 | Contain-Acc | LLM-Acc | errors |`);
  out.push(`|---|${ks.map(() => '---:').join('|')}|---:|---:|---:|---:|---:|`);
  for (const r of base)
    out.push(`| ${label(r)} | ${report.k.map((k) => pct(r.recall[String(k)] ?? 0)).join(' | ')} | ${pctOrDash(r.em)} | ${pctOrDash(r.f1)} | ${pctOrDash(r.containAcc)} | ${pctOrDash(r.llmAcc)} | ${r.errors} |`);
  out.push('', 'Recall@K at the document level, in %; answer metrics are "—" for pure retrievers.', '');

  out.push('## Cost per question', '');
  out.push('| method | latency mean (ms) | p50 | p95 | LLM calls mean | p50 | p95 | tokens mean (in+out) | p50 | p95 | index build (ms) |');
  out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of base)
    out.push(`| ${label(r)} | ${num(r.latencyMs.mean)} | ${num(r.latencyMs.p50)} | ${num(r.latencyMs.p95)} | ${num(r.llmCalls)} | ${r.llmCallsP50} | ${r.llmCallsP95} | ${num(r.tokens)} | ${r.tokensP50} | ${r.tokensP95} | ${r.indexMs} |`);
  out.push('');

  const staged = base.filter((r) => Object.keys(r.stages).length > 0 || r.retries > 0 || r.abstained > 0);
  if (staged.length > 0) {
    const stages = orderStages(staged.flatMap((r) => Object.keys(r.stages)));
    out.push('## Mechanism', '');
    out.push(`| method | ${stages.join(' | ')} | retries (mean) | abstained |`);
    out.push(`|---|${stages.map(() => '---:').join('|')}|---:|---:|`);
    for (const r of staged) out.push(`| ${label(r)} | ${stages.map((s) => pct(r.stages[s] ?? 0)).join(' | ')} | ${num(r.retries)} | ${pct(r.abstained)} |`);
    out.push('', 'Fraction of questions ending at each stage (A2RAG Fig. 4).', '');
    const withStages = staged.filter((r) => Object.keys(r.stages).length > 0);
    if (withStages.length > 0) out.push(stageBarsSvg(withStages.map((r) => ({ label: label(r), stages: r.stages }))), '');
  }

  if (report.kgDeletion && report.kgDeletion.length > 0) out.push(...kgDeletionSection(report));
  out.push(...verifiedSection(base, label));
  out.push(...modelUseSection(base));
  return out.join('\n');
}

/** Per method: questions per final status, model calls and tokens, fallbacks per decision. */
function modelUseSection(results: readonly MethodResult[]): string[] {
  const used = results.filter((r) => (r.totalLlmCalls ?? 0) > 0 || Object.keys(r.fallbacks ?? {}).length > 0);
  if (used.length === 0) return [];
  const out = ['## Model use and fallbacks', '', '| method | statuses | model calls | tokens | budget exceeded | fallbacks (decision: count) |', '|---|---|---:|---:|---:|---|'];
  const list = (o: Record<string, number> | undefined) => Object.entries(o ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ') || '—';
  for (const r of used) out.push(`| ${label(r)} | ${list(r.statuses)} | ${r.totalLlmCalls ?? 0} | ${r.totalTokens ?? 0} | ${r.budgetExceeded ?? 0} | ${list(r.fallbacks)} |`);
  out.push('', 'Fallbacks: model decisions the embedded heuristic took over after one re-ask (trace events named `fallback`).', '');
  return out;
}

function kgDeletionSection(report: EvalReport): string[] {
  const levels = report.kgDeletion!;
  const kMax = Math.max(...report.k);
  const key = String(kMax);
  const names = [...new Set(report.results.map((r) => r.method))];
  const series = names.map((name) => {
    const rows = report.results.filter((r) => r.method === name);
    const textOnly = rows.length === 1 && rows[0]!.kgDeletion === undefined;
    const values = levels.map((l) => {
      const row = textOnly ? rows[0]! : rows.find((r) => r.kgDeletion === l);
      return row ? (row.recall[key] ?? null) : null;
    });
    return { label: textOnly ? `${name} (text only)` : name, values, dashed: textOnly };
  });
  const out = ['## Recall under KG deletion', ''];
  out.push(`| method | ${levels.map((l) => `${l}%`).join(' | ')} |`);
  out.push(`|---|${levels.map(() => '---:').join('|')}|`);
  for (const s of series) out.push(`| ${s.label} | ${s.values.map((v) => (v === null ? '—' : pct(v))).join(' | ')} |`);
  out.push('', `Recall@${kMax} after deleting that percentage of graph nodes with their edges (text untouched; A2RAG Section IV-F). Text-only methods are run once: their input does not change.`, '');
  out.push(linesSvg({ xLabel: 'KG nodes deleted (%)', yLabel: `Recall@${kMax} (%)`, xs: levels, series }), '');
  return out;
}

function label(r: MethodResult): string {
  const opts = r.options ? Object.entries(r.options).map(([k, v]) => `${k}=${v}`).join(',') : '';
  return opts ? `${r.method} (${opts})` : r.method;
}

function pct(v: number): string {
  return (v * 100).toFixed(1);
}

function pctOrDash(v: number | null): string {
  return v === null ? '—' : pct(v);
}

function num(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1);
}

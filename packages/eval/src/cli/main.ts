// The `rag-eval` command: load and validate the dataset, build or reuse the index, run the
// methods, write --out / --md, print a summary table. Exit code 1 with one clear line on
// any RagError; the dataset is fully validated before anything is indexed or run.
import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { runProgram } from './run-program.js';
import { RagError } from '@rag/core';
import { loadDataset } from '../datasets/load-dataset.js';
import { openCachedIndex, type IndexBackend } from '../index-cache.js';
import { createLlmJudge } from '../metrics/llm-judge.js';
import { parseMethodOptions } from '../methods/method-options.js';
import type { MethodRegistry } from '../methods/registry.js';
import { renderMarkdownReport } from '../report/markdown-report.js';
import { questionsPathFor, writeJsonReport, writeTextFile } from '../report/write-report.js';
import { runEval } from '../runner.js';
import type { EvalStack } from '../stack.js';
import type { DatasetFormat, EvalReport, QuestionRecord } from '../types.js';
import type { RagIndex } from '@rag/indexer';
import { createProgressReporter } from './progress.js';
import { registerKgCommand } from '../kg/kg-command.js';
import { simulatedChat } from './simulated-chat.js';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

export interface CliDeps {
  registry: MethodRegistry;
  createStack(env: Record<string, string | undefined>): EvalStack;
  createBackend(stack: EvalStack, options?: { withModel?: boolean }): IndexBackend;
  /** The index with `percent`% of its graph nodes and their edges deleted (A2RAG Section IV-F). */
  withKgDeletion?(index: RagIndex, percent: number, seed: number): RagIndex | Promise<RagIndex>;
}

const FORMATS: DatasetFormat[] = ['jsonl-dir', 'hotpotqa', '2wikimultihopqa', 'musique'];

export async function runCli(argv: readonly string[], io: CliIo, deps: CliDeps): Promise<number> {
  const program = buildProgram(argv, io, deps);
  return runProgram(program, argv, io.stderr, (error) => {
    io.stderr.write(`rag-eval: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  });
}

function buildProgram(argv: readonly string[], io: CliIo, deps: CliDeps): Command {
  const program = new Command('rag-eval')
    .description('Measure retrieval and answering methods on multi-hop QA benchmarks.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .option('--dataset <path>', 'dataset directory (corpus.jsonl + questions.jsonl) or a native HotpotQA / 2WikiMultiHopQA / MuSiQue file')
    .option('--format <format>', `force the dataset format (${FORMATS.join(', ')})`)
    .option('--methods <names>', 'comma-separated method names', 'bm25')
    .option('--k <list>', 'comma-separated Recall@K cut-offs', '2,5')
    .option('--limit <n>', 'evaluate only the first n questions', int('--limit'))
    .option('--concurrency <n>', 'questions in flight per method', int('--concurrency'), 1)
    .option('--fetch-k <n>', 'chunks asked of each method (default 4 × the largest K)', int('--fetch-k'))
    .option('--out <file.json>', 'write the report JSON here (and per-question records beside it)')
    .option('--md <file.md>', 'write a Markdown report with tables and SVG charts')
    .option('--kg-deletion <levels>', 'comma-separated percentages of graph nodes to delete, e.g. 0,10,20,30,40')
    .option('--seed <n>', 'seed of the KG-deletion sample', int('--seed'), 42)
    .option('--method-option <method.key=value>', 'a method option, repeatable (e.g. a2rag.relationSeeds=false)', collect, [] as string[])
    .option('--chat <kind>', "replace the stack's chat model with a simulator: scripted (well-behaved), messy (misbehaves; see --fault) or oracle (knows the gold answer; cost only, not quality)")
    .option('--fault <names>', 'faults of --chat messy: all, or comma-separated names (see docs/services.md)', 'all')
    .option('--oracle-chain <mode>', 'how --chat oracle writes a reasoning chain (IRCoT steps): per-fact (one supporting fact per step, then the answer; default) or jump (the answer as soon as it is shown)')
    .option('--judge', "score answers with an LLM judge (the stack's chat model; needs OLLAMA_HOST)")
    .option('--cache-dir <dir>', 'where built indexes are cached', '.rag-cache')
    .option('--no-cache', 'build the index in memory and do not cache it')
    .option('--index-with-model', "build the index with the chat model: LLM triple extraction (routed domain templates) and model-written document summaries")
    .option('--list-methods', 'list the known methods and their options, then exit')
    .option('--config <file>', 'plugins (embedder, vector store, keyword index, chat model, extractor); default: rag.config.json or rag.config.mjs here')
    .action(async (opts: CliOptions) => {
      await execute(opts, argv, io, deps);
    });
  registerKgCommand(program, io);
  return program;
}

interface CliOptions {
  dataset?: string;
  format?: string;
  methods: string;
  k: string;
  limit?: number;
  concurrency: number;
  fetchK?: number;
  out?: string;
  md?: string;
  kgDeletion?: string;
  seed: number;
  methodOption: string[];
  judge?: boolean;
  chat?: string;
  fault: string;
  oracleChain?: string;
  cacheDir: string;
  cache: boolean;
  indexWithModel?: boolean;
  listMethods?: boolean;
}

async function execute(opts: CliOptions, argv: readonly string[], io: CliIo, deps: CliDeps): Promise<void> {
  if (opts.listMethods) {
    for (const m of deps.registry.list()) {
      io.stdout.write(`${m.name.padEnd(12)} ${m.kind.padEnd(9)} ${m.description}\n`);
      for (const [key, doc] of Object.entries(m.options ?? {})) io.stdout.write(`${''.padEnd(22)}--method-option ${m.name}.${key}=…  ${doc}\n`);
    }
    return;
  }
  if (!opts.dataset) throw new RagError('RAG_INVALID_INPUT', '--dataset: required (a dataset directory or a native benchmark file)', { details: { input: 'dataset' } });
  if (opts.format !== undefined && !FORMATS.includes(opts.format as DatasetFormat))
    throw new RagError('RAG_INVALID_INPUT', `--format: must be one of ${FORMATS.join(', ')}, got "${opts.format}"`, { details: { input: 'format' } });
  const k = numberList(opts.k, '--k');
  const levels = opts.kgDeletion !== undefined ? numberList(opts.kgDeletion, '--kg-deletion') : undefined;
  const methods = deps.registry.resolve(opts.methods.split(','));
  const methodOptions = parseMethodOptions(opts.methodOption, methods);
  if (levels && !methods.some((m) => m.usesGraph))
    io.stderr.write('rag-eval: note: no selected method reads the graph; --kg-deletion changes nothing for them\n');
  if (levels && !deps.withKgDeletion)
    throw new RagError('RAG_UNSUPPORTED', '--kg-deletion: no graph-deletion algorithm is available in this build', { details: { input: 'kg-deletion' } });

  // Validate the whole dataset before any indexing starts.
  const dataset = await loadDataset(resolve(io.cwd, opts.dataset), opts.format ? { format: opts.format as DatasetFormat } : {});
  const log = (line: string) => io.stderr.write(`${line}\n`);
  log(`rag-eval: ${dataset.name}: ${dataset.questions.length} questions, ${dataset.corpus.length} passages (${dataset.format})`);

  const baseStack = deps.createStack(io.env);
  if (opts.oracleChain !== undefined && opts.chat === undefined)
    throw new RagError('RAG_INVALID_INPUT', '--oracle-chain: only with --chat oracle', { details: { input: 'oracle-chain' } });
  const simulated = opts.chat !== undefined ? simulatedChat(opts.chat, opts.fault, dataset, opts.limit, opts.oracleChain) : undefined;
  const stack = simulated ? { ...baseStack, chat: simulated.chat, describe: `${baseStack.describe}; chat: ${simulated.describe}` } : baseStack;
  log(`rag-eval: ${stack.describe}`);
  const judge = opts.judge
    ? (() => {
        if (!stack.chat) throw new RagError('RAG_CONFIG', '--judge: needs a chat model; set OLLAMA_HOST (service mode)', { details: { input: 'judge' } });
        return createLlmJudge({ model: stack.chat, seed: opts.seed });
      })()
    : undefined;

  if (opts.indexWithModel && opts.chat === 'oracle')
    throw new RagError('RAG_INVALID_INPUT', '--index-with-model: not with --chat oracle (it answers questions, not indexing requests); use scripted, messy or a service', { details: { input: 'index-with-model' } });
  const backend = opts.indexWithModel ? deps.createBackend(stack, { withModel: true }) : deps.createBackend(stack);
  let lastPct = '';
  const cached = await openCachedIndex({
    docs: dataset.corpus,
    backend,
    ...(opts.cache ? { cacheRoot: resolve(io.cwd, opts.cacheDir) } : {}),
    log,
    onProgress: (done, total, stage) => {
      const step = `${stage ?? ''}:${total === 0 ? 10 : Math.floor((done / total) * 4)}`;
      if (step !== lastPct) {
        lastPct = step;
        log(`rag-eval: indexing${stage ? ` (${stage})` : ''} ${done}/${total}`);
      }
    },
  });
  if (!cached.reused) log(`rag-eval: indexed in ${Math.round(cached.indexMs)} ms`);

  const progress = createProgressReporter(io.stderr);
  const records: QuestionRecord[] = [];
  let report: EvalReport;
  try {
    report = await runEval({
      dataset,
      methods: methods.map((method) => ({ method, options: methodOptions.get(method.name) ?? {} })),
      k,
      ...(opts.fetchK !== undefined ? { fetchK: opts.fetchK } : {}),
      ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
      concurrency: opts.concurrency,
      ...(levels ? { kgDeletion: levels } : {}),
      ...(judge ? { judge } : {}),
      mode: stack.mode,
      ...(simulated?.questionScope ? { questionScope: simulated.questionScope } : {}),
      ...(simulated?.costOnly ? { note: COST_ONLY } : {}),
      openStack: async (level) => {
        const index = level === undefined || level === 0 ? cached.index : await deps.withKgDeletion!(cached.index, level, opts.seed);
        return {
          stack: { mode: stack.mode, index, ...(stack.chat ? { chat: stack.chat } : {}), ...(stack.embedder ? { embedder: stack.embedder } : {}), ...(stack.vectors ? { vectors: stack.vectors } : {}) },
          indexMs: cached.indexMs,
        };
      },
      onProgress: (p) => progress.update(p),
      onRecord: (r) => records.push(r),
    });
  } finally {
    progress.stop();
  }

  if (opts.out) {
    const out = resolve(io.cwd, opts.out);
    await writeJsonReport(out, report, records);
    log(`rag-eval: wrote ${out} and ${questionsPathFor(out)}`);
  }
  if (opts.md) {
    const md = resolve(io.cwd, opts.md);
    await writeTextFile(md, renderMarkdownReport(report, { command: `pnpm rag-eval ${argv.join(' ')}`.trim() }));
    log(`rag-eval: wrote ${md}`);
  }
  io.stdout.write(summaryTable(report));
}

const COST_ONLY = 'cost only, not quality: --chat oracle answers with the gold answer whenever the evidence shows it';

function summaryTable(report: EvalReport): string {
  const lines = [`${report.dataset} (${report.questions} questions, ${report.mode}${report.note ? `; ${report.note}` : ''})`];
  for (const r of report.results) {
    const recall = report.k.map((k) => `R@${k} ${((r.recall[String(k)] ?? 0) * 100).toFixed(1)}`).join('  ');
    const c = r.calibration;
    const pct = (v: number | null) => (v === null ? '—' : (v * 100).toFixed(0));
    const calib = c ? `  verified ${pct(c.verified)}% (precision ${pct(c.verifiedPrecision)}%, coverage ${pct(c.verifiedCoverage)}%) unsure ${pct(c.unsure)}%` : '';
    const answers = r.em === null ? '' : `  EM ${(r.em * 100).toFixed(1)}  F1 ${((r.f1 ?? 0) * 100).toFixed(1)}  Contain ${((r.containAcc ?? 0) * 100).toFixed(1)}${calib}`;
    const level = r.kgDeletion !== undefined ? ` @${r.kgDeletion}%` : '';
    const errors = r.errors > 0 ? `  errors ${r.errors}` : '';
    lines.push(`  ${(r.method + level).padEnd(18)} ${recall}${answers}  p50 ${r.latencyMs.p50.toFixed(1)} ms${errors}`);
    const fallbacks = Object.entries(r.fallbacks ?? {});
    if ((r.totalLlmCalls ?? 0) > 0 || fallbacks.length > 0) {
      const statuses = Object.entries(r.statuses ?? {}).map(([s, n]) => `${s} ${n}`).join(', ');
      lines.push(`  ${''.padEnd(18)} ${statuses}; model calls ${r.totalLlmCalls ?? 0} (${r.llmCalls}/q), tokens ${r.totalTokens ?? 0} (${r.tokens}/q); budget exceeded ${r.budgetExceeded ?? 0}`);
      const stages = Object.entries(r.stages ?? {}).sort((a, b) => b[1] - a[1]).map(([s, v]) => `${s} ${(v * 100).toFixed(0)}%`).join(', ');
      const perAttempt = r.llmCallsPerAttempt ? `; calls per attempt mean ${r.llmCallsPerAttempt.mean.toFixed(2)}, p95 ${r.llmCallsPerAttempt.p95.toFixed(2)}` : '';
      const retrieved = r.retrievedTokens !== undefined ? `; retrieved tokens ${r.retrievedTokens}/q` : '';
      lines.push(`  ${''.padEnd(18)} stages: ${stages || '—'}; retries ${r.retries}/q${perAttempt}${retrieved}`);
      const steps = Object.entries(r.llmSteps ?? {}).sort((a, b) => b[1].calls - a[1].calls);
      if (steps.length > 0)
        lines.push(`  ${''.padEnd(18)} by step (calls/q, tokens/q): ${steps.map(([s, c]) => `${s} ${c.calls.toFixed(2)}, ${Math.round(c.tokens)}`).join('; ')}`);
      if (fallbacks.length > 0) lines.push(`  ${''.padEnd(18)} fallbacks: ${fallbacks.map(([d, n]) => `${d} ${n}`).join(', ')}`);
    }
  }
  return lines.join('\n') + '\n';
}

function numberList(text: string, flag: string): number[] {
  const parts = text.split(',').map((s) => s.trim()).filter(Boolean);
  const nums = parts.map(Number);
  const bad = parts.find((_p, i) => !Number.isFinite(nums[i]));
  if (bad !== undefined || parts.length === 0)
    throw new RagError('RAG_INVALID_INPUT', `${flag}: expected comma-separated numbers, got "${text}"`, { details: { input: flag } });
  return nums;
}

function int(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n)) throw new InvalidArgumentError(`${flag} must be an integer, got "${value}"`);
    return n;
  };
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

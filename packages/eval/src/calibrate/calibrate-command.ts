// `pnpm calibrate`: run the a2rag agent over the development sets (dumping each answer's features
// and whether it was right), fit the calibration model, choose its threshold on held-out
// (out-of-fold) scores, write the model JSON the agents package ships, and print held-out precision
// and coverage. `--fit-only` refits from the dumps of an earlier run; `--sets` runs a subset (to
// spread the dump over several processes, then `--fit-only`).
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { runProgram } from '../cli/run-program.js';
import { correctnessScore, parseCalibrationModel, selectionAt } from '@rag/agents';
import { RagError } from '@rag/core';
import type { CliDeps, CliIo } from '../cli/main.js';
import { rowsFromRecords, type CalibrationRow } from './calibration-rows.js';
import { DEV_SETS, type DevSet } from './dev-sets.js';
import { dumpDevSet } from './dump-dev-set.js';
import { fitCalibrationModel } from './fit-calibration.js';
import { precisionOfTop, rocAuc } from './ranking-quality.js';

interface Options {
  datasets?: string;
  work: string;
  limit: number;
  from: number;
  sets?: string;
  fitOnly?: boolean;
  fit: boolean;
  target: number;
  folds: number;
  minSetVerified: number;
  minVerified: number;
  l2: number;
  model: string;
  rounds: number;
  depth: number;
  minLeaf: number;
  learningRate: number;
  rereadFeatures: boolean;
  setWeights: string;
  thresholdOn: string;
  out: string;
  cacheDir: string;
  evaluate?: string;
}

const DEFAULT_OUT = 'packages/agents/src/calibration/default-model.json';

export async function runCalibrate(argv: readonly string[], io: CliIo, deps: CliDeps): Promise<number> {
  const program = new Command('calibrate')
    .description('Fit the calibrated "verified" of the a2rag agent on the development sets.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .option('--datasets <dir>', 'folder holding the shared dev sets (default: ../shared/datasets or ../../shared/datasets, the first that exists)')
    .option('--work <dir>', 'scratch folder for the cut sets and the feature dumps', 'tmp/calibrate')
    .option('--limit <n>', 'development questions run per set (after the test split)', num('--limit', true), 120)
    .option('--from <n>', 'development questions skipped first (after the test split), to dump one set in parts (concatenate the parts\' .questions.jsonl before --fit-only)', num('--from', false, true), 0)
    .option('--sets <names>', `comma-separated subset of ${DEV_SETS.map((s) => s.name).join(', ')}`)
    .option('--fit-only', 'do not run the agent: refit from the dumps in --work')
    .option('--no-fit', 'only dump features (e.g. one process per set), fit later with --fit-only')
    .option('--target <p>', 'precision the threshold is chosen for on held-out scores (the verified-precision bar of docs/verify.md)', num('--target'), 0.85)
    .option('--folds <k>', 'cross-validation folds the threshold is chosen on (by question-id hash)', num('--folds', true), 5)
    .option('--min-verified <n>', 'fewest held-out answers (all sets) the threshold may verify', num('--min-verified', true), 10)
    .option('--model <kind>', 'logistic (the shipped model) or boosted-trees (gradient-boosted shallow trees)', 'logistic')
    .option('--rounds <n>', 'boosting rounds (boosted-trees)', num('--rounds', true), 100)
    .option('--depth <n>', 'depth of each tree: 1 = stumps, 2 = pairwise interactions (boosted-trees)', num('--depth', true), 2)
    .option('--min-leaf <n>', 'fewest training answers in a leaf (boosted-trees)', num('--min-leaf', true), 20)
    .option('--learning-rate <x>', 'shrinkage of every tree (boosted-trees)', num('--learning-rate'), 0.05)
    .option('--no-reread-features', 'fit without the features that re-read the evidence (scoring then skips the re-reading)')
    .option('--l2 <x>', 'L2 penalty of the logistic regression (per row, on standardised features)', num('--l2'), 0.1)
    .option('--set-weights <how>', 'rows (every answer weighs 1) or equal (every development set weighs the same; logistic only)', 'rows')
    .option('--threshold-on <scores>', 'held-out scores the threshold is chosen on: out-of-fold, or set-left-out (each set scored by a model fitted on the other sets)', 'out-of-fold')
    .option('--min-set-verified <n>', 'hold each development set to --target on its own once it verifies this many held-out answers', num('--min-set-verified', true), 1)
    .option('--evaluate <model.json>', 'fit nothing: label the dumps in --work with this model file and print, per set, verified answers, precision and right answers verified')
    .option('--out <file.json>', 'where the fitted model is written', DEFAULT_OUT)
    .option('--cache-dir <dir>', 'index cache of rag-eval', '.rag-cache')
    .action(async (opts: Options) => execute(opts, argv, io, deps));
  return runProgram(program, argv, io.stderr, (error) => {
    throw error;
  });
}

function selectSets(names: string | undefined): DevSet[] {
  if (names === undefined) return [...DEV_SETS];
  return names.split(',').map((n) => {
    const set = DEV_SETS.find((s) => s.name === n.trim());
    if (!set) throw new RagError('RAG_INVALID_INPUT', `--sets: unknown set "${n}" (known: ${DEV_SETS.map((s) => s.name).join(', ')})`, { details: { input: 'sets' } });
    return set;
  });
}

async function execute(opts: Options, argv: readonly string[], io: CliIo, deps: CliDeps): Promise<void> {
  if (!(opts.target > 0 && opts.target <= 1)) throw new RagError('RAG_INVALID_INPUT', `--target: must be in (0, 1], got ${opts.target}`, { details: { input: 'target' } });
  if (!(opts.l2 >= 0)) throw new RagError('RAG_INVALID_INPUT', `--l2: must be ≥ 0, got ${opts.l2}`, { details: { input: 'l2' } });
  if (opts.model !== 'boosted-trees' && opts.model !== 'logistic') throw new RagError('RAG_INVALID_INPUT', `--model: must be boosted-trees or logistic, got "${opts.model}"`, { details: { input: 'model' } });
  if (!(opts.learningRate > 0 && opts.learningRate <= 1)) throw new RagError('RAG_INVALID_INPUT', `--learning-rate: must be in (0, 1], got ${opts.learningRate}`, { details: { input: 'learning-rate' } });
  if (opts.setWeights !== 'rows' && opts.setWeights !== 'equal') throw new RagError('RAG_INVALID_INPUT', `--set-weights: must be rows or equal, got "${opts.setWeights}"`, { details: { input: 'set-weights' } });
  if (opts.thresholdOn !== 'out-of-fold' && opts.thresholdOn !== 'set-left-out') throw new RagError('RAG_INVALID_INPUT', `--threshold-on: must be out-of-fold or set-left-out, got "${opts.thresholdOn}"`, { details: { input: 'threshold-on' } });
  if (opts.folds < 2) throw new RagError('RAG_INVALID_INPUT', `--folds: must be at least 2, got ${opts.folds}`, { details: { input: 'folds' } });
  const sets = selectSets(opts.sets);
  const datasets = opts.datasets !== undefined ? resolve(io.cwd, opts.datasets) : ['../shared/datasets', '../../shared/datasets'].map((d) => resolve(io.cwd, d)).find((d) => existsSync(d));
  if (datasets === undefined) throw new RagError('RAG_INVALID_INPUT', '--datasets: no ../shared/datasets or ../../shared/datasets here; give the folder of the shared dev sets', { details: { input: 'datasets' } });
  const work = resolve(io.cwd, opts.work);
  const log = (line: string) => io.stderr.write(`calibrate: ${line}\n`);
  if (!opts.fitOnly)
    for (const set of sets) {
      log(`${set.name}: running a2rag-agent on up to ${opts.limit} development questions (after the first ${set.skip + opts.from})`);
      await dumpDevSet({ set, datasetsDir: datasets, workDir: work, limit: opts.limit, from: opts.from, io: { ...io, stdout: io.stderr }, deps, cacheDir: opts.cacheDir });
    }
  if (!opts.fit) return;
  const rows: CalibrationRow[] = [];
  const questions: Record<string, number> = {};
  for (const set of opts.fitOnly && opts.sets === undefined ? DEV_SETS : sets) {
    const path = join(work, `${set.name}.questions.jsonl`);
    const text = await readFile(path, 'utf8').catch(() => {
      throw new RagError('RAG_INVALID_INPUT', `--fit-only: no dump for ${set.name} at ${path}: run \`pnpm calibrate --sets ${set.name} --no-fit\` first`, { details: { input: 'work' } });
    });
    questions[set.name] = text.split('\n').filter((l) => l.trim()).length;
    rows.push(...rowsFromRecords(set.name, text, path, opts.folds));
  }
  if (opts.evaluate !== undefined) return evaluateModel(resolve(io.cwd, opts.evaluate), rows, io);
  const { model, heldOut } = fitCalibrationModel(rows, {
    targetPrecision: opts.target,
    folds: opts.folds,
    minSetVerified: opts.minSetVerified,
    minVerified: opts.minVerified,
    kind: opts.model,
    fit: { l2: opts.l2 },
    trees: { rounds: opts.rounds, depth: opts.depth, minLeaf: opts.minLeaf, learningRate: opts.learningRate },
    rereadFeatures: opts.rereadFeatures,
    setWeights: opts.setWeights,
    thresholdOn: opts.thresholdOn,
    command: `pnpm calibrate ${argv.join(' ')}`.trim(),
    fittedAt: new Date().toISOString(),
    questions,
  });
  const out = resolve(io.cwd, opts.out);
  await writeFile(out, JSON.stringify(model, null, 2) + '\n');
  const pct = (x: number | null) => (x === null ? '—' : (100 * x).toFixed(1));
  io.stdout.write(`calibration model written to ${out}\n`);
  io.stdout.write(`threshold ${model.threshold.toFixed(4)} (target precision ${opts.target} on ${model.validationMethod})\n`);
  // Verified coverage as the bar counts it: the share of RIGHT answers that are verified.
  const rightIn = (set?: string) => rows.filter((r) => r.correct && (set === undefined || r.set === set)).length;
  io.stdout.write(`| split | answers | verified | precision % | share verified % | right answers verified % |\n|---|---|---|---|---|---|\n`);
  const line = (name: string, s: { answers: number; verified: number; precision: number | null; coverage: number }, set?: string) => {
    const right = rightIn(set);
    const vc = right === 0 || s.precision === null ? (s.verified === 0 ? 0 : null) : (s.precision * s.verified) / right;
    io.stdout.write(`| ${name} | ${s.answers} | ${s.verified} | ${pct(s.precision)} | ${pct(s.coverage)} | ${pct(vc)} |\n`);
  };
  const setLines = (label: string, summary: { perSet: Record<string, Parameters<typeof line>[1]> } & Parameters<typeof line>[1], prefix: string) => {
    line(label, summary);
    for (const [name, s] of Object.entries(summary.perSet)) line(`${prefix}: ${name}`, s, name);
  };
  line('all rows, in-sample', model.train);
  setLines('held out (out-of-fold)', model.validation, 'held out');
  if (model.crossDomain) setLines('leave one set out (threshold of all sets)', model.crossDomain, 'set left out');
  if (model.unseenSets) setLines('unseen set (model and threshold chosen without it)', model.unseenSets, 'unseen');
  const f2 = (x: number | null) => (x === null ? '—' : x.toFixed(3));
  const bySet = Object.keys(model.validation.perSet).map((name) => `${name} ${f2(rocAuc(heldOut.filter((h) => h.set === name)))}`);
  io.stdout.write(`\nheld-out ROC AUC ${f2(rocAuc(heldOut))} (${bySet.join(', ')}); precision of the top 5 / 10 / 20 %: ${[0.05, 0.1, 0.2].map((q) => f2(precisionOfTop(heldOut, q))).join(' / ')}\n`);
  io.stdout.write('\nheld-out risk–coverage (all sets): threshold → share verified, precision\n');
  const cuts = [...new Set(heldOut.map((h) => h.score))].sort((a, b) => b - a);
  const step = Math.max(1, Math.floor(cuts.length / 12));
  for (let i = step - 1; i < cuts.length; i += step) {
    const at = selectionAt(heldOut, cuts[i]!);
    io.stdout.write(`  ${cuts[i]!.toFixed(3)} → ${pct(at.coverage)} %, ${pct(at.precision)} %\n`);
  }
}

/** `--evaluate`: how an existing model file labels the dumped answers (e.g. questions it was never fitted on). */
async function evaluateModel(path: string, rows: readonly CalibrationRow[], io: CliIo): Promise<void> {
  const text = await readFile(path, 'utf8').catch((e: unknown) => {
    throw new RagError('RAG_INVALID_INPUT', `--evaluate: cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`, { details: { input: 'evaluate' } });
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new RagError('RAG_INVALID_INPUT', `--evaluate: ${path} is not JSON: ${e instanceof Error ? e.message : String(e)}`, { details: { input: 'evaluate' } });
  }
  const model = parseCalibrationModel(json, path);
  io.stdout.write(`${path} (threshold ${model.threshold.toFixed(4)}) on the dumps\n| set | answers | right | verified | precision % | right answers verified % |\n|---|---|---|---|---|---|\n`);
  for (const set of [...new Set(rows.map((r) => r.set))]) {
    const mine = rows.filter((r) => r.set === set);
    const verified = model.threshold < 1 ? mine.filter((r) => correctnessScore(model, r.x) >= model.threshold) : [];
    const right = mine.filter((r) => r.correct).length;
    const verifiedRight = verified.filter((r) => r.correct).length;
    const pct = (x: number, of: number) => (of === 0 ? '—' : ((100 * x) / of).toFixed(1));
    io.stdout.write(`| ${set} | ${mine.length} | ${right} | ${verified.length} | ${pct(verifiedRight, verified.length)} | ${pct(verifiedRight, right)} |\n`);
  }
}

function num(flag: string, integer = false, zero = false) {
  return (value: string): number => {
    const n = Number(value);
    if (zero && (!Number.isInteger(n) || n < 0)) throw new InvalidArgumentError(`${flag} must be an integer ≥ 0, got "${value}"`);
    if (!Number.isFinite(n) || (integer && (!Number.isInteger(n) || n < 1))) throw new InvalidArgumentError(`${flag} must be ${integer ? 'a positive integer' : 'a number'}, got "${value}"`);
    return n;
  };
}

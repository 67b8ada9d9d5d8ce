import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliDeps } from '../cli/main.js';
import { runCalibrate } from './calibrate-command.js';
import { FEATURE_NAMES, featuresUsed, usesReaderSignals } from '@rag/agents';
import { foldOf, rowsFromRecords } from './calibration-rows.js';
import { DEV_SETS, devQuestionLines } from './dev-sets.js';
import { equalSetWeights, fitCalibrationModel } from './fit-calibration.js';
import { precisionOfTop, rocAuc } from './ranking-quality.js';

const features = (v: number) => Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, i === 0 ? v : 0.5]));
const line = (id: string, answer: string, gold: string, extra: object = {}) =>
  JSON.stringify({ questionId: id, gold: [gold], answer, status: 'answered', correctness: { score: 0.5, threshold: 0.5, features: features(answer === gold ? 1 : 0) }, ...extra });

describe('development sets', () => {
  it('never read the first 200 questions of the evaluation sets', () => {
    for (const name of ['hotpotqa-val', '2wiki', 'musique-dev']) expect(DEV_SETS.find((s) => s.name === name)?.skip).toBe(200);
    const lines = Array.from({ length: 260 }, (_, i) => `{"id":"q${i}"}`);
    const usable = devQuestionLines(DEV_SETS.find((s) => s.name === '2wiki')!, lines, 50);
    expect(usable[0]).toBe('{"id":"q200"}');
    expect(usable).toHaveLength(50);
    // A later part of the same set starts after the test split too.
    expect(devQuestionLines(DEV_SETS.find((s) => s.name === '2wiki')!, lines, 20, 50)).toEqual(lines.slice(250, 260));
  });
});

describe('rowsFromRecords', () => {
  it('turns scored answers into rows labelled by containment, skipping unscored ones', () => {
    const text = [line('1', 'Paris', 'Paris'), line('2', 'Lyon', 'Nice'), JSON.stringify({ questionId: '3', gold: ['x'], status: 'abstained' }), ''].join('\n');
    const rows = rowsFromRecords('set', text, 'dump.jsonl', 5);
    expect(rows.map((r) => [r.questionId, r.correct, r.x[0]])).toEqual([['1', true, 1], ['2', false, 0]]);
    expect(rows[0]!.fold).toBe(foldOf('set', '1', 5));
    expect(new Set(Array.from({ length: 100 }, (_, i) => foldOf('set', String(i), 5)))).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('names the file and line of a bad record', () => {
    expect(() => rowsFromRecords('set', '{"questionId": 3}', 'dump.jsonl', 5)).toThrow(/dump\.jsonl:1: not a rag-eval question record/);
    const missing = JSON.stringify({ questionId: '1', gold: ['a'], answer: 'a', correctness: { score: 1, features: { relevancePass: 1 } } });
    expect(() => rowsFromRecords('set', missing, 'dump.jsonl', 5)).toThrow(/dump\.jsonl:1: the record lacks feature\(s\) relevanceScore/);
  });
});

describe('fitCalibrationModel', () => {
  it('picks the threshold on out-of-fold scores, fits the weights on all rows and records both', () => {
    const records = Array.from({ length: 300 }, (_, i) => line(String(i), i % 3 === 0 ? 'wrong' : 'right', 'right')).join('\n');
    const rows = rowsFromRecords('set', records, 'dump.jsonl', 5);
    const { model, heldOut } = fitCalibrationModel(rows, { kind: 'logistic', targetPrecision: 0.9, folds: 5, command: 'pnpm calibrate', fittedAt: '2026-11-28T00:00:00Z', questions: { set: 300 } });
    // Every right answer (two in three) is verified out of fold, and no wrong one.
    expect(model.validation.precision).toBe(1);
    expect(model.validation.coverage).toBeCloseTo(200 / 300, 5);
    expect(model.validation.answers).toBe(300);
    expect(model.validationMethod).toMatch(/5-fold/);
    expect(heldOut).toHaveLength(300);
    expect(model.datasets).toEqual([{ name: 'set', questions: 300, answers: 300 }]);
    expect(model.validation.perSet.set?.verified).toBe(model.validation.verified);
    expect(model.kind === 'logistic' && model.weights[0]! > 0).toBe(true);
  });

  it('fits boosted trees when asked, and without the re-reading features when asked (so scoring skips the re-reading)', () => {
    // The label is carried by a re-reading feature (passageVoteShare) and, more weakly, by a cheap one (adequacyScore).
    const vote = FEATURE_NAMES.indexOf('passageVoteShare');
    const adequacy = FEATURE_NAMES.indexOf('adequacyScore');
    const records = Array.from({ length: 300 }, (_, i) => {
      const right = i % 3 !== 0;
      const f = Object.fromEntries(FEATURE_NAMES.map((n, j) => [n, j === vote ? (right ? 1 : 0) : j === adequacy ? (right || i % 2 === 0 ? 1 : 0) : 0.5]));
      return JSON.stringify({ questionId: String(i), gold: ['right'], answer: right ? 'right' : 'wrong', status: 'answered', correctness: { score: 0.5, features: f } });
    }).join('\n');
    const rows = rowsFromRecords('set', records, 'dump.jsonl', 5);
    const options = { kind: 'boosted-trees' as const, targetPrecision: 0.9, folds: 5, command: 'pnpm calibrate', fittedAt: '2026-11-28T00:00:00Z', questions: { set: 300 } };
    const all = fitCalibrationModel(rows, options).model;
    expect(all.kind).toBe('boosted-trees');
    expect(usesReaderSignals(all)).toBe(true);
    expect(all.validation.precision).toBe(1);
    const cheap = fitCalibrationModel(rows, { ...options, rereadFeatures: false }).model;
    expect(usesReaderSignals(cheap)).toBe(false);
    expect(featuresUsed(cheap)).toEqual(new Set([adequacy]));
    expect(cheap.validationMethod).toMatch(/without the re-reading features/);
  });

  it('reports each set scored by a model fitted on the other sets (leave one set out)', () => {
    const records = (n: number) => Array.from({ length: n }, (_, i) => line(String(i), i % 3 === 0 ? 'wrong' : 'right', 'right')).join('\n');
    const rows = [...rowsFromRecords('a', records(150), 'a.jsonl', 5), ...rowsFromRecords('b', records(120), 'b.jsonl', 5)];
    const { model, crossDomain } = fitCalibrationModel(rows, { kind: 'logistic', targetPrecision: 0.9, folds: 5, command: 'pnpm calibrate', fittedAt: '2026-11-28T00:00:00Z', questions: { a: 150, b: 120 } });
    expect(crossDomain).toHaveLength(270);
    expect(model.crossDomain?.perSet.a).toEqual({ answers: 150, verified: 100, precision: 1, coverage: 100 / 150 });
    expect(model.crossDomain?.perSet.b?.verified).toBe(80);
  });
});

describe('fitCalibrationModel: sets nobody tuned for', () => {
  // Feature 0 separates right from wrong answers on sets a–c; on set d it is reversed (a domain
  // where the signal the others learnt misleads).
  const setRecords = (set: string, n: number, reversed = false) =>
    Array.from({ length: n }, (_, i) => {
      const right = i % 3 !== 0;
      const f = Object.fromEntries(FEATURE_NAMES.map((name, j) => [name, j === 0 ? (right !== reversed ? 1 : 0) : 0.5]));
      return JSON.stringify({ questionId: `${set}${i}`, gold: ['right'], answer: right ? 'right' : 'wrong', status: 'answered', correctness: { score: 0.5, features: f } });
    }).join('\n');
  const rowsOf = (sets: [string, number, boolean?][]) => sets.flatMap(([set, n, reversed]) => rowsFromRecords(set, setRecords(set, n, reversed), `${set}.jsonl`, 5));
  // Few gradient steps: the signal is one clean feature, and the procedure fits dozens of models.
  const options = { kind: 'logistic' as const, fit: { iterations: 300 }, targetPrecision: 0.9, folds: 5, command: 'pnpm calibrate', fittedAt: '2026-11-28T00:00:00Z' };

  // Dozens of fits: allow for a loaded machine.
  it('labels each set with a model and threshold chosen without it (unseenSets)', { timeout: 120_000 }, () => {
    const rows = rowsOf([['a', 60], ['b', 60], ['c', 60], ['d', 60, true]]);
    const { model, unseen } = fitCalibrationModel(rows, { ...options, questions: { a: 60, b: 60, c: 60, d: 60 } });
    expect(unseen).toHaveLength(240);
    // Fitted on a–c, the reversed set d verifies its wrong answers: precision 0 where nobody tuned.
    expect(model.unseenSets?.perSet.d).toMatchObject({ answers: 60, verified: 20, precision: 0 });
    // With d among the training sets, the per-set rule finds no threshold for a, b or c.
    expect(model.unseenSets?.perSet.a?.verified).toBe(0);
  });

  it('weighs every set the same when asked, and chooses the threshold on set-left-out scores when asked', { timeout: 120_000 }, () => {
    const rows = rowsOf([['big', 240], ['small', 60], ['third', 90]]);
    const plain = fitCalibrationModel(rows, { ...options, questions: { big: 240, small: 60, third: 90 } }).model;
    const equal = fitCalibrationModel(rows, { ...options, setWeights: 'equal', thresholdOn: 'set-left-out', questions: { big: 240, small: 60, third: 90 } }).model;
    expect(equal.validationMethod).toMatch(/every set weighs the same.*threshold on set-left-out/);
    expect(plain.validationMethod).toMatch(/threshold on 5-fold/);
    expect(equal.crossDomain?.perSet.small).toMatchObject({ verified: 40, precision: 1 });
    expect(() => fitCalibrationModel(rows, { ...options, kind: 'boosted-trees', setWeights: 'equal', questions: { big: 240, small: 60, third: 90 } })).toThrow(/logistic model only/);
  });

  it('equal set weights give every set the same total and keep the mean weight 1', () => {
    const w = equalSetWeights([{ set: 'a' }, { set: 'a' }, { set: 'a' }, { set: 'b' }]);
    expect(w).toEqual([2 / 3, 2 / 3, 2 / 3, 2]);
    expect(w.reduce((s, x) => s + x, 0)).toBeCloseTo(4, 12);
  });
});

describe('pnpm calibrate --evaluate', () => {
  it('labels the dumped answers with an existing model file and prints each set, fitting nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'calibrate-evaluate-'));
    // Feature 0 is 1 for right answers; a model whose only weight is on it verifies exactly those.
    await writeFile(join(dir, '2wiki.questions.jsonl'), Array.from({ length: 9 }, (_, i) => line(String(i), i % 3 === 0 ? 'wrong' : 'right', 'right')).join('\n'));
    const records = Array.from({ length: 300 }, (_, i) => line(String(i), i % 3 === 0 ? 'wrong' : 'right', 'right')).join('\n');
    const { model } = fitCalibrationModel(rowsFromRecords('2wiki', records, 'x', 5), { kind: 'logistic', fit: { iterations: 300 }, targetPrecision: 0.9, folds: 5, command: 'pnpm calibrate', fittedAt: '2026-11-28T00:00:00Z', questions: { '2wiki': 300 } });
    await writeFile(join(dir, 'model.json'), JSON.stringify(model));
    let out = '';
    let err = '';
    const stdout = new PassThrough().on('data', (c: Buffer) => (out += c.toString()));
    const stderr = new PassThrough().on('data', (c: Buffer) => (err += c.toString()));
    const io = { stdout, stderr, env: {}, cwd: dir };
    const args = ['--fit-only', '--work', '.', '--datasets', '.', '--sets', '2wiki', '--evaluate'];
    expect(await runCalibrate([...args, 'model.json'], io, {} as CliDeps)).toBe(0);
    expect(out).toContain('| 2wiki | 9 | 6 | 6 | 100.0 | 100.0 |');
    expect(await runCalibrate([...args, 'missing.json'], io, {} as CliDeps)).toBe(1);
    expect(err).toMatch(/--evaluate: cannot read .*missing\.json/);
  });
});

describe('ranking quality', () => {
  const s = (score: number, correct: boolean) => ({ score, correct });
  it('ROC AUC counts right-above-wrong pairs, ties as half, and is null without both kinds', () => {
    expect(rocAuc([s(0.9, true), s(0.8, true), s(0.1, false)])).toBe(1);
    expect(rocAuc([s(0.1, true), s(0.9, false)])).toBe(0);
    // Pairs: (0.7 vs 0.5) above, (0.7 vs 0.7) tie, (0.3 vs 0.5) below, (0.3 vs 0.7) below → 1.5 / 4.
    expect(rocAuc([s(0.7, true), s(0.3, true), s(0.5, false), s(0.7, false)])).toBe(0.375);
    expect(rocAuc([s(0.7, true)])).toBeNull();
  });
  it('precision of the top share takes at least one answer', () => {
    const scored = [s(0.9, true), s(0.8, false), s(0.7, true), s(0.1, false)];
    expect(precisionOfTop(scored, 0.5)).toBe(0.5);
    expect(precisionOfTop(scored, 0.01)).toBe(1);
    expect(precisionOfTop([], 0.5)).toBeNull();
  });
});

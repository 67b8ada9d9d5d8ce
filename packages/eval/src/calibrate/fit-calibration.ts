// Fits the calibration model: a logistic regression or gradient-boosted shallow trees (`kind`),
// optionally without the features that need the evidence re-read (`rereadFeatures: false`, a
// faster ask). The threshold is chosen on held-out scores: either out-of-fold (the rows are split
// into K folds by question-id hash, calibration-rows.ts, and each fold is scored by a model fitted
// on the other folds) or set-left-out (each development set scored by a model fitted on the other
// sets: a domain the model never saw). The threshold is the lowest held-out score at which the
// precision of the answers above it reaches the target — pooled, and on every development set
// that verifies at least `minSetVerified` answers (a domain's errors are not averaged away by
// another domain's easy answers). Rows can be weighted so every set counts the same
// (`setWeights: 'equal'`), whatever its number of rows.
// The shipped model is then fitted on all rows. The model records the held-out precision and
// coverage at its threshold (`validation`, per set too), the in-sample ones (`train`), and what the
// whole procedure — fit and threshold — gives on each set it never saw (`unseenSets`).
import { FEATURE_NAMES, correctnessScore, fitLogistic, fitTrees, isRereadFeature, parseCalibrationModel, selectionAt, selectThresholdPerSet, type CalibrationModel, type FitOptions, type LogisticFit, type Scored, type TreeFitOptions, type TreesFit } from '@rag/agents';
import { RagError } from '@rag/core';
import type { CalibrationRow } from './calibration-rows.js';

export interface FitCalibrationOptions {
  targetPrecision: number;
  /** Number of cross-validation folds the rows were dealt into (rows carry their fold). */
  folds: number;
  /** Fewest verified out-of-fold answers a threshold may rest on (default 20). */
  minVerified?: number;
  /** A set is held to the target on its own once it verifies this many out-of-fold answers (default 1: every set). */
  minSetVerified?: number;
  command: string;
  fittedAt: string;
  /** Questions run per set (answers are counted from the rows). */
  questions: Record<string, number>;
  /** Model kind (default 'logistic', the shipped model; 'boosted-trees' verified less precisely on unseen data, docs/verify.md). */
  kind?: 'logistic' | 'boosted-trees';
  /** Logistic options (kind 'logistic'). */
  fit?: FitOptions;
  /** Tree options (kind 'boosted-trees'). */
  trees?: TreeFitOptions;
  /** Use the features that re-read the evidence (default true); false fits without them, so scoring skips the re-reading. */
  rereadFeatures?: boolean;
  /** 'rows' (default): every answer weighs 1; 'equal': every set weighs the same in the fit (logistic only). */
  setWeights?: 'rows' | 'equal';
  /** Held-out scores the threshold is chosen on (default 'out-of-fold'). */
  thresholdOn?: 'out-of-fold' | 'set-left-out';
}

/** Row weights under which every set has the same total weight (the mean weight stays 1). */
export function equalSetWeights(rows: readonly { set: string }[]): number[] {
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.set, (count.get(r.set) ?? 0) + 1);
  return rows.map((r) => rows.length / count.size / count.get(r.set)!);
}

/** The features a fit may use: all, or all but the re-reading ones. */
export function allowedFeatures(rereadFeatures: boolean): number[] {
  return FEATURE_NAMES.flatMap((name, i) => (rereadFeatures || !isRereadFeature(name) ? [i] : []));
}

type Fit = ({ kind: 'logistic' } & LogisticFit) | ({ kind: 'boosted-trees' } & TreesFit);

function fitOne(rows: readonly CalibrationRow[], options: FitCalibrationOptions): Fit {
  const allowed = allowedFeatures(options.rereadFeatures ?? true);
  const y = labels(rows);
  if ((options.kind ?? 'logistic') === 'boosted-trees') {
    if (options.setWeights === 'equal') throw new RagError('RAG_INVALID_INPUT', 'calibrate: equal set weights are for the logistic model only', { details: { input: 'set-weights' } });
    return { kind: 'boosted-trees', ...fitTrees(rows.map((r) => r.x), y, { ...options.trees, allowed }) };
  }
  // A feature left out is held at 0 for every row: its weight stays 0.
  const keep = new Set(allowed);
  const x = rows.map((r) => r.x.map((v, j) => (keep.has(j) ? v : 0)));
  return { kind: 'logistic', ...fitLogistic(x, y, { ...options.fit, ...(options.setWeights === 'equal' ? { rowWeights: equalSetWeights(rows) } : {}) }) };
}

const labels = (rows: readonly CalibrationRow[]) => rows.map((r) => (r.correct ? 1 : 0) as 0 | 1);

export interface FittedCalibration {
  model: CalibrationModel;
  /** Every row's out-of-fold score (the held-out risk–coverage curve is read from these). */
  heldOut: (Scored & { set: string })[];
  /** Every row scored by a model fitted on the other development sets (leave one set out). */
  crossDomain: (Scored & { set: string })[];
  /** Every row scored by the whole procedure (model and threshold) run without its set: whether it is verified. */
  unseen: (Scored & { set: string; verified: boolean })[];
}

type SetScored = Scored & { set: string };

/** Out-of-fold scores: every row scored by a model that never saw it. */
function outOfFold(rows: readonly CalibrationRow[], options: FitCalibrationOptions): SetScored[] {
  const heldOut: SetScored[] = [];
  for (let k = 0; k < options.folds; k++) {
    const train = rows.filter((r) => r.fold !== k);
    const test = rows.filter((r) => r.fold === k);
    if (test.length === 0 || train.length === 0) continue;
    const fit = fitOne(train, options);
    for (const r of test) heldOut.push({ score: correctnessScore(fit, r.x), correct: r.correct, set: r.set });
  }
  return heldOut;
}

/** The procedure on `rows`: held-out scores, the threshold chosen on them, and the model fitted on all rows. */
function fitAndChoose(rows: readonly CalibrationRow[], options: FitCalibrationOptions, report: boolean) {
  const onSets = options.thresholdOn === 'set-left-out';
  // Only what the threshold needs, unless the scores are reported too.
  const heldOut = report || !onSets ? outOfFold(rows, options) : [];
  const crossDomain = report || onSets ? leaveOneSetOut(rows, options) : [];
  const on = onSets ? crossDomain : heldOut;
  if (on.length === 0) throw new RagError('RAG_INVALID_INPUT', 'calibrate: --threshold-on set-left-out needs at least two development sets', { details: { input: 'threshold-on' } });
  const choice = selectThresholdPerSet(on, options.targetPrecision, { minVerified: options.minVerified ?? 20, minSetVerified: options.minSetVerified ?? 1 });
  return { heldOut, crossDomain, choice, fit: fitOne(rows, options) };
}

/**
 * Each development set labelled by the whole procedure — model AND threshold — run on the other
 * sets only: what a user's own documents would get from a calibration that never saw them.
 */
function unseenSets(rows: readonly CalibrationRow[], options: FitCalibrationOptions): (SetScored & { verified: boolean })[] {
  const sets = [...new Set(rows.map((r) => r.set))];
  if (sets.length < 3) return [];
  return sets.flatMap((left) => {
    const train = rows.filter((r) => r.set !== left);
    const trainRight = train.filter((r) => r.correct).length;
    if (train.length < 50 || trainRight < 10 || trainRight === train.length) return [];
    const { fit, choice } = fitAndChoose(train, options, false);
    return rows.filter((r) => r.set === left).map((r) => {
      const score = correctnessScore(fit, r.x);
      return { score, correct: r.correct, set: r.set, verified: choice.reached && score >= choice.threshold };
    });
  });
}

export function fitCalibrationModel(rows: readonly CalibrationRow[], options: FitCalibrationOptions): FittedCalibration {
  if (rows.length < 50 || rows.filter((r) => r.correct).length < 10)
    throw new RagError('RAG_INVALID_INPUT', `calibrate: too few scored answers to fit (${rows.length} answers, ${rows.filter((r) => r.correct).length} right; need 50 and 10)`, { details: { input: 'rows' } });
  const { heldOut, crossDomain, choice, fit } = fitAndChoose(rows, options, true);
  const minSetVerified = options.minSetVerified ?? 1;
  const summary = (scored: readonly Scored[]) => {
    // A threshold that reached the target nowhere verifies nothing (the calibrator reads 1 so).
    const s = choice.reached ? selectionAt(scored, choice.threshold) : { verified: 0, precision: null, coverage: 0 };
    return { answers: scored.length, verified: s.verified, precision: s.precision, coverage: s.coverage };
  };
  const sets = Object.keys(options.questions);
  const perSet = (scored: readonly (Scored & { set: string })[]) => ({ ...summary(scored), perSet: Object.fromEntries(sets.map((s) => [s, summary(scored.filter((h) => h.set === s))])) });
  const unseen = unseenSets(rows, options);
  const labelled = (scored: readonly { correct: boolean; verified: boolean }[]) => {
    const verified = scored.filter((s) => s.verified);
    const right = verified.filter((s) => s.correct).length;
    return { answers: scored.length, verified: verified.length, precision: verified.length === 0 ? null : right / verified.length, coverage: scored.length === 0 ? 0 : verified.length / scored.length };
  };
  const weighting = options.setWeights === 'equal' ? '; every set weighs the same in the fit' : '';
  const on = options.thresholdOn === 'set-left-out' ? 'set-left-out scores (each set scored by a model fitted on the other sets)' : `${options.folds}-fold cross-validation by question-id hash (out-of-fold scores)`;
  const model = {
    version: 1 as const,
    features: [...FEATURE_NAMES],
    ...fit,
    threshold: choice.threshold,
    targetPrecision: options.targetPrecision,
    fittedAt: options.fittedAt,
    command: options.command,
    validationMethod: `${fit.kind}${options.rereadFeatures === false ? ' without the re-reading features' : ''}${weighting}; threshold on ${on}: lowest with pooled precision ≥ target and precision ≥ target on every set verifying ≥ ${minSetVerified} answer(s)`,
    datasets: sets.map((name) => ({ name, questions: options.questions[name]!, answers: rows.filter((r) => r.set === name).length })),
    train: summary(rows.map((r) => ({ score: correctnessScore(fit, r.x), correct: r.correct }))),
    validation: perSet(heldOut),
    ...(crossDomain.length > 0 ? { crossDomain: perSet(crossDomain) } : {}),
    ...(unseen.length > 0 ? { unseenSets: { ...labelled(unseen), perSet: Object.fromEntries(sets.flatMap((s) => (unseen.some((u) => u.set === s) ? [[s, labelled(unseen.filter((u) => u.set === s))]] : []))) } } : {}),
  };
  // The file the runtime reads must pass the runtime's own check.
  return { model: parseCalibrationModel(JSON.parse(JSON.stringify(model)), 'the fitted model'), heldOut, crossDomain, unseen };
}

/**
 * Each development set scored by a model fitted on the other sets only: how the model fares on a
 * domain it never saw (the situation of a user's own documents). The threshold is chosen on these
 * scores with `thresholdOn: 'set-left-out'`. Empty with fewer than two sets.
 */
function leaveOneSetOut(rows: readonly CalibrationRow[], options: FitCalibrationOptions): (Scored & { set: string })[] {
  const sets = [...new Set(rows.map((r) => r.set))];
  if (sets.length < 2) return [];
  return sets.flatMap((left) => {
    const train = rows.filter((r) => r.set !== left);
    if (!train.some((r) => r.correct) || train.every((r) => r.correct)) return [];
    const fit = fitOne(train, options);
    return rows.filter((r) => r.set === left).map((r) => ({ score: correctnessScore(fit, r.x), correct: r.correct, set: r.set }));
  });
}

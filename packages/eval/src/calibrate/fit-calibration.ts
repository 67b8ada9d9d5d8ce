// Fits the calibration model: a logistic regression or gradient-boosted shallow trees (`kind`),
// optionally without the features that need the evidence re-read (`rereadFeatures: false`, a
// faster ask). The threshold is chosen on held-out scores: the rows are split into
// K folds (by question-id hash, calibration-rows.ts); each fold is scored by a model (same kind and options)
// fitted on the other folds, and the threshold is the lowest out-of-fold score at which the
// precision of the answers above it reaches the target — pooled, and on every development set
// that verifies at least `minSetVerified` answers (a domain's errors are not averaged away by
// another domain's easy answers).
// The shipped model is then fitted on all rows. The model records the out-of-fold precision and
// coverage at its threshold (`validation`, per set too) and the in-sample ones (`train`).
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
}

/** The features a fit may use: all, or all but the re-reading ones. */
export function allowedFeatures(rereadFeatures: boolean): number[] {
  return FEATURE_NAMES.flatMap((name, i) => (rereadFeatures || !isRereadFeature(name) ? [i] : []));
}

type Fit = ({ kind: 'logistic' } & LogisticFit) | ({ kind: 'boosted-trees' } & TreesFit);

function fitOne(rows: readonly CalibrationRow[], options: FitCalibrationOptions): Fit {
  const allowed = allowedFeatures(options.rereadFeatures ?? true);
  const y = labels(rows);
  if ((options.kind ?? 'logistic') === 'boosted-trees') return { kind: 'boosted-trees', ...fitTrees(rows.map((r) => r.x), y, { ...options.trees, allowed }) };
  // A feature left out is held at 0 for every row: its weight stays 0.
  const keep = new Set(allowed);
  const x = rows.map((r) => r.x.map((v, j) => (keep.has(j) ? v : 0)));
  return { kind: 'logistic', ...fitLogistic(x, y, options.fit) };
}

const labels = (rows: readonly CalibrationRow[]) => rows.map((r) => (r.correct ? 1 : 0) as 0 | 1);

export interface FittedCalibration {
  model: CalibrationModel;
  /** Every row's out-of-fold score (the held-out risk–coverage curve is read from these). */
  heldOut: (Scored & { set: string })[];
  /** Every row scored by a model fitted on the other development sets (leave one set out). */
  crossDomain: (Scored & { set: string })[];
}

export function fitCalibrationModel(rows: readonly CalibrationRow[], options: FitCalibrationOptions): FittedCalibration {
  if (rows.length < 50 || rows.filter((r) => r.correct).length < 10)
    throw new RagError('RAG_INVALID_INPUT', `calibrate: too few scored answers to fit (${rows.length} answers, ${rows.filter((r) => r.correct).length} right; need 50 and 10)`, { details: { input: 'rows' } });
  // Out-of-fold scores: every row scored by a model that never saw it.
  const heldOut: (Scored & { set: string })[] = [];
  for (let k = 0; k < options.folds; k++) {
    const train = rows.filter((r) => r.fold !== k);
    const test = rows.filter((r) => r.fold === k);
    if (test.length === 0) continue;
    const fit = fitOne(train, options);
    for (const r of test) heldOut.push({ score: correctnessScore(fit, r.x), correct: r.correct, set: r.set });
  }
  const minSetVerified = options.minSetVerified ?? 1;
  const choice = selectThresholdPerSet(heldOut, options.targetPrecision, { minVerified: options.minVerified ?? 20, minSetVerified });
  const fit = fitOne(rows, options);
  const summary = (scored: readonly Scored[]) => {
    const s = selectionAt(scored, choice.threshold);
    return { answers: scored.length, verified: s.verified, precision: s.precision, coverage: s.coverage };
  };
  const sets = Object.keys(options.questions);
  const perSet = (scored: readonly (Scored & { set: string })[]) => ({ ...summary(scored), perSet: Object.fromEntries(sets.map((s) => [s, summary(scored.filter((h) => h.set === s))])) });
  const crossDomain = leaveOneSetOut(rows, options);
  const model = {
    version: 1 as const,
    features: [...FEATURE_NAMES],
    ...fit,
    threshold: choice.threshold,
    targetPrecision: options.targetPrecision,
    fittedAt: options.fittedAt,
    command: options.command,
    validationMethod: `${fit.kind}${options.rereadFeatures === false ? ' without the re-reading features' : ''}; ${options.folds}-fold cross-validation by question-id hash (out-of-fold scores); threshold: lowest with pooled precision ≥ target and precision ≥ target on every set verifying ≥ ${minSetVerified} answer(s)`,
    datasets: sets.map((name) => ({ name, questions: options.questions[name]!, answers: rows.filter((r) => r.set === name).length })),
    train: summary(rows.map((r) => ({ score: correctnessScore(fit, r.x), correct: r.correct }))),
    validation: perSet(heldOut),
    ...(crossDomain.length > 0 ? { crossDomain: perSet(crossDomain) } : {}),
  };
  // The file the runtime reads must pass the runtime's own check.
  return { model: parseCalibrationModel(JSON.parse(JSON.stringify(model)), 'the fitted model'), heldOut, crossDomain };
}

/**
 * Each development set scored by a model fitted on the other sets only: how the model fares on a
 * domain it never saw (the situation of a user's own documents). Reported, not used to choose the
 * threshold. Empty with fewer than two sets.
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

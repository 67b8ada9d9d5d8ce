// Fits the calibration model: logistic regression on the training rows, the threshold chosen on
// the held-out validation rows as the largest coverage whose precision reaches the target, and the
// record of what it was fitted on (written beside the weights).
import { FEATURE_NAMES, correctnessScore, fitLogistic, parseCalibrationModel, selectionAt, selectThreshold, type CalibrationModel, type FitOptions } from '@rag/agents';
import { RagError } from '@rag/core';
import type { CalibrationRow } from './calibration-rows.js';

export interface FitCalibrationOptions {
  targetPrecision: number;
  /** Fewest verified validation answers a threshold may rest on (default 20). */
  minVerified?: number;
  command: string;
  fittedAt: string;
  /** Questions run per set (answers are counted from the rows). */
  questions: Record<string, number>;
  fit?: FitOptions;
}

export function fitCalibrationModel(rows: readonly CalibrationRow[], options: FitCalibrationOptions): CalibrationModel {
  const train = rows.filter((r) => !r.validation);
  const validation = rows.filter((r) => r.validation);
  if (train.length < 20 || validation.length < 20)
    throw new RagError('RAG_INVALID_INPUT', `calibrate: too few scored answers to fit (train ${train.length}, validation ${validation.length}; need 20 each)`, { details: { input: 'rows' } });
  const fit = fitLogistic(train.map((r) => r.x), train.map((r) => (r.correct ? 1 : 0)), options.fit);
  const scored = (list: readonly CalibrationRow[]) => list.map((r) => ({ score: correctnessScore(fit, r.x), correct: r.correct }));
  const choice = selectThreshold(scored(validation), options.targetPrecision, options.minVerified ?? 20);
  const selection = (list: readonly CalibrationRow[]) => {
    const s = selectionAt(scored(list), choice.threshold);
    return { answers: list.length, verified: s.verified, precision: s.precision, coverage: s.coverage };
  };
  const sets = Object.keys(options.questions);
  const model = {
    version: 1 as const,
    kind: 'logistic' as const,
    features: [...FEATURE_NAMES],
    ...fit,
    threshold: choice.threshold,
    targetPrecision: options.targetPrecision,
    fittedAt: options.fittedAt,
    command: options.command,
    datasets: sets.map((name) => ({ name, questions: options.questions[name]!, answers: rows.filter((r) => r.set === name).length })),
    train: selection(train),
    validation: { ...selection(validation), perSet: Object.fromEntries(sets.map((s) => [s, selection(validation.filter((r) => r.set === s))])) },
  };
  // The file the runtime reads must pass the runtime's own check.
  return parseCalibrationModel(JSON.parse(JSON.stringify(model)), 'the fitted model');
}

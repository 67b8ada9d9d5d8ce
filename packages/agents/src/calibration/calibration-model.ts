// The calibration model as data: a logistic regression over the answer features (standardised by
// the fitted mean and scale), the threshold chosen for precision on held-out (out-of-fold) scores,
// and where it came from (datasets, date, held-out precision / coverage, the command that refits
// it). Read at runtime from a JSON file and validated whole: a malformed file is an error that
// names the file and the field, never a silent fallback.
import { invalidInput } from '@rag/core';
import { z } from 'zod';
import { FEATURE_NAMES, featureVector, type AnswerFeatures } from './answer-features.js';

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

const SetSummarySchema = z.object({
  name: z.string().min(1),
  questions: z.number().int().nonnegative(),
  answers: z.number().int().nonnegative(),
});

const SelectionSchema = z.object({
  answers: z.number().int().nonnegative(),
  verified: z.number().int().nonnegative(),
  precision: z.number().min(0).max(1).nullable(),
  /** Share of the split's answers that are verified at the threshold. */
  coverage: z.number().min(0).max(1),
});

export const CalibrationModelSchema = z
  .object({
    version: z.literal(1),
    kind: z.literal('logistic'),
    features: z.array(z.string()).min(1),
    mean: z.array(finite),
    scale: z.array(finite.refine((x) => x > 0, 'must be > 0')),
    weights: z.array(finite),
    bias: finite,
    threshold: z.number().min(0).max(1),
    /** Precision the threshold was chosen for on the held-out scores. */
    targetPrecision: z.number().min(0).max(1),
    fittedAt: z.string().min(1),
    command: z.string().min(1),
    /** How the held-out scores behind `threshold` and `validation` were made. */
    validationMethod: z.string().min(1),
    datasets: z.array(SetSummarySchema).min(1),
    /** In-sample: the shipped weights on every row they were fitted on. */
    train: SelectionSchema,
    /** Held out: at the threshold, on scores from models that did not see the row. */
    validation: SelectionSchema.extend({ perSet: z.record(z.string(), SelectionSchema).default({}) }),
  })
  .superRefine((m, ctx) => {
    for (const key of ['mean', 'scale', 'weights'] as const)
      if (m[key].length !== m.features.length)
        ctx.addIssue({ code: 'custom', path: [key], message: `has ${m[key].length} entries for ${m.features.length} features` });
  });

export type CalibrationModel = z.infer<typeof CalibrationModelSchema>;

/**
 * Validate a calibration model read from `source` (a file name, for the error). It must score the
 * features this build computes, in the same order: a model fitted on other features is refitted
 * (`pnpm calibrate`), not guessed at.
 */
export function parseCalibrationModel(value: unknown, source: string): CalibrationModel {
  const parsed = CalibrationModelSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length ? issue.path.join('.') : '(root)';
    throw invalidInput(source, `is not a calibration model: ${at}: ${issue.message}`, { path: issue.path.map(String) });
  }
  const model = parsed.data;
  const expected = FEATURE_NAMES.join(',');
  if (model.features.join(',') !== expected)
    throw invalidInput(source, `was fitted on features [${model.features.join(', ')}], this build computes [${FEATURE_NAMES.join(', ')}]: refit it with \`pnpm calibrate\``);
  return model;
}

/** The fitted probability that the answer is correct, in [0, 1]. */
export function correctnessScore(model: Pick<CalibrationModel, 'mean' | 'scale' | 'weights' | 'bias'>, features: AnswerFeatures | readonly number[]): number {
  const x = Array.isArray(features) ? (features as readonly number[]) : featureVector(features as AnswerFeatures);
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i]! * (((x[i] ?? 0) - model.mean[i]!) / model.scale[i]!);
  return 1 / (1 + Math.exp(-z));
}

// The calibration model as data: a logistic regression over the answer features (standardised by
// the fitted mean and scale) or gradient-boosted shallow trees over them (`kind` tells them
// apart), the threshold chosen for precision on held-out (out-of-fold) scores, and where it came from (datasets, date, held-out precision / coverage, the command that refits
// it). Read at runtime from a JSON file and validated whole: a malformed file is an error that
// names the file and the field, never a silent fallback.
import { invalidInput } from '@rag/core';
import { z } from 'zod';
import { FEATURE_NAMES, featureVector, type AnswerFeatures } from './answer-features.js';
import type { LogisticFit } from './fit-logistic.js';
import { treesScore, type TreesFit } from './fit-trees.js';

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

const MetadataSchema = z.object({
  version: z.literal(1),
  features: z.array(z.string()).min(1),
  /** Verified iff the score is at least this; 1 means no threshold reached the target, and nothing is verified. */
  threshold: z.number().min(0).max(1),
  /** Precision the threshold was chosen for on the held-out scores. */
  targetPrecision: z.number().min(0).max(1),
  fittedAt: z.string().min(1),
  command: z.string().min(1),
  /** How the held-out scores behind `threshold` and `validation` were made. */
  validationMethod: z.string().min(1),
  datasets: z.array(SetSummarySchema).min(1),
  /** In-sample: the shipped model on every row it was fitted on. */
  train: SelectionSchema,
  /** Held out: at the threshold, on scores from models that did not see the row. */
  validation: SelectionSchema.extend({ perSet: z.record(z.string(), SelectionSchema).default({}) }),
  /** At the threshold, each development set scored by a model fitted on the other sets (a domain it never saw). */
  crossDomain: SelectionSchema.extend({ perSet: z.record(z.string(), SelectionSchema).default({}) }).optional(),
  /**
   * Each development set labelled by the whole procedure (model and threshold) run without it: the
   * share verified and their precision on a set nobody tuned for.
   */
  unseenSets: SelectionSchema.extend({ perSet: z.record(z.string(), SelectionSchema).default({}) }).optional(),
});

const LogisticSchema = MetadataSchema.extend({
  kind: z.literal('logistic'),
  mean: z.array(finite),
  scale: z.array(finite.refine((x) => x > 0, 'must be > 0')),
  weights: z.array(finite),
  bias: finite,
});

const NodeSchema = z.union([
  z.strictObject({ feature: z.number().int().nonnegative(), threshold: finite, left: z.number().int().positive(), right: z.number().int().positive() }),
  z.strictObject({ value: finite }),
]);

const TreesSchema = MetadataSchema.extend({
  kind: z.literal('boosted-trees'),
  /** Initial log-odds; the score is sigmoid(bias + the leaf value of every tree). */
  bias: finite,
  trees: z.array(z.object({ nodes: z.array(NodeSchema).min(1) })),
});

export const CalibrationModelSchema = z.discriminatedUnion('kind', [LogisticSchema, TreesSchema]).superRefine((m, ctx) => {
  if (m.kind === 'logistic') {
    for (const key of ['mean', 'scale', 'weights'] as const)
      if (m[key].length !== m.features.length)
        ctx.addIssue({ code: 'custom', path: [key], message: `has ${m[key].length} entries for ${m.features.length} features` });
    return;
  }
  for (const [t, tree] of m.trees.entries()) {
    const problem = treeProblem(tree.nodes, m.features.length);
    if (problem) ctx.addIssue({ code: 'custom', path: ['trees', t, 'nodes', problem.node], message: problem.message });
  }
});

/**
 * A tree's nodes form one tree rooted at node 0: every split names a feature the model has, its
 * children come after it (so no cycle), and every node but the root is the child of exactly one split.
 */
function treeProblem(nodes: readonly z.infer<typeof NodeSchema>[], features: number): { node: number; message: string } | undefined {
  const parents = new Array<number>(nodes.length).fill(0);
  for (const [i, node] of nodes.entries()) {
    if ('value' in node) continue;
    if (node.feature >= features) return { node: i, message: `splits on feature ${node.feature}, the model has ${features}` };
    for (const child of [node.left, node.right]) {
      if (child <= i || child >= nodes.length) return { node: i, message: `child ${child} must come after the node and be one of the ${nodes.length} nodes` };
      parents[child]!++;
    }
  }
  const orphan = parents.findIndex((p, i) => i > 0 && p !== 1);
  return orphan < 0 ? undefined : { node: orphan, message: `is the child of ${parents[orphan]} splits (must be exactly 1)` };
}

export type CalibrationModel = z.infer<typeof CalibrationModelSchema>;
export type LogisticCalibrationModel = Extract<CalibrationModel, { kind: 'logistic' }>;
export type TreesCalibrationModel = Extract<CalibrationModel, { kind: 'boosted-trees' }>;

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

/** The fitted probability that the answer is correct, in [0, 1], for either kind of model. */
export function correctnessScore(model: LogisticFit | TreesFit | CalibrationModel, features: AnswerFeatures | readonly number[]): number {
  const x = Array.isArray(features) ? (features as readonly number[]) : featureVector(features as AnswerFeatures);
  if ('trees' in model) return treesScore(model, x);
  let z = model.bias;
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i]! * (((x[i] ?? 0) - model.mean[i]!) / model.scale[i]!);
  return 1 / (1 + Math.exp(-z));
}

/** Indices of the features the model's score depends on (a weight ≠ 0, or a split on it). */
export function featuresUsed(model: CalibrationModel): Set<number> {
  if (model.kind === 'logistic') return new Set(model.weights.flatMap((w, i) => (Math.abs(w) > 0 ? [i] : [])));
  return new Set(model.trees.flatMap((t) => t.nodes.flatMap((n) => ('feature' in n ? [n.feature] : []))));
}

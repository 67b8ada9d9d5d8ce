// Wraps an agent body (internal/run-agent.ts) so its result is labelled by the calibrator: the
// one line an agent needs to adopt the calibrated "verified".
import type { RunContext } from '@rag/core';
import type { AgentResult, PartialResult } from '../internal/run-agent.js';
import type { CalibrationModel } from './calibration-model.js';
import { createCalibrator, type CalibratorOptions } from './calibrator.js';
import { defaultCalibrationModel } from './default-model.js';

type Body = (question: string, context: RunContext, partial: PartialResult) => Promise<AgentResult>;

/**
 * The model an agent labels with: the one given, or `false`; by default the shipped model, which
 * was fitted on the embedded reader and Triple-Check and describes only them: an agent with a chat
 * model, its own generator or its own Triple-Check keeps Triple-Check's label unless given a model.
 */
export function calibrationFor(options: { calibration?: CalibrationModel | false; model?: unknown; generator?: unknown; tripleCheck?: unknown }): CalibrationModel | false {
  if (options.calibration !== undefined) return options.calibration;
  return options.model || options.generator || options.tripleCheck ? false : defaultCalibrationModel();
}

/** `body` with its answer relabelled by `model`; `false` returns `body` unchanged. */
export function calibratedBody(index: CalibratorOptions['index'], model: CalibrationModel | false, body: Body): Body {
  if (model === false) return body;
  const calibrator = createCalibrator({ model, index });
  return async (question, context, partial) => calibrator.apply(question, await body(question, context, partial), context);
}

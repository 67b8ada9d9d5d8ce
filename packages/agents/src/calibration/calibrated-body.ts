// Wraps an agent body (internal/run-agent.ts) so its result is labelled by the calibrator: the
// one line an agent needs to adopt the calibrated "verified".
import type { RunContext } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import type { AgentResult, PartialResult } from '../internal/run-agent.js';
import type { CalibrationModel } from './calibration-model.js';
import { createCalibrator } from './calibrator.js';
import { defaultCalibrationModel } from './default-model.js';

type Body = (question: string, context: RunContext, partial: PartialResult) => Promise<AgentResult>;

/** `body` with its answer relabelled by `model` (default: the shipped model); `false` returns `body` unchanged. */
export function calibratedBody(index: Pick<RagIndex, 'getChunk' | 'getDoc' | 'keyword'>, model: CalibrationModel | false | undefined, body: Body): Body {
  if (model === false) return body;
  const calibrator = createCalibrator({ model: model ?? defaultCalibrationModel(), index });
  return async (question, context, partial) => calibrator.apply(question, await body(question, context, partial), context);
}

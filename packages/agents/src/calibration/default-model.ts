// The calibration model shipped with the package (default-model.json, written by `pnpm calibrate`),
// validated when first used.
import data from './default-model.json' with { type: 'json' };
import { parseCalibrationModel, type CalibrationModel } from './calibration-model.js';

let cached: CalibrationModel | undefined;

/** The shipped model; throws a clear error naming the file if it does not validate. */
export function defaultCalibrationModel(): CalibrationModel {
  cached ??= parseCalibrationModel(data, '@rag/agents calibration/default-model.json');
  return cached;
}

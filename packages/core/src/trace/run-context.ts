import type { BudgetLimits } from './budget.js';
import { createCostMeter, type CostMeter } from './cost-meter.js';
import { createTrace, type Trace, type TraceListener } from './trace.js';

/**
 * Receives answer text as a model streams it. `generation` numbers the streamed answer
 * generations of one run from 1: a new number means the text before it belonged to an attempt
 * that was discarded (a failed check, a retry), so a display should start over.
 */
export type TokenListener = (text: string, info: { generation: number }) => void;

/** What every request-scoped operation receives: its trace, its metered budget, its abort signal. */
export interface RunContext {
  trace: Trace;
  meter: CostMeter;
  signal?: AbortSignal;
  /** Set when the caller wants the answer streamed; answer generators that can stream call it. */
  onToken?: TokenListener;
}

export function createRunContext(
  options: { budget?: BudgetLimits; signal?: AbortSignal; onEvent?: TraceListener; onToken?: TokenListener } = {},
): RunContext {
  return {
    trace: createTrace(options.onEvent ? { onEvent: options.onEvent } : {}),
    meter: createCostMeter(options.budget ?? {}, options.signal ? { signal: options.signal } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onToken ? { onToken: options.onToken } : {}),
  };
}

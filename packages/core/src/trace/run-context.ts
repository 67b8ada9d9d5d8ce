import type { BudgetLimits } from './budget.js';
import { createCostMeter, type CostMeter } from './cost-meter.js';
import { createTrace, type Trace, type TraceListener } from './trace.js';

/** What every request-scoped operation receives: its trace, its metered budget, its abort signal. */
export interface RunContext {
  trace: Trace;
  meter: CostMeter;
  signal?: AbortSignal;
}

export function createRunContext(
  options: { budget?: BudgetLimits; signal?: AbortSignal; onEvent?: TraceListener } = {},
): RunContext {
  return {
    trace: createTrace(options.onEvent ? { onEvent: options.onEvent } : {}),
    meter: createCostMeter(options.budget ?? {}, options.signal ? { signal: options.signal } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

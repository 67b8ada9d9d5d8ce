// A per-request trace: stages with start/end, decisions, model and tool calls. Plain data so
// answers, CLI output, HTTP streams and eval reports can carry it unchanged.

export type TraceEventKind = 'stage' | 'decision' | 'llm' | 'embedding' | 'tool' | 'retry' | 'verdict' | 'info' | 'warning';

export interface TraceEvent {
  kind: TraceEventKind;
  name: string;
  /** ms since the trace started */
  start: number;
  end?: number;
  tokensIn?: number;
  tokensOut?: number;
  calls?: number;
  /** The decision taken, e.g. "stage 1 sufficient: stop". */
  decision?: string;
  data?: Record<string, unknown>;
}

export type TraceListener = (event: TraceEvent) => void;

export interface Trace {
  readonly events: readonly TraceEvent[];
  /** Record a finished event (start defaults to now). */
  add(event: Omit<TraceEvent, 'start'> & { start?: number }): TraceEvent;
  /** Run `fn` as a stage; the event gets its end time even when `fn` throws. */
  stage<T>(name: string, fn: (event: TraceEvent) => Promise<T> | T, data?: Record<string, unknown>): Promise<T>;
  decision(name: string, decision: string, data?: Record<string, unknown>): void;
  /** Subscribe to events as they are recorded (for streaming). Returns an unsubscribe. */
  subscribe(listener: TraceListener): () => void;
  /** ms since creation */
  now(): number;
  toJSON(): TraceEvent[];
}

export function createTrace(options: { onEvent?: TraceListener } = {}): Trace {
  const t0 = performance.now();
  const events: TraceEvent[] = [];
  const listeners = new Set<TraceListener>();
  if (options.onEvent) listeners.add(options.onEvent);
  const now = () => Math.round((performance.now() - t0) * 1000) / 1000;
  const emit = (e: TraceEvent) => {
    for (const l of listeners) {
      try {
        l(e);
      } catch {
        // a failing listener must never break the request it observes
      }
    }
  };
  const trace: Trace = {
    events,
    now,
    add(event) {
      const e: TraceEvent = { ...event, start: event.start ?? now() };
      if (e.end === undefined) e.end = e.start;
      events.push(e);
      emit(e);
      return e;
    },
    async stage(name, fn, data) {
      const e: TraceEvent = { kind: 'stage', name, start: now(), ...(data ? { data } : {}) };
      events.push(e);
      try {
        return await fn(e);
      } finally {
        e.end = now();
        emit(e);
      }
    },
    decision(name, decision, data) {
      trace.add({ kind: 'decision', name, decision, ...(data ? { data } : {}) });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toJSON: () => events.map((e) => ({ ...e })),
  };
  return trace;
}

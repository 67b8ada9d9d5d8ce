// An empty ingest report, and the helpers an ingest call reports through.
import type { RunContext } from '@rag/core';
import type { IngestProgress, IngestReport, IngestStage } from '../types.js';

export function newIngestReport(ctx: RunContext): IngestReport {
  return {
    added: [],
    updated: [],
    unchanged: [],
    failed: [],
    problems: [],
    chunks: 0,
    sentences: 0,
    entities: 0,
    relations: 0,
    merges: 0,
    extractionSkipped: 0,
    warnings: [],
    stageMs: {},
    cost: ctx.meter.snapshot(),
  };
}

/** A progress callback that never lets a failing listener break ingestion. */
export function safeProgress(listener: ((e: IngestProgress) => void) | undefined): (e: IngestProgress) => void {
  return (e) => {
    try {
      listener?.(e);
    } catch {
      // a failing progress listener must not break ingestion
    }
  };
}

/** Run a stage under a trace span, adding its wall time to `report.stageMs`. */
export function stageTimer(ctx: RunContext, report: IngestReport) {
  return async <T>(stage: IngestStage, fn: () => Promise<T>): Promise<T> => {
    // Each stage starts on a new turn of the event loop: a server that indexes on its main
    // thread answers its other requests (health, info, reads) between the stages, not only
    // after the whole write.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const t0 = performance.now();
    try {
      return await ctx.trace.stage(`index:${stage}`, fn);
    } finally {
      report.stageMs[stage] = (report.stageMs[stage] ?? 0) + (performance.now() - t0);
    }
  };
}

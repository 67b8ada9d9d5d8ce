// What the delta segments of a generation amount to, from its manifest alone (no segment is
// read): how many, their bytes, the generation's bytes on disk, and which components carry more
// delta records than the delta policy's steady allowance.
//
// The steady allowance (delta-policy.ts: `compactRatio` × the component's records) is what a
// finished commit may leave behind: the last commit of every ingest call, and every removal,
// folds a component whose deltas exceed it. Only the commits between the batches of one call
// may go beyond it (the growth allowance), so a generation over it is, in practice, one an
// interrupted build left (or one written with a larger `compactRatio` than the reader's).
import { withinDeltaBudget } from './delta-policy.js';
import type { Manifest2 } from './format2.js';

export interface DeltaSummary {
  /** Delta segments the generation replays at open (state, graph, keyword index, vector namespaces). */
  segments: number;
  /** Their bytes on disk. */
  deltaBytes: number;
  /** Bytes of every segment the generation names, bases and deltas: the store's size on disk. */
  liveBytes: number;
  /**
   * Components whose deltas hold more records than `compactRatio` of the component ("state",
   * "graph", "keyword", or a vector namespace's name): what no finished commit leaves behind.
   */
  overBudget: string[];
}

/** The delta summary of a format-2 manifest, judged against `ratio` (the indexer's compactRatio). */
export function summarizeDeltas(m: Manifest2, ratio: number): DeltaSummary {
  const f = m.files;
  const out: DeltaSummary = { segments: 0, deltaBytes: 0, liveBytes: 0, overBudget: [] };
  const component = (name: string, base: { bytes: number } | undefined, deltas: readonly { bytes: number }[], records: number, current: number) => {
    out.liveBytes += base?.bytes ?? 0;
    for (const d of deltas) {
      out.segments += 1;
      out.deltaBytes += d.bytes;
      out.liveBytes += d.bytes;
    }
    if (deltas.length > 0 && !withinDeltaBudget({ deltaRecords: records, deltaCount: deltas.length, current, base: undefined, ratio })) out.overBudget.push(name);
  };
  const sum = <T>(xs: readonly T[], n: (x: T) => number) => xs.reduce((s, x) => s + n(x), 0);
  component('state', f.state, f.stateDeltas, sum(f.stateDeltas, (d) => d.docs), m.docs);
  component('graph', f.graph, f.graphDeltas, sum(f.graphDeltas, (d) => d.records), m.nodes + m.edges);
  if (f.keyword || f.keywordDeltas.length > 0) component('keyword', f.keyword, f.keywordDeltas, sum(f.keywordDeltas, (d) => d.chunks), m.chunks);
  for (const [ns, v] of Object.entries(f.vectors)) component(ns, v, v.deltas, sum(v.deltas, (d) => d.records + d.deleted), v.count);
  return out;
}

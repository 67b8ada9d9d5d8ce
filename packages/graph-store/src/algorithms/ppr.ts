// Personalized PageRank by power iteration over the cached CSR adjacency.
// A2RAG eqs. 9–11: P_uv = A_uv / deg(u), p0(u) ∝ deg(u)^-1 on the seeds, r = α p0 + (1-α) Pᵀ r.
// GEAR eqs. 8–10: the same fixed point with uniform p over the seed set S; GEAR's α is the
// continuation probability, i.e. GEAR's α = 1 - our teleport `alpha`.
import { RagError, invalidInput } from '@rag/core';
import type { GraphStore } from '../types.js';
import { getAdjacency, type AdjacencyOptions } from './adjacency.js';

export interface PersonalizedPageRankOptions extends AdjacencyOptions {
  /** Seed ids, or seed id → weight (weights are multiplied into the personalisation). */
  seeds: string[] | Record<string, number>;
  /** "degree" (default): A2RAG eq. 10; "uniform": GEAR eq. 9. */
  personalization?: 'degree' | 'uniform';
  /** Teleport (restart) probability α of A2RAG eq. 11. Default 0.15. */
  alpha?: number;
  /** Stop when the L1 change between iterations is below this. Default 1e-6. */
  tolerance?: number;
  /** Iteration cap. Default 100. */
  maxIterations?: number;
}

export interface ScoredNode {
  id: string;
  score: number;
}

export interface PersonalizedPageRankResult {
  /** Node ids in CSR order; `scores[i]` belongs to `nodeIds[i]`. Shared with the cache: do not mutate. */
  nodeIds: readonly string[];
  scores: Float64Array;
  iterations: number;
  converged: boolean;
  /** L1 change of the last iteration. */
  residual: number;
  score(id: string): number;
  /** The k best nodes (score > 0), best first, ties by id; `exclude` e.g. the seeds. */
  top(k: number, options?: { exclude?: Iterable<string> }): ScoredNode[];
}

export function personalizedPageRank(store: GraphStore, options: PersonalizedPageRankOptions): PersonalizedPageRankResult {
  const alpha = options.alpha ?? 0.15;
  const tolerance = options.tolerance ?? 1e-6;
  const maxIterations = options.maxIterations ?? 100;
  if (!(alpha > 0 && alpha < 1)) throw invalidInput('alpha', `must be in (0, 1), got ${alpha}`);
  if (!(tolerance > 0)) throw invalidInput('tolerance', `must be > 0, got ${tolerance}`);
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw invalidInput('maxIterations', `must be a positive integer, got ${maxIterations}`);
  const adj = getAdjacency(store, options);
  const { offsets, sources, weights, degree, index } = adj;
  const n = adj.ids.length;

  const seedWeights: [string, number][] = Array.isArray(options.seeds)
    ? options.seeds.map((s) => [s, 1])
    : Object.entries(options.seeds ?? {});
  if (seedWeights.length === 0) throw invalidInput('seeds', 'at least one seed is required');
  const p0 = new Float64Array(n);
  let z = 0;
  for (const [id, w] of seedWeights) {
    const i = index.get(id);
    if (i === undefined) throw new RagError('RAG_NOT_FOUND', `seeds: no node "${id}"`, { details: { input: 'seeds', id } });
    if (!(w >= 0) || !Number.isFinite(w)) throw invalidInput('seeds', `weight of "${id}" must be finite and ≥ 0, got ${w}`);
    // an isolated seed has deg 0; it is treated as deg 1 so it keeps a finite share
    const d = degree[i] > 0 ? degree[i] : 1;
    const share = options.personalization === 'uniform' ? w : w / d;
    p0[i] += share;
    z += share;
  }
  if (!(z > 0)) throw invalidInput('seeds', 'seed weights sum to 0');
  for (let i = 0; i < n; i++) p0[i] /= z;

  let r = Float64Array.from(p0);
  let next = new Float64Array(n);
  const y = new Float64Array(n);
  const keep = 1 - alpha;
  let iterations = 0;
  let residual = Infinity;
  while (iterations < maxIterations) {
    iterations++;
    let dangling = 0;
    for (let u = 0; u < n; u++) {
      const d = degree[u];
      if (d > 0) y[u] = r[u] / d;
      else {
        y[u] = 0;
        dangling += r[u];
      }
    }
    // mass on nodes without out-arcs restarts at the seeds, so r stays a distribution
    const restart = alpha + keep * dangling;
    let diff = 0;
    if (weights) {
      for (let v = 0; v < n; v++) {
        let s = 0;
        for (let j = offsets[v], end = offsets[v + 1]; j < end; j++) s += y[sources[j]] * weights[j];
        const x = keep * s + restart * p0[v];
        diff += Math.abs(x - r[v]);
        next[v] = x;
      }
    } else {
      for (let v = 0; v < n; v++) {
        let s = 0;
        for (let j = offsets[v], end = offsets[v + 1]; j < end; j++) s += y[sources[j]];
        const x = keep * s + restart * p0[v];
        diff += Math.abs(x - r[v]);
        next[v] = x;
      }
    }
    const t = r;
    r = next;
    next = t;
    residual = diff;
    if (diff < tolerance) break;
  }
  const scores = r;
  return {
    nodeIds: adj.ids,
    scores,
    iterations,
    converged: residual < tolerance,
    residual,
    score: (id) => {
      const i = index.get(id);
      return i === undefined ? 0 : scores[i];
    },
    top: (k, opts = {}) => topK(adj.ids, scores, k, new Set(opts.exclude ?? [])),
  };
}

/** GEAR eq. 8: the seed set S is the top nodes plus both endpoints of the top edges. */
export function fusionSeeds(store: GraphStore, nodeIds: string[], edgeIds: string[] = []): string[] {
  const out = new Set<string>();
  for (const id of nodeIds) {
    if (!store.hasNode(id)) throw new RagError('RAG_NOT_FOUND', `nodeIds: no node "${id}"`, { details: { input: 'nodeIds', id } });
    out.add(id);
  }
  for (const id of edgeIds) {
    const e = store.getEdge(id);
    if (!e) throw new RagError('RAG_NOT_FOUND', `edgeIds: no edge "${id}"`, { details: { input: 'edgeIds', id } });
    out.add(e.source);
    out.add(e.target);
  }
  return [...out];
}

function topK(ids: readonly string[], scores: Float64Array, k: number, exclude: Set<string>): ScoredNode[] {
  if (!Number.isInteger(k) || k < 0) throw invalidInput('k', `must be a non-negative integer, got ${k}`);
  if (k === 0) return [];
  // bounded insertion list: cheap because almost every score falls below the current k-th
  const best: ScoredNode[] = [];
  let floor = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (s <= 0 || (best.length === k && s < floor)) continue;
    const id = ids[i];
    if (exclude.has(id)) continue;
    const item = { id, score: s };
    let pos = best.length;
    while (pos > 0 && better(item, best[pos - 1])) pos--;
    if (pos >= k) continue;
    best.splice(pos, 0, item);
    if (best.length > k) best.pop();
    floor = best[best.length - 1].score;
  }
  return best;
}

function better(a: ScoredNode, b: ScoredNode): boolean {
  return a.score > b.score || (a.score === b.score && a.id < b.id);
}

// The PPR start distribution p0 over the seeds, shared by the power and push solvers.
// A2RAG eq. 10: p0(u) ∝ deg(u)⁻¹ on the seeds ("degree"); GEAR eq. 9: uniform over S ("uniform").
import { RagError, invalidInput } from '@rag/core';
import type { Adjacency } from './adjacency.js';

export type Personalization = 'degree' | 'uniform';

/** Seed positions in `adj` and their normalised start mass (sums to 1; repeated seeds add up). */
export interface SeedMass {
  index: Int32Array;
  mass: Float64Array;
}

export function seedMass(adj: Adjacency, seeds: string[] | Record<string, number>, personalization: Personalization = 'degree'): SeedMass {
  const seedWeights: [string, number][] = Array.isArray(seeds) ? seeds.map((s) => [s, 1]) : Object.entries(seeds ?? {});
  if (seedWeights.length === 0) throw invalidInput('seeds', 'at least one seed is required');
  const byIndex = new Map<number, number>();
  let z = 0;
  for (const [id, w] of seedWeights) {
    const i = adj.index.get(id);
    if (i === undefined) throw new RagError('RAG_NOT_FOUND', `seeds: no node "${id}"`, { details: { input: 'seeds', id } });
    if (!(w >= 0) || !Number.isFinite(w)) throw invalidInput('seeds', `weight of "${id}" must be finite and ≥ 0, got ${w}`);
    // an isolated seed has deg 0; it is treated as deg 1 so it keeps a finite share
    const degree = adj.degree[i]!;
    const d = degree > 0 ? degree : 1;
    const share = personalization === 'uniform' ? w : w / d;
    byIndex.set(i, (byIndex.get(i) ?? 0) + share);
    z += share;
  }
  if (!(z > 0)) throw invalidInput('seeds', 'seed weights sum to 0');
  const index = new Int32Array(byIndex.size);
  const mass = new Float64Array(byIndex.size);
  let k = 0;
  for (const [i, m] of byIndex) {
    index[k] = i;
    mass[k++] = m / z;
  }
  return { index, mass };
}

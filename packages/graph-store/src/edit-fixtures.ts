// Small graphs shared by the edit tests (edit-ops.test.ts, edit-log.test.ts); not exported from
// the package.
import { createGraphStore } from './graph-store.js';
import type { GraphSchema, GraphStore } from './types.js';

export const prov = (chunkId: string, start = 0, end = 5) => ({ chunkId, start, end });

/** Marie Curie —born_in→ Warsaw, —won→ Nobel Prize; a clock ticking one second per call. */
export function sample(schema?: GraphSchema) {
  let t = 0;
  const s = createGraphStore({ now: () => new Date(Date.UTC(2024, 0, 1, 0, 0, t++)), ...(schema ? { schema } : {}) });
  s.addTriple({ head: 'Marie Curie', headType: 'Person', relation: 'born in', tail: 'Warsaw', tailType: 'City', provenance: [prov('c1')], confidence: 0.9 });
  s.addTriple({ head: 'Marie Curie', headType: 'Person', relation: 'won', tail: 'Nobel Prize', tailType: 'Award', provenance: [prov('c2')], confidence: 0.8 });
  s.addEntity({ name: 'Pierre Curie', type: 'Person', description: 'physicist', provenance: [prov('c3')] });
  return s;
}
export const BORN = 'person:marie curie -[born_in]-> city:warsaw';
export const WON = 'person:marie curie -[won]-> award:nobel prize';

/** Data only (no logs): what undo must restore exactly. */
export const data = (s: GraphStore) => {
  const { nodes, edges } = s.toJSON();
  return { nodes, edges };
};

import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, createFixtureIndex, runRetrieverConformance } from '../testing/index.js';
import { createGearRetriever } from './gear-retriever.js';
import { pathImportance } from './path-retrieval.js';

for (const fusion of ['union', 'ppr', 'pcst'] as const) runRetrieverConformance(`gear-${fusion}`, (index) => createGearRetriever({ index, fusion }));

describe('GEAR', () => {
  it('path importance: a = mean L2 norm, b = mean pairwise cosine distance (eq. 3)', () => {
    const v = (...x: number[]) => Float32Array.from(x);
    const same = pathImportance([v(1, 0), v(1, 0)]);
    expect(same.a).toBeCloseTo(1);
    expect(same.b).toBeCloseTo(0);
    const spread = pathImportance([v(2, 0), v(0, 2), v(-2, 0)]);
    expect(spread.a).toBeCloseTo(2);
    // pairwise distances 1, 2, 1 → mean 4/3
    expect(spread.b).toBeCloseTo(4 / 3);
    expect(pathImportance([]).a).toBe(0);
  });

  it.each(['union', 'ppr', 'pcst'] as const)('gear-%s returns a subgraph, BFS linearisation with salient candidates first, and a trace', async (fusion) => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const ev = await createGearRetriever({ index, fusion }).retrieve('Elmira Quenton architect', { k: 4 });
    expect(ev.stage).toBe(fusion);
    expect(ev.subgraph?.nodes.length).toBeGreaterThan(0);
    expect(ev.graphText?.length).toBeGreaterThan(0);
    const paths = ev.trace.find((e) => e.name === 'gear-paths')?.data as { heads: number; importance: { a: number; b: number }[] };
    expect(paths.heads).toBe(index.manifest().gearHeads);
    expect(ev.trace.some((e) => e.name === `gear-fusion-${fusion}`)).toBe(true);
    const top = ev.chunks.slice(0, 2).map((c) => c.docId);
    expect(top).toContain('elmira-quenton');
  });

  it('textBoost 0 ranks by the subgraph alone (GEAR’s own evidence)', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const ev = await createGearRetriever({ index, fusion: 'union', textBoost: 0 }).retrieve('Elmira Quenton', { k: 8 });
    const own = ev.chunks.filter((c) => !c.source?.startsWith('fill:'));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((c) => c.source === 'gear-union')).toBe(true);
  });

  it('rejects an unknown fusion', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    expect(() => createGearRetriever({ index, fusion: 'mst' as 'union' })).toThrow(/options\.fusion/);
  });
});

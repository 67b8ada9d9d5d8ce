// The base-ranking fallback: the fusion reduces to the base ranking when the graph signal is
// absent (w = 0) and to the graph ranking when it is full (w = 1), for any pair of rankings; in
// between, a passage the graph ranks first climbs the base list further the larger w is.
import { describe, expect, it } from 'vitest';
import type { RankedChunk } from '@rag/core';
import { mulberry32 } from '@rag/core';
import { fuseWithBase } from './base-fusion.js';
import { graphSignal, type SignalSeed } from './graph-signal.js';
import { createA2ragRetriever } from './staged-retriever.js';
import { FIXTURE_CORPUS, createFixtureIndex } from '../testing/index.js';

const chunk = (id: string, source: string): RankedChunk => ({ chunkId: id, docId: `d-${id}`, score: 1, text: id, source });
const list = (ids: string[], source: string) => ids.map((id, i) => ({ ...chunk(id, source), score: ids.length - i }));

function randomRankings(seed: number): [RankedChunk[], RankedChunk[]] {
  const rand = mulberry32(seed);
  const pool = Array.from({ length: 30 }, (_, i) => `c${i}`);
  const pick = (n: number) => [...pool].sort(() => rand() - 0.5).slice(0, n);
  return [list(pick(5 + Math.floor(rand() * 20)), 'lexical'), list(pick(5 + Math.floor(rand() * 20)), 'graph')];
}

describe('fuseWithBase', () => {
  it('is exactly the base ranking, followed by graph-only chunks, when w = 0', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const [base, graph] = randomRankings(seed);
      const fused = fuseWithBase(base, graph, 0).map((c) => c.chunkId);
      const baseIds = base.map((c) => c.chunkId);
      expect(fused.slice(0, base.length)).toEqual(baseIds);
      expect(fused.slice(base.length)).toEqual(graph.map((c) => c.chunkId).filter((id) => !baseIds.includes(id)));
      expect(fuseWithBase(base, graph, 0).slice(0, base.length).every((c) => c.source === 'lexical')).toBe(true);
    }
  });

  it('is exactly the graph ranking when w = 1', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const [base, graph] = randomRankings(seed);
      expect(fuseWithBase(base, graph, 1).slice(0, graph.length).map((c) => c.chunkId)).toEqual(graph.map((c) => c.chunkId));
    }
  });

  it('moves the graph’s first passage up the base list monotonically in w, with non-increasing scores', () => {
    const base = list(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 'lexical');
    const graph = list(['h', 'a', 'z'], 'graph');
    const at = (w: number) => fuseWithBase(base, graph, w).findIndex((c) => c.chunkId === 'h');
    const positions = [0, 0.1, 0.3, 0.5, 0.7, 0.9, 1].map(at);
    for (let i = 1; i < positions.length; i++) expect(positions[i]!).toBeLessThanOrEqual(positions[i - 1]!);
    expect(positions[0]).toBe(7);
    expect(positions.at(-1)).toBe(0);
    const fused = fuseWithBase(base, graph, 0.4);
    for (let i = 1; i < fused.length; i++) expect(fused[i]!.score).toBeLessThanOrEqual(fused[i - 1]!.score);
  });

  it('rejects a weight outside [0, 1]', () => {
    expect(() => fuseWithBase([], [], 1.5)).toThrow(/w must be in \[0, 1\]/);
    expect(() => fuseWithBase([], [], Number.NaN)).toThrow(RangeError);
  });
});

const seed = (mention: string, weight: number, how: SignalSeed['how'] = 'exact'): SignalSeed => ({ mention, weight, how });

describe('graphSignal', () => {
  const q = 'Were Scott Derrickson and Ed Wood of the same nationality?';

  it('is 2·anchoring² without seeds or with only lower-case phrase seeds, and 0 on a corpus without entity articles', () => {
    expect(graphSignal(q, [], 0.3).weight).toBeCloseTo(0.18);
    expect(graphSignal(q, [seed('scott derrickson', 0.9, 'query-ngram')], 0.3).weight).toBeCloseTo(0.18);
    expect(graphSignal(q, [], 0.8).weight).toBe(1);
    expect(graphSignal(q, [seed('Scott Derrickson', 0.9), seed('Ed Wood', 0.9)], 0).weight).toBe(0);
  });

  it('grows with anchoring² × the strength-weighted share of content words in aligned mentions', () => {
    const one = graphSignal(q, [seed('Scott Derrickson', 0.9)], 0.3);
    const both = graphSignal(q, [seed('Scott Derrickson', 0.9), seed('Ed Wood', 0.9)], 0.3);
    expect(one.contentWords).toBe(5); // scott derrickson ed wood nationality
    expect(one.coverage).toBeCloseTo((2 * 0.9) / 5);
    expect(both.coverage).toBeCloseTo((4 * 0.9) / 5);
    expect(one.weight).toBeCloseTo((0.09 * one.coverage) / 0.05); // above the feedback route's 0.18
    expect(both.weight).toBeGreaterThan(one.weight);
    expect(graphSignal(q, [seed('Scott Derrickson', 0.45)], 0.3).weight).toBeLessThan(one.weight);
    expect(graphSignal(q, [seed('Scott Derrickson', 0.9)], 0.2).weight).toBeCloseTo((0.04 * one.coverage) / 0.05);
    expect(graphSignal(q, [seed('Scott Derrickson', 0.1)], 0.2).weight).toBeCloseTo(0.08);
    expect(graphSignal(q, [seed('Scott Derrickson', 0.9)], 0.9).weight).toBe(1);
  });

  it('rejects anchoring or fullAt outside their ranges', () => {
    expect(() => graphSignal(q, [], 1.2)).toThrow(/anchoring/);
    expect(() => graphSignal(q, [], 0.5, { fullAt: 0 })).toThrow(/fullAt/);
  });
});

describe('A2RAG falls back to the lexical ranking', () => {
  it('returns exactly the BM25 order when the graph weight is 0, and the graph ranking at weight 1', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const q = 'In which town was the architect of Zorvath Keep born?';
    const lexical = (await index.keyword.search(q, 10)).map((h) => h.id);
    const fused = await createA2ragRetriever({ index, baseFusion: { weight: 0 } }).retrieve(q, { k: lexical.length });
    expect(fused.chunks.map((c) => c.chunkId)).toEqual(lexical);
    const graphOnly = await createA2ragRetriever({ index, baseFusion: false }).retrieve(q, { k: 5 });
    const full = await createA2ragRetriever({ index, baseFusion: { weight: 1 } }).retrieve(q, { k: 5 });
    expect(full.chunks.map((c) => c.chunkId)).toEqual(graphOnly.chunks.map((c) => c.chunkId));
    expect(full.trace.find((e) => e.name === 'base-fusion')?.decision).toMatch(/^graph weight 1\.00/);
  });
});

import { describe, expect, it } from 'vitest';
import { RagError, createRunContext, type SufficiencyJudge } from '@rag/core';
import { createGraphView, decodeGraphColumns, encodeGraph, openGraph, type GraphColumns } from '@rag/graph-store';
import { FIXTURE_CORPUS, createFixtureIndex, runRetrieverConformance } from '../testing/index.js';
import { createHeuristicQueryAnalyzer } from './query-analyzer.js';
import { alignEntitySeeds, alignRelationSeeds } from './seeds.js';
import { createA2ragRetriever } from './staged-retriever.js';
import { createHeuristicSufficiencyJudge } from './sufficiency-judge.js';

runRetrieverConformance('a2rag', (index) => createA2ragRetriever({ index }));

const judgeSaying = (sufficient: boolean): SufficiencyJudge & { calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    async judge({ stage }) {
      calls.push(stage);
      return { sufficient, score: sufficient ? 1 : 0, reason: 'scripted' };
    },
  };
};

describe('A2RAG staged retriever', () => {
  it('finds the bridge passage named only inside the first hop (two-hop question)', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const q = 'In which town was the architect of Zorvath Keep born?';
    const ev = await createA2ragRetriever({ index }).retrieve(q, { k: 3 });
    const top2 = ev.chunks.slice(0, 2).map((c) => c.docId);
    expect(top2).toContain('zorvath-keep');
    expect(top2).toContain('elmira-quenton');
  });

  it('stops after the local stage when the judge is satisfied, and says so in the trace', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const judge = judgeSaying(true);
    const ev = await createA2ragRetriever({ index, judge }).retrieve('Who designed Zorvath Keep?', { k: 3 });
    expect(ev.stage).toBe('local');
    expect(judge.calls).toEqual(['local']);
    const stages = ev.trace.filter((e) => e.kind === 'stage').map((e) => e.name);
    expect(stages).not.toContain('bridge');
    expect(ev.trace.find((e) => e.name === 'sufficiency')?.decision).toBe('local sufficient: stop');
  });

  it('escalates monotonically, running each stage once, when never satisfied', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const judge = judgeSaying(false);
    const ev = await createA2ragRetriever({ index, judge }).retrieve('Who designed Zorvath Keep and the Granary of Osk?', { k: 3 });
    expect(ev.stage).toBe('ppr');
    expect(judge.calls).toEqual(['local', 'bridge']);
    const stages = ev.trace.filter((e) => e.kind === 'stage' && ['local', 'bridge', 'ppr'].includes(e.name)).map((e) => e.name);
    expect(stages).toEqual(['local', 'bridge', 'ppr']);
  });

  it('finds a bridge node joining two seeds (eq. 8) and returns its path triples with provenance', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const ev = await createA2ragRetriever({ index, judge: judgeSaying(false), stages: ['local', 'bridge'] }).retrieve(
      'What do Zorvath Keep and the Granary of Osk have in common?',
      { k: 4 },
    );
    const bridge = ev.trace.find((e) => e.name === 'bridge');
    expect((bridge?.data as { bridges: number }).bridges).toBeGreaterThan(0);
    expect(ev.subgraph?.nodes.some((n) => n.name === 'Elmira Quenton')).toBe(true);
    expect(ev.triples?.length).toBeGreaterThan(0);
    for (const t of ev.triples ?? []) for (const p of t.provenance) expect(index.getChunk(p.chunkId)).toBeDefined();
    expect(ev.graphText).toContain('→');
  });

  it('relation seeds filter Stage 1 edges; the node-only ablation keeps them all', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const q = 'Where was Elmira Quenton born?';
    const withR = await createA2ragRetriever({ index, judge: judgeSaying(true) }).retrieve(q, { k: 3 });
    const without = await createA2ragRetriever({ index, judge: judgeSaying(true), relationSeeds: false }).retrieve(q, { k: 3 });
    expect(withR.trace.find((e) => e.name === 'relation-seeds')?.decision).toMatch(/born_in/);
    expect(without.trace.find((e) => e.name === 'relation-seeds')?.decision).toMatch(/empty/);
    const filtered = (ev: typeof withR) => (ev.trace.find((e) => e.name === 'local')?.data as { filteredOut: number }).filteredOut;
    expect(filtered(withR)).toBeGreaterThan(0);
    expect(filtered(without)).toBe(0);
    expect(withR.chunks[0]?.docId).toBe('elmira-quenton');
  });

  it('enforces the wall-time budget instead of running on', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const context = createRunContext({ budget: { maxWallMs: 0 } });
    await new Promise((r) => setTimeout(r, 2));
    const e = await createA2ragRetriever({ index })
      .retrieve('Zorvath Keep', { k: 3, context })
      .catch((x: unknown) => x);
    expect(RagError.isInstance(e, 'RAG_BUDGET_EXCEEDED')).toBe(true);
  });

  it('rejects unknown stages and negative fusion weights', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    expect(() => createA2ragRetriever({ index, stages: ['local', 'global' as 'ppr'] })).toThrow(/unknown stage/);
    expect(() => createA2ragRetriever({ index, fusion: { ppr: -1 } })).toThrow(/fusion\.ppr/);
  });
});

describe('seed alignment', () => {
  it('keeps exact and title-form matches, drops unknown mentions', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const analysis = await createHeuristicQueryAnalyzer().analyze('Did Elmira Quenton ever visit Qwzzyx Plorbington?');
    const seeds = await alignEntitySeeds(index, analysis);
    expect(seeds.map((s) => s.node.name)).toContain('Elmira Quenton');
    expect(seeds.find((s) => s.node.name === 'Elmira Quenton')?.how).toBe('exact');
    expect(seeds.some((s) => /qwzzyx/i.test(s.node.name))).toBe(false);
  });

  it('answers the same from a graph file read in place (stored name index and adjacency rows) as from the same columns without them', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const bytes = encodeGraph(index.graph.toJSON());
    const view = openGraph(bytes, 'graph.bin');
    expect(view.columns()?.nameIndex).toBeDefined();
    expect(view.columns()?.rows).toBeDefined();
    // the reference: the same columns with the stored tables left out (built at query time, as before)
    const { nameIndex: _n, rows: _r, ...bare } = decodeGraphColumns(bytes, 'graph.bin');
    const reference = createGraphView(bare as GraphColumns);
    const withGraph = (graph: typeof view) => Object.create(index, { graph: { value: graph } }) as typeof index;
    for (const q of ['Did Elmira Quenton ever visit Qwzzyx Plorbington?', 'In which town was the architect of Zorvath Keep born?', 'Who founded the keep?', 'Was the Quenton architect born in a town?']) {
      const analysis = await createHeuristicQueryAnalyzer().analyze(q);
      const seeds = await alignEntitySeeds(withGraph(view), analysis);
      expect(seeds).toEqual(await alignEntitySeeds(withGraph(reference), analysis));
      // and the same nodes as the graph built in memory (whose rows are in insertion order)
      expect(seeds.map((x) => [x.node.id, x.confidence, x.how])).toEqual((await alignEntitySeeds(index, analysis)).map((x) => [x.node.id, x.confidence, x.how]));
      const [a, b] = await Promise.all([view, reference].map((g) => createA2ragRetriever({ index: withGraph(g) }).retrieve(q, { k: 5 })));
      expect(a!.chunks).toEqual(b!.chunks);
    }
    expect(view.isMaterialized()).toBe(false);
  });

  it('aligns relation intents only to relation types the graph has', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    const a = await createHeuristicQueryAnalyzer().analyze('Who founded the town where the architect was born and who owned it?');
    expect(a.relations).toEqual(expect.arrayContaining(['founded_by', 'born_in', 'owned_by']));
    const aligned = alignRelationSeeds(index.graph, a);
    expect(aligned).toContain('born_in');
    expect(aligned).not.toContain('owned_by');
  });
});

describe('heuristic analyzer and judge', () => {
  it('analyzes mentions, answer type and query type', async () => {
    const an = createHeuristicQueryAnalyzer();
    const a = await an.analyze('When was "The Salt Road" published by Harrow Press?');
    expect(a.entities).toEqual(expect.arrayContaining(['The Salt Road', 'Harrow Press']));
    expect(a.answerType).toBe('date');
    expect(a.queryType).toBe('rel');
    expect((await an.analyze('How many bridges did Elmira Quenton design?')).queryType).toBe('agg');
    expect((await an.analyze('Is Valdoria a town?')).answerType).toBe('yesno');
  });

  it('reads a who / where / when after a what-question as a relative pronoun, not the question word', async () => {
    const an = createHeuristicQueryAnalyzer();
    expect((await an.analyze('What did the individual who prepared the Grand Charter use as a basis?')).answerType).toBe('entity');
    expect((await an.analyze('What is the usual snowfall in the city where the Velvets were formed?')).answerType).toBe('entity');
    expect((await an.analyze('In which country is Midvale, where Ana Roy was born?')).answerType).toBe('place');
    expect((await an.analyze('In what year did the band form that made Maiden Tokyo?')).answerType).toBe('date');
    // Not opened by what / which: the question word is found anywhere, as before.
    expect((await an.analyze('Where did the band form that made the album?')).answerType).toBe('place');
    expect((await an.analyze('The Terrace Hall was designed by who?')).answerType).toBe('person');
  });

  it('scores seed coverage, connectivity and term coverage', async () => {
    const judge = createHeuristicSufficiencyJudge({ threshold: 0.9 });
    const seeds = [
      { id: 'a', name: 'A', type: 'Entity', aliases: [] },
      { id: 'b', name: 'B', type: 'Entity', aliases: [] },
    ];
    const evidence = (connected: boolean) => ({
      query: 'q',
      trace: [],
      chunks: [{ chunkId: 'c', docId: 'd', score: 1, text: 'alpha beta gamma' }],
      subgraph: {
        nodes: seeds,
        edges: connected ? [{ id: 'e', source: 'a', target: 'b', relation: 'r', confidence: 1, provenance: [] }] : [],
      },
    });
    const analysis = { query: 'alpha beta', entities: ['A', 'B'], relations: [], keywords: ['alpha', 'beta'], answerType: 'other' as const, queryType: 'rel' as const };
    const yes = await judge.judge({ query: 'alpha beta', analysis, evidence: evidence(true), stage: 'local', seeds });
    const no = await judge.judge({ query: 'alpha beta', analysis, evidence: evidence(false), stage: 'local', seeds });
    expect(yes.sufficient).toBe(true);
    expect(yes.score).toBeCloseTo(1);
    expect(no.sufficient).toBe(false);
    expect(no.score).toBeCloseTo(0.875);
    expect(no.reason).toMatch(/connectivity=0\.50/);
  });
});

describe('heuristic query analyzer: a name ends with its sentence', () => {
  it('splits at a full stop after a word of four letters or more, not after an abbreviation', async () => {
    const a = await createHeuristicQueryAnalyzer().analyze('My program is under GPLv3. Where should the notice go?');
    expect(a.entities).toContain('GPLv3');
    expect(a.entities.some((e) => e.includes('Where'))).toBe(false);
    const b = await createHeuristicQueryAnalyzer().analyze('Which unit of the U.S. Army did Dr. Smith join?');
    expect(b.entities).toEqual(expect.arrayContaining(['U.S. Army', 'Dr. Smith']));
  });
});

describe('heuristic query analyzer: names with capitalised stop words', () => {
  it('keeps "Me" and "Up" inside "Pick Me Up", but starts no name with a stop word', async () => {
    const a = await createHeuristicQueryAnalyzer().analyze('Who published the magazine Pick Me Up?');
    expect(a.entities).toContain('Pick Me Up');
    const b = await createHeuristicQueryAnalyzer().analyze('Did The Dandy Warhols form before Robert Young was born?');
    expect(b.entities).toContain('Dandy Warhols');
  });
});

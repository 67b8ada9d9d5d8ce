// Seeds and Stage 1 on a graph built with the relation schema (typed extractor): relation
// intents align to schema labels, a phrase inside an exactly matched name is no seed of its
// own, a class or literal seed does not expand to its neighbours, and a class phrase seed
// credits only a passage that defines the class.
import { describe, expect, it } from 'vitest';
import type { Triple } from '@rag/core';
import { createGraphStore, getAdjacency } from '@rag/graph-store';
import { FIXTURE_CORPUS, createFixtureIndex } from '../testing/index.js';
import type { ProvenanceMap } from '../internal/provenance-map.js';
import { localStage } from './local-stage.js';
import { createHeuristicQueryAnalyzer } from './query-analyzer.js';
import { alignEntitySeeds, alignRelationSeeds } from './seeds.js';

const prov = (chunkId: string) => [{ chunkId, start: 0, end: 10 }];
const triple = (head: string, headType: string, relation: string, tail: string, tailType: string, chunkId = 'c1'): Triple => ({ head, headType, relation, tail, tailType, provenance: prov(chunkId), confidence: 0.7 });

describe('A2RAG on a schema-typed graph', () => {
  it('aligns relation intents to their schema labels ("played for" → member_of, "directed" → director)', async () => {
    const graph = createGraphStore();
    graph.addTriple(triple('Dale Orrin', 'Person', 'member_of', 'Quarry Hawks', 'Organization'));
    graph.addTriple(triple('Salt Road', 'Work', 'director', 'Ona Pell', 'Person'));
    const an = createHeuristicQueryAnalyzer();
    expect(alignRelationSeeds(graph, await an.analyze('Which team has Dale Orrin played for?'))).toContain('member_of');
    expect(alignRelationSeeds(graph, await an.analyze('Who directed Salt Road?'))).toContain('director');
    expect(alignRelationSeeds(graph, await an.analyze('Where was Ona Pell born?'))).toEqual([]);
  });

  it('does not seed a phrase that is part of a name the question matched exactly', async () => {
    const index = await createFixtureIndex(FIXTURE_CORPUS);
    index.graph.addTriple(triple('Deputy Governor of Valdoria', 'Person', 'mentions', 'Valdoria', 'Place', 'c1'));
    index.graph.addTriple(triple('Deputy Governor', 'Person', 'mentions', 'Osk', 'Place', 'c2'));
    const analysis = await createHeuristicQueryAnalyzer().analyze('Who was the Deputy Governor of Valdoria in 1900?');
    const names = (await alignEntitySeeds(index, analysis)).map((s) => s.node.name);
    expect(names).toContain('Deputy Governor of Valdoria');
    expect(names).not.toContain('Deputy Governor');
    // asked on its own, the shorter name is a seed
    const alone = await alignEntitySeeds(index, await createHeuristicQueryAnalyzer().analyze('Who was the deputy governor then?'));
    expect(alone.map((s) => s.node.name)).toContain('Deputy Governor');
  });

  it('expands an entity seed to its neighbours but not a class or date seed', () => {
    const graph = createGraphStore();
    graph.addTriple(triple('Ferrow District', 'Place', 'instance_of', 'congressional district', 'Concept'));
    graph.addTriple(triple('Lune District', 'Place', 'instance_of', 'congressional district', 'Concept'));
    graph.addTriple(triple('Ona Pell', 'Person', 'died_on', '1902', 'Date'));
    graph.addTriple(triple('Ona Pell', 'Person', 'born_in', 'Ferrow', 'Place'));
    const adj = getAdjacency(graph);
    const pm: ProvenanceMap = { version: adj.version, weighted: () => [], defining: () => [], definedBy: () => [] };
    const at = (id: string) => adj.index.get(id)!;
    const expand = (id: string) => localStage(graph, adj, pm, [{ index: at(id), weight: 1, aligned: true }], []).nodes.size;
    expect(expand('concept:congressional district')).toBe(1);
    expect(expand('date:1902')).toBe(1);
    expect(expand('person:ona pell')).toBe(3);
  });

  it('credits a class phrase seed only to a passage defining the class, a named seed also to passages naming it', () => {
    const graph = createGraphStore();
    graph.addTriple(triple('Ferrow District', 'Place', 'instance_of', 'congressional district', 'Concept', 'c-ferrow'));
    graph.addTriple(triple('Ona Pell', 'Person', 'born_in', 'Ferrow', 'Place', 'c-pell'));
    const adj = getAdjacency(graph);
    const at = (id: string) => adj.index.get(id)!;
    const cls = at('concept:congressional district');
    // the class is named in c-ferrow; c-class is an article about the class itself
    const pm: ProvenanceMap = {
      version: adj.version,
      weighted: (i) => (i === cls ? [['c-class', 1], ['c-ferrow', 0.35]] : [['c-pell', 1]]),
      defining: (i) => (i === cls ? ['c-class'] : ['c-pell']),
      definedBy: () => [],
    };
    const own = (index: number, phrase: boolean) => [...localStage(graph, adj, pm, [{ index, weight: 1, aligned: true, phrase }], []).own.keys()].sort();
    expect(own(cls, true)).toEqual(['c-class']);
    expect(own(cls, false)).toEqual(['c-class', 'c-ferrow']);
    expect(own(at('person:ona pell'), true)).toEqual(['c-pell']);
  });
});

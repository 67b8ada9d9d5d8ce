import { GENERAL_TEMPLATE, SCHOLARLY_TEMPLATE } from '@rag/indexer';
import { describe, expect, it } from 'vitest';
import { balanceByDomain } from './balance.js';
import { templateGraphSchema } from './graph-schema.js';
import { groundingProblems } from './grounding.js';
import { graphFacts, jaccard, pairHash } from './similarity.js';

const R = 'Marta Quill was born in Lindenport. Lindenport is located in Varessa. The comparison was unfair.';

describe('templateGraphSchema', () => {
  const schema = templateGraphSchema(GENERAL_TEMPLATE);
  it('accepts a graph that follows the template', () => {
    const g = { entities: [{ name: 'Marta Quill', type: 'Person' }, { name: 'Lindenport', type: 'Place' }], relations: [{ head: 'Marta Quill', relation: 'born_in', tail: 'Lindenport' }] };
    expect(schema.safeParse(g).success).toBe(true);
  });
  it('rejects entity types outside the template, unlisted relation ends, unknown labels and type-pattern violations', () => {
    const issues = (g: unknown) => (schema.safeParse(g).error?.issues ?? []).map((i) => i.message).join(' | ');
    expect(issues({ entities: [{ name: 'X', type: 'Spaceship' }], relations: [] })).toMatch(/entity type "Spaceship" is not in the general template/);
    expect(issues({ entities: [{ name: 'A', type: 'Person' }], relations: [{ head: 'A', relation: 'born_in', tail: 'B' }] })).toMatch(/tail "B" is not one of the listed entities/);
    expect(issues({ entities: [{ name: 'A', type: 'Person' }, { name: 'B', type: 'Place' }], relations: [{ head: 'A', relation: 'likes', tail: 'B' }] })).toMatch(/relation "likes" is not in the general template/);
    expect(issues({ entities: [{ name: 'A', type: 'Place' }, { name: 'B', type: 'Place' }], relations: [{ head: 'A', relation: 'born_in', tail: 'B' }] })).toMatch(/born_in needs a Person head/);
    expect(issues({ entities: [{ name: 'A', type: 'Person' }, { name: 'B', type: 'Place' }], relations: [{ head: 'A', relation: 'Born In', tail: 'B' }] })).toMatch(/snake_case/);
  });
  it('allows other snake_case relations when asked', () => {
    const g = { entities: [{ name: 'A', type: 'Person' }, { name: 'B', type: 'Place' }], relations: [{ head: 'A', relation: 'likes', tail: 'B' }] };
    expect(templateGraphSchema(GENERAL_TEMPLATE, { allowOtherRelations: true }).safeParse(g).success).toBe(true);
    expect(templateGraphSchema(SCHOLARLY_TEMPLATE).safeParse({ entities: [{ name: 'A', type: 'Person' }], relations: [] }).success).toBe(false);
  });
});

describe('groundingProblems', () => {
  it('finds every entity and relation in the reference text, normalised and word-bounded', () => {
    const g = {
      entities: [{ name: 'marta  QUILL', type: 'Person' }, { name: 'Lindenport', type: 'Place' }],
      relations: [{ head: 'Marta Quill', relation: 'born_in', tail: 'Lindenport', evidence: 'Marta Quill was born in Lindenport.' }],
    };
    expect(groundingProblems(g, R)).toEqual([]);
  });
  it('flags ungrounded entities, substrings of words, missing evidence and ends that never share a sentence', () => {
    const g = {
      entities: [{ name: 'Paris', type: 'Place' }, { name: 'Compar', type: 'Concept' }],
      relations: [
        { head: 'Marta Quill', relation: 'born_in', tail: 'Lindenport', evidence: 'Marta Quill was born in Paris.' },
        { head: 'Marta Quill', relation: 'located_in', tail: 'Varessa' },
        { head: 'Marta Quill', relation: 'born_in', tail: 'Atlantis' },
      ],
    };
    const problems = groundingProblems(g, R);
    expect(problems.map((p) => `${p.kind}:${p.index}`)).toEqual(['entity:0', 'entity:1', 'relation:0', 'relation:1', 'relation:2']);
    expect(problems[2]!.reason).toMatch(/evidence/);
    expect(problems[3]!.reason).toMatch(/same sentence/);
    expect(problems[4]!.reason).toMatch(/"Atlantis"/);
  });
});

describe('similarity', () => {
  const g1 = { entities: [], relations: [{ head: 'A', relation: 'born_in', tail: 'B' }, { head: 'B', relation: 'located_in', tail: 'C' }] };
  const g2 = { entities: [], relations: [{ head: 'a', relation: 'born_in', tail: 'b.' }] };
  it('compares graphs by normalised triples', () => {
    expect(jaccard(graphFacts(g1), graphFacts(g2))).toBeCloseTo(0.5);
    expect(jaccard(graphFacts(g1), graphFacts(g1))).toBe(1);
  });
  it('hashes normalised pairs: case and spacing do not matter, content does', () => {
    expect(pairHash('Who?', 'Text  here', g2)).toBe(pairHash('who', 'text here', { entities: [], relations: [{ head: 'A', relation: 'born_in', tail: 'B' }] }));
    expect(pairHash('Who?', 'Text here', g1)).not.toBe(pairHash('Who?', 'Text here', g2));
  });
});

describe('balanceByDomain', () => {
  const items = [...Array(6).fill('general'), ...Array(5).fill('medical'), 'legal'].map((d, i) => ({ d, i }));
  it('keeps the largest subset in the configured ratio, in input order', () => {
    const r = balanceByDomain(items, (x) => x.d, { general: 2, medical: 1 });
    expect(r.targets).toEqual({ general: 6, medical: 3 });
    expect(r.kept.filter((x) => x.d === 'medical').map((x) => x.i)).toEqual([6, 7, 8]);
    expect(r.dropped.map((x) => x.d)).toEqual(['medical', 'medical', 'legal']);
  });
  it('reports ratio domains with no data instead of dropping everything', () => {
    const r = balanceByDomain(items, (x) => x.d, { general: 1, medical: 1, finance: 1 });
    expect(r.missingDomains).toEqual(['finance']);
    expect(r.kept).toHaveLength(10);
  });
});

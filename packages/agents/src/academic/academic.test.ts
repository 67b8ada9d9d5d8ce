import { join } from 'node:path';
import { createScriptedChatModel } from '@rag/core/testing';
import { describe, expect, it } from 'vitest';
import { createAcademicAgent } from './academic-agent.js';
import { loadOpenAlexWorks, parseOpenAlexWorks } from './openalex.js';
import { createHeuristicQueryPlanner, type QueryPlanner } from './query-plan.js';
import { generateScholarlyGraph } from './scholarly-graph.js';

const FIXTURE = join(import.meta.dirname, '../../test/fixtures/openalex-works.jsonl');

describe('generateScholarlyGraph', () => {
  it('is deterministic per seed and has the typed Author–Paper–Venue schema', () => {
    const a = generateScholarlyGraph({ seed: 3, authors: 20, papers: 40, venues: 5, questionsPerType: 5 });
    const b = generateScholarlyGraph({ seed: 3, authors: 20, papers: 40, venues: 5, questionsPerType: 5 });
    expect(a.questions).toEqual(b.questions);
    expect(a.works).toEqual(b.works);
    const types = new Set([...a.graph.nodes()].map((n) => n.type));
    expect(types).toEqual(new Set(['Author', 'Paper', 'Venue']));
    expect(new Set([...a.graph.edges()].map((e) => e.relation))).toEqual(new Set(['writes', 'published_in']));
    expect(new Set(a.questions.map((q) => q.type))).toEqual(new Set(['attr', 'rel', 'agg', 'multi']));
  });

  it('computes answers from the graph facts', () => {
    const fx = generateScholarlyGraph({ seed: 5, authors: 15, papers: 30, venues: 4, questionsPerType: 6 });
    for (const q of fx.questions.filter((x) => x.question.startsWith('How many papers has'))) {
      const name = /has (.+) written\?/.exec(q.question)![1]!;
      const author = fx.graph.findByName(name).find((n) => n.type === 'Author')!;
      expect(q.answers).toEqual([String(fx.graph.edgesOf(author.id, { relations: ['writes'] }).length)]);
    }
  });

  it('rejects impossible sizes', () => {
    expect(() => generateScholarlyGraph({ venues: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_INVALID_INPUT' }));
  });
});

describe('createAcademicAgent', () => {
  const fx = generateScholarlyGraph({ seed: 11, authors: 30, papers: 80, venues: 6, questionsPerType: 8 });

  it('answers all four query types from the typed subgraph, citing the paper records', async () => {
    const agent = createAcademicAgent({ graph: fx.graph });
    for (const q of fx.questions) {
      const a = await agent.answer(q.question);
      const got = a.text.split(', ');
      if (q.set) expect(new Set(got)).toEqual(new Set(q.answers));
      else expect(q.answers).toContain(a.text);
      expect(a.trace.find((e) => e.name === 'plan' && e.kind === 'decision')?.decision).toContain(`(${q.type},`);
      const c = a.citations[0]!;
      const doc = fx.docs.find((d) => d.id === c.chunkId)!;
      expect(doc.text.slice(c.start, c.end).length).toBeGreaterThan(0);
    }
  });

  it('finds the start node by similarity when the mention has a typo', async () => {
    const w = fx.works[0]!;
    const typo = w.title.replace(/(\w)(\w)(\w*)$/, '$2$1$3');
    const a = await createAcademicAgent({ graph: fx.graph }).answer(`In what year was the paper "${typo}" published?`);
    expect(a.text).toBe(String(w.year));
    expect(a.trace.find((e) => e.name === 'start-node' && e.kind === 'decision')?.decision).toMatch(/sim 0\.\d+/);
  });

  it('expands the subgraph (≤ 2 times) when S_suf or the plan says it is insufficient', async () => {
    const base = createHeuristicQueryPlanner();
    const flat: QueryPlanner = { plan: async (q) => ({ ...(await base.plan(q)), hops: 0 }) };
    const q = fx.questions.find((x) => x.type === 'multi')!;
    const a = await createAcademicAgent({ graph: fx.graph, planner: flat }).answer(q.question);
    expect(a.stage).toBe('h=2');
    expect(a.trace.filter((e) => e.name === 'sufficiency' && /expand$/.test(e.decision ?? ''))).toHaveLength(2);
    const none = await createAcademicAgent({ graph: fx.graph, planner: flat, maxExpansions: 0 }).answer(q.question);
    expect(none.status).toBe('abstained');
  });

  it('service mode: regenerates up to twice on low S_cons, then signals uncertainty', async () => {
    const q = fx.questions.find((x) => x.question.startsWith('In which venue was the paper'))!;
    const isTagging = (r: { messages: { content: string }[] }) => r.messages[0]!.content.startsWith('You extract the factual content of an answer');
    const model = createScriptedChatModel((r) => {
      if (r.messages[0]!.content.startsWith('You plan retrieval')) return { json: { target: 'venue', entities: [/"(.+)"/.exec(q.question)![1]] } };
      if (isTagging(r)) return { json: { entities: [], relations: [], attributes: [{ name: 'venue', value: 'Imaginary Venue Of Nowhere' }] } };
      return { json: { answer: ['Imaginary Venue Of Nowhere'] } };
    });
    const a = await createAcademicAgent({ graph: fx.graph, model }).answer(q.question);
    expect(a.retries).toBe(2);
    expect(a.verdicts?.find((v) => v.check === 'consistency')).toMatchObject({ outcome: 'fail' });
    // S_cons tags every generated answer with the paper's LLM tagging prompt: planner 1 + 3 × (answer + tagging)
    expect(model.requests.filter(isTagging)).toHaveLength(3);
    expect(a.cost.llmCalls).toBe(7);
    expect(model.requests[1]!.messages[1]!.content).toContain('<data id="subgraph">');
  });

  it('service mode: a consistent answer is tagged once by the model and accepted', async () => {
    const q = fx.questions.find((x) => x.question.startsWith('In which venue was the paper'))!;
    const isTagging = (r: { messages: { content: string }[] }) => r.messages[0]!.content.startsWith('You extract the factual content of an answer');
    const gold = q.answers[0]!;
    const model = createScriptedChatModel((r) => {
      if (r.messages[0]!.content.startsWith('You plan retrieval')) return { json: { target: 'venue', entities: [/"(.+)"/.exec(q.question)![1]] } };
      if (isTagging(r)) return { json: { entities: [gold], relations: [], attributes: [] } };
      return { json: { answer: [gold] } };
    });
    const a = await createAcademicAgent({ graph: fx.graph, model }).answer(q.question);
    expect(a).toMatchObject({ status: 'answered', text: gold, retries: 0 });
    expect(a.verdicts?.find((v) => v.check === 'consistency')).toMatchObject({ outcome: 'pass' });
    expect(model.requests.filter(isTagging)).toHaveLength(1);
    expect(a.cost.llmCalls).toBe(3);
  });
});

describe('loadOpenAlexWorks', () => {
  it('loads valid works into the scholarly graph and reports bad lines by number', async () => {
    const r = await loadOpenAlexWorks(FIXTURE);
    expect(r.works.map((w) => w.id)).toEqual(['W1000000001', 'W1000000002', 'W1000000003']);
    expect(r.works[1]).toMatchObject({ title: 'Adaptive Sufficiency Checks', year: 2023, citations: 7, authors: ['Ada Lovelace'] });
    expect(r.works[1]!.venue).toBeUndefined();
    expect(r.problems.map((p) => p.line)).toEqual([4, 5]);
    const ada = r.graph.findByName('Ada Lovelace')[0]!;
    expect(r.graph.edgesOf(ada.id, { relations: ['writes'] })).toHaveLength(3);
    const a = await createAcademicAgent({ graph: r.graph }).answer('How many papers has Ada Lovelace written?');
    expect(a.text).toBe('3');
  });

  it('throws RAG_IO for a missing file', async () => {
    await expect(loadOpenAlexWorks('/nonexistent/works.jsonl')).rejects.toMatchObject({ code: 'RAG_IO' });
  });

  it('rejects duplicate ids', () => {
    const line = '{"id":"W1","title":"T","publication_year":2000,"cited_by_count":0,"authorships":[]}';
    expect(parseOpenAlexWorks(`${line}\n${line}`).problems[0]!.reason).toMatch(/duplicate/);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatRequest } from '@rag/core';
import { createScriptedChatModel } from '@rag/core/testing';
import { createIndexer } from '@rag/indexer';
import { describe, expect, it } from 'vitest';
import { buildIndex, DOCS } from '../../test/helpers/corpus.js';
import { readDataset, writeDataset } from '../dataset/dataset-files.js';
import { corpusOf, generateQuestions } from './generate-questions.js';
import { generatePathQuestions } from './path-questions.js';

const SINGLE: Record<string, unknown> = {
  d1: { question: 'Where was Marta Quill born?', answer: 'Lindenport', evidence: 'Marta Quill was born in Lindenport.' },
  d2: { question: 'Where is Lindenport located?', answer: 'Varessa', evidence: 'Lindenport is in the north of Varessa.' },
  d3: { question: 'Did Glass Harbor win the Corwin Prize?', answer: 'Corwin Prize', evidence: 'The novel won the Corwin Prize in 2001.' },
  d4: { question: 'Who founded the Corwin Prize?', answer: 'Elena Corwin', evidence: 'The Corwin Prize was founded by Elena Corwin in 1975.' },
};
const TWO: Record<string, { question: string; answer: string }> = {
  Lindenport: { question: 'In which region is the birthplace of Marta Quill located?', answer: 'Varessa' },
  'Marta Quill': { question: 'Who wrote the novel that won a prize in 2001?', answer: 'Marta Quill' },
};

const sentences = (text: string) => text.split(/(?<=\.)\s+/);
const passage = (content: string, label: string) => new RegExp(`${label}:\\n<data[^>]*>\\n([\\s\\S]*?)\\n</data>`).exec(content)?.[1] ?? '';

/** A scripted teacher reading the passages it was sent, so the order of chunks does not matter. */
function teacher() {
  return createScriptedChatModel((req: ChatRequest) => {
    const user = req.messages[1]!.content;
    if (req.messages[0]!.content.includes('two-hop')) {
      const bridge = JSON.parse(/Bridge entity: (".*")/.exec(user)![1]!) as string;
      const t = TWO[bridge];
      if (!t) return 'I cannot';
      const pick = (text: string) => sentences(text).find((s) => s.includes(t.answer)) ?? sentences(text).find((s) => s.includes(bridge))!;
      return { json: { ...t, evidence_a: pick(passage(user, 'Passage A')), evidence_b: pick(passage(user, 'Passage B')) } };
    }
    const doc = DOCS.find((d) => user.includes(d.text))!;
    return { json: SINGLE[doc.id] };
  });
}

describe('generateQuestions', () => {
  it('keeps verified single- and two-hop questions and rejects bad evidence, leaked answers and bridge answers', async () => {
    const index = await buildIndex();
    const r = await generateQuestions({ index, teacher: teacher(), singleHop: 4, twoHop: 4, seed: 3 });
    const single = r.questions.filter((q) => q.type === 'single-hop');
    expect(single.map((q) => q.answers[0]).sort()).toEqual(['Elena Corwin', 'Lindenport']);
    expect(single.find((q) => q.answers[0] === 'Lindenport')!.supporting_ids).toEqual(['d1']);
    const reasons = r.rejected.map((x) => x.reason);
    expect(reasons).toContain('evidence-not-found');
    expect(reasons).toContain('answer-in-question');
    const two = r.questions.filter((q) => q.type === 'two-hop');
    expect(two.map((q) => [q.answers[0], [...q.supporting_ids].sort()])).toEqual([['Varessa', ['d1', 'd2']]]);
    expect(two[0]!.meta).toMatchObject({ bridge: 'Lindenport', verified: 'triple-check' });
    expect(reasons).toContain('answer-is-bridge');

    const dir = await mkdtemp(join(tmpdir(), 'questions-'));
    await writeDataset(dir, { corpus: corpusOf(index), questions: r.questions });
    const back = await readDataset(dir);
    expect(back.corpus.map((c) => c.id)).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(back.questions).toEqual(r.questions);
  });

  it('drops questions the verifier fails', async () => {
    const index = await buildIndex();
    const failing = { check: async () => ({ pass: false, failure: 'grd' as const, verdicts: [{ check: 'grounding', outcome: 'fail' as const, score: 0, reason: 'nope', spans: [] }], calls: 0 }) };
    const r = await generateQuestions({ index, teacher: teacher(), tripleCheck: failing, singleHop: 4, twoHop: 0 });
    expect(r.questions).toEqual([]);
    expect(r.rejected.filter((x) => x.reason === 'verification-failed')).toHaveLength(2);
  });
});

describe('generatePathQuestions (embedded, no model)', () => {
  it('writes template two-hop questions from unambiguous graph paths across documents, labelled as such', async () => {
    const index = createIndexer({ extractor: false, gearHeads: 0, communities: false });
    await index.ingest(DOCS);
    const chunk = (doc: string) => index.chunksOfDoc(doc)[0]!;
    const prov = (doc: string) => [{ chunkId: chunk(doc).id, start: chunk(doc).start, end: chunk(doc).end }];
    index.graph.addTriple({ head: 'Marta Quill', headType: 'Person', relation: 'born_in', tail: 'Lindenport', tailType: 'Place', provenance: prov('d1'), confidence: 1 });
    index.graph.addTriple({ head: 'Lindenport', headType: 'Place', relation: 'located_in', tail: 'Varessa', tailType: 'Place', provenance: prov('d2'), confidence: 1 });
    index.graph.addTriple({ head: 'Marta Quill', headType: 'Person', relation: 'co_occurs_with', tail: 'Glass Harbor', tailType: 'Work', provenance: prov('d1'), confidence: 0.3 });
    // a noisy label (digits) would open a second path Marta Quill —3_in→ Lindenport → Varessa; it is skipped
    index.graph.addTriple({ head: 'Marta Quill', headType: 'Person', relation: '3_in', tail: 'Lindenport', tailType: 'Place', provenance: prov('d1'), confidence: 0.5 });
    const qs = generatePathQuestions({ index });
    expect(qs).toEqual([
      {
        id: 'path-1',
        question: 'Which Place is linked by "located in" to the Place that Marta Quill is linked to by "born in"?',
        answers: ['Varessa'],
        supporting_ids: ['d1', 'd2'],
        type: 'two-hop-template',
        meta: expect.objectContaining({ generator: 'embedded-path-template', path: ['Marta Quill', 'born_in', 'Lindenport', 'located_in', 'Varessa'] }),
      },
    ]);
    expect(generatePathQuestions({ index, relations: ['located_in', '3_in'] }).map((q) => q.question)).toEqual(['Which Place is linked by "located in" to the Place that Marta Quill is linked to by "3 in"?']);
    // an ambiguous first hop (two born_in edges) yields nothing
    index.graph.addTriple({ head: 'Marta Quill', headType: 'Person', relation: 'born_in', tail: 'Varessa', tailType: 'Place', provenance: prov('d2'), confidence: 1 });
    expect(generatePathQuestions({ index })).toEqual([]);
  });
});

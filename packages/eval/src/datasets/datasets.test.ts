import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { loadDataset } from './load-dataset.js';

async function dir(files: Record<string, string>): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'rag-eval-ds-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(d, name), text);
  return d;
}

const corpus = [
  { id: 'p1', title: 'Gallu', text: 'Gallu is a demon.' },
  { id: 'p2', title: 'Lilu', text: 'Lilu is a spirit.' },
].map((x) => JSON.stringify(x)).join('\n');
const questions = JSON.stringify({ id: 'q1', question: 'If Gallu is a demon Lilu is what?', answers: ['a spirit'], supporting_ids: ['p1', 'p2'], type: 'bridge' });

async function loadError(path: string): Promise<RagError> {
  try {
    await loadDataset(path);
  } catch (e) {
    if (RagError.isInstance(e)) return e;
    throw e;
  }
  throw new Error('expected a RagError');
}

describe('JSONL dataset directory', () => {
  it('loads corpus and questions', async () => {
    const d = await dir({ 'corpus.jsonl': corpus + '\n', 'questions.jsonl': questions + '\n' });
    const ds = await loadDataset(d);
    expect(ds.format).toBe('jsonl-dir');
    expect(ds.corpus).toEqual([
      { id: 'p1', title: 'Gallu', text: 'Gallu is a demon.' },
      { id: 'p2', title: 'Lilu', text: 'Lilu is a spirit.' },
    ]);
    expect(ds.questions).toEqual([{ id: 'q1', question: 'If Gallu is a demon Lilu is what?', answers: ['a spirit'], supportingIds: ['p1', 'p2'], type: 'bridge' }]);
  });

  it('reports a malformed line with its file and line number', async () => {
    const d = await dir({ 'corpus.jsonl': corpus + '\n\n{"id": "p3", "title": "x"}\n', 'questions.jsonl': questions });
    const err = await loadError(d);
    expect(err.code).toBe('RAG_INVALID_INPUT');
    expect(err.details).toMatchObject({ file: join(d, 'corpus.jsonl'), line: 4 });
    expect(err.message).toMatch(/corpus\.jsonl:4: malformed line: text:/);
  });

  it('reports broken JSON and counts every bad line', async () => {
    const d = await dir({ 'corpus.jsonl': corpus, 'questions.jsonl': `${questions}\n{"id": "q2",\n{"id": 3}\n` });
    const err = await loadError(d);
    expect(err.message).toMatch(/questions\.jsonl:2: malformed line: not valid JSON.*and 1 more/);
    expect(err.details.lines).toEqual([2, 3]);
  });

  it('rejects supporting ids missing from the corpus and duplicate ids', async () => {
    const q = JSON.stringify({ id: 'q1', question: 'q?', answers: ['a'], supporting_ids: ['p9'] });
    let err = await loadError(await dir({ 'corpus.jsonl': corpus, 'questions.jsonl': q }));
    expect(err.message).toMatch(/questions\.jsonl:1: .*"p9" is not a passage id/);
    err = await loadError(await dir({ 'corpus.jsonl': `${corpus}\n${corpus}`, 'questions.jsonl': questions }));
    expect(err.message).toMatch(/corpus\.jsonl:3: .*duplicate passage id "p1"/);
  });

  it('names a missing file', async () => {
    const err = await loadError(await dir({ 'corpus.jsonl': corpus }));
    expect(err.code).toBe('RAG_IO');
    expect(err.message).toMatch(/questions\.jsonl/);
  });
});

// Tiny hand-written records in each benchmark's native shape.
const hotpot = [
  {
    _id: 'h1',
    question: 'Which magazine was started first, Arthur\'s Magazine or First for Women?',
    answer: "Arthur's Magazine",
    type: 'comparison',
    level: 'medium',
    supporting_facts: [["Arthur's Magazine", 0], ['First for Women', 0], ['First for Women', 1]],
    context: [
      ["Arthur's Magazine", ["Arthur's Magazine (1844–1846) was an American literary periodical.", ' It was published in Philadelphia.']],
      ['First for Women', ['First for Women is a woman\'s magazine.', ' It was started in 1989.']],
      ['Radio City', ['Radio City is a radio station.']],
    ],
  },
  {
    _id: 'h2',
    question: 'When was the magazine First for Women started?',
    answer: '1989',
    type: 'bridge',
    level: 'easy',
    supporting_facts: [['First for Women', 1]],
    context: [
      ['First for Women', ['First for Women is a woman\'s magazine.', ' It was started in 1989.']],
      ['Cosmopolitan', ['Cosmopolitan is a magazine.']],
    ],
  },
];

describe('native HotpotQA', () => {
  it('maps context paragraphs to deduplicated passages and supporting facts to passage ids', async () => {
    const d = await dir({ 'hotpot_dev.json': JSON.stringify(hotpot) });
    const ds = await loadDataset(join(d, 'hotpot_dev.json'));
    expect(ds.format).toBe('hotpotqa');
    expect(ds.corpus.map((c) => c.title)).toEqual(["Arthur's Magazine", 'First for Women', 'Radio City', 'Cosmopolitan']);
    expect(ds.corpus[1]!.text).toBe("First for Women is a woman's magazine.  It was started in 1989.");
    expect(ds.questions[0]).toEqual({
      id: 'h1',
      question: hotpot[0]!.question,
      answers: ["Arthur's Magazine"],
      supportingIds: ['hp-00000', 'hp-00001'],
      type: 'comparison',
    });
    expect(ds.questions[1]!.supportingIds).toEqual(['hp-00001']);
  });

  it('names the record whose supporting fact is not in its context', async () => {
    const bad = [hotpot[0], { ...hotpot[1], supporting_facts: [['Nowhere', 0]] }];
    const d = await dir({ 'h.json': JSON.stringify(bad) });
    const err = await loadError(join(d, 'h.json'));
    expect(err.message).toMatch(/h\.json:2: malformed record: supporting_facts: title "Nowhere"/);
  });
});

describe('native 2WikiMultiHopQA', () => {
  it('uses the HotpotQA mapping and keeps answer aliases', async () => {
    const rec = {
      _id: 'w1',
      type: 'compositional',
      question: 'Who is the mother of the director of film Polish-Russian War?',
      answer: 'Małgorzata Braunek',
      answer_aliases: ['Malgorzata Braunek'],
      evidences: [['Polish-Russian War', 'director', 'Xawery Żuławski']],
      supporting_facts: [['Polish-Russian War (film)', 1], ['Xawery Żuławski', 2]],
      context: [
        ['Xawery Żuławski', ['Xawery Żuławski is a Polish film director.', ' His mother is Małgorzata Braunek.']],
        ['Polish-Russian War (film)', ['Polish-Russian War is a 2009 film.', ' It was directed by Xawery Żuławski.']],
      ],
    };
    const d = await dir({ 'dev.json': JSON.stringify([rec]) });
    const ds = await loadDataset(join(d, 'dev.json'));
    expect(ds.format).toBe('2wikimultihopqa');
    expect(ds.questions[0]).toMatchObject({ answers: ['Małgorzata Braunek', 'Malgorzata Braunek'], supportingIds: ['2wiki-00001', '2wiki-00000'], type: 'compositional' });
  });
});

describe('native MuSiQue (JSONL)', () => {
  const line = (id: string, answerable: boolean) =>
    JSON.stringify({
      id,
      question: 'Who was the first president of the association which published Journal of Psychotherapy Integration?',
      answer: 'G. Stanley Hall',
      answer_aliases: ['Stanley Hall'],
      answerable,
      paragraphs: [
        { idx: 0, title: 'Journal of Psychotherapy Integration', paragraph_text: 'It is published by the APA.', is_supporting: true },
        { idx: 1, title: 'Some river', paragraph_text: 'A river.', is_supporting: false },
        { idx: 2, title: 'American Psychological Association', paragraph_text: 'Its first president was G. Stanley Hall.', is_supporting: true },
      ],
      question_decomposition: [],
    });

  it('maps paragraphs, is_supporting, aliases and the hop type; drops unanswerable records', async () => {
    const d = await dir({ 'musique_ans_dev.jsonl': `${line('2hop__1_2', true)}\n${line('3hop1__4_5_6', false)}\n` });
    const ds = await loadDataset(join(d, 'musique_ans_dev.jsonl'));
    expect(ds.format).toBe('musique');
    expect(ds.corpus).toHaveLength(3);
    expect(ds.questions).toEqual([
      {
        id: '2hop__1_2',
        question: expect.stringContaining('first president') as unknown as string,
        answers: ['G. Stanley Hall', 'Stanley Hall'],
        supportingIds: ['mq-00000', 'mq-00002'],
        type: '2hop',
      },
    ]);
  });

  it('reports a malformed JSONL record with its line number', async () => {
    const d = await dir({ 'm.jsonl': `${line('2hop__1_2', true)}\n{"id": "x", "question": "q", "paragraphs": []}\n` });
    const err = await loadError(join(d, 'm.jsonl'));
    expect(err.message).toMatch(/m\.jsonl:2: malformed line: answer:/);
  });
});

describe('loadDataset', () => {
  it('names a path that does not exist', async () => {
    const err = await loadError('/nonexistent/dataset-dir');
    expect(err).toMatchObject({ code: 'RAG_INVALID_INPUT', details: { input: 'dataset' } });
  });
});

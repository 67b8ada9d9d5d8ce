import { access, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatRequest } from '@rag/core';
import { createMessyChatModel } from '@rag/core/simulate';
import { createScriptedChatModel } from '@rag/core/testing';
import { createIndexer, openIndex } from '@rag/indexer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS, QUESTIONS } from '../../test/helpers/corpus.js';
import { startFakeLogprobServer, type FakeServer } from '../../test/helpers/fake-logprob-server.js';
import { QuestionLineSchema, CorpusLineSchema, writeDataset } from '../dataset/dataset-files.js';
import { parseJsonl } from '../io/jsonl.js';
import { PreferenceRecordSchema, REWARD_FILES, ReinforceRecordSchema } from '../rewards/export-rewards.js';
import { openReviewQueue } from '../review/review-queue.js';
import { AlpacaRecordSchema, ChatRecordSchema, DatasetCardSchema, SFT_FILES } from '../sft/export-sft.js';
import { runTrainDataCli, type TrainDataCliDeps } from './run-train-data-cli.js';

let dataset: string;
let server: FakeServer;
beforeAll(async () => {
  dataset = await mkdtemp(join(tmpdir(), 'cli-dataset-'));
  await writeDataset(dataset, { corpus: DOCS.map((d) => ({ id: d.id, title: d.title!, text: d.text })), questions: QUESTIONS.map((q) => ({ ...q, supporting_ids: [], type: 'bridge' })) });
  server = await startFakeLogprobServer();
});
afterAll(() => server.close());

async function run(argv: string[], deps: TrainDataCliDeps = {}, env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runTrainDataCli(argv, { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, env }, deps);
  return { code, stdout, stderr };
}
const exists = (p: string) => access(p).then(() => true, () => false);

/** Scripted teacher: a one-entity graph naming the first document title found in the prompt. */
function graphTeacher() {
  return createScriptedChatModel((req: ChatRequest) => {
    const user = req.messages.at(-1)!.content;
    const title = DOCS.map((d) => d.title!).filter((t) => user.includes(t));
    return { json: { entities: title.slice(0, 2).map((name, i) => ({ name, type: i === 0 ? 'Person' : 'Place' })), relations: [] } };
  }, { id: 'scripted-teacher' });
}

describe('rag-train-data sft', () => {
  it('says so and exits 2 when no teacher is configured, writing nothing', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'sft');
    const r = await run(['sft', '--dataset', dataset, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no teacher model configured/);
    expect(await exists(out)).toBe(false);
  });

  it('writes chat, Alpaca, rejected and card files from a dataset directory', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'sft');
    const r = await run(['sft', '--dataset', dataset, '--out', out, '--k', '2', '--license', 'CC0'], { teacher: graphTeacher() });
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/sft: kept \d+, rejected \d+/);
    const card = DatasetCardSchema.parse(JSON.parse(await readFile(join(out, SFT_FILES.cardJson), 'utf8')));
    expect(card.counts.kept + card.counts.rejected).toBe(4);
    expect(card.counts.kept).toBeGreaterThan(0);
    expect(card.teacher.id).toBe('scripted-teacher');
    expect(card.source).toEqual({ corpus: dataset, license: 'CC0' });
    expect(parseJsonl(await readFile(join(out, SFT_FILES.chat), 'utf8'), 'chat', ChatRecordSchema)).toHaveLength(card.counts.kept);
    expect(parseJsonl(await readFile(join(out, SFT_FILES.alpaca), 'utf8'), 'alpaca', AlpacaRecordSchema)).toHaveLength(card.counts.kept);
  });

  it('falls back to the embedded extractor when the teacher is unusable and counts it in the summary (--no-fallback rejects instead)', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'sft');
    const r = await run(['sft', '--dataset', dataset, '--out', out, '--k', '2'], { teacher: createMessyChatModel({ faults: ['empty-output'] }) });
    expect(r.code).toBe(0);
    const card = DatasetCardSchema.parse(JSON.parse(await readFile(join(out, SFT_FILES.cardJson), 'utf8')));
    expect(card.counts.fallbacks).toBe(4);
    expect(card.counts.bySource).toEqual({ fallback: card.counts.kept });
    expect(card.counts.kept).toBeGreaterThan(0);
    expect(r.stdout).toMatch(new RegExp(`fallbacks 4 \\(kept ${card.counts.kept}\\)`));
    expect(r.stderr).toMatch(/sft: 4\/4 \(kept \d+, rejected \d+, fallbacks 4\)/);

    const strict = join(await mkdtemp(join(tmpdir(), 'cli-')), 'sft');
    const s = await run(['sft', '--dataset', dataset, '--out', strict, '--k', '2', '--no-fallback'], { teacher: createMessyChatModel({ faults: ['empty-output'] }) });
    expect(s.code).toBe(0);
    const strictCard = DatasetCardSchema.parse(JSON.parse(await readFile(join(strict, SFT_FILES.cardJson), 'utf8')));
    expect(strictCard.counts).toMatchObject({ kept: 0, rejected: 4, fallbacks: 0, rejectedByReason: { 'invalid-json': 4 } });
  });

  it('routes every instruction with the teacher (LLM intent detection) and trains on the routed template', async () => {
    const isRouting = (r: ChatRequest) => r.messages[0]!.content.startsWith('Classify the domain');
    const teacher = createScriptedChatModel((r: ChatRequest) => (isRouting(r) ? { json: { domain: 'medical', confidence: 0.9 } } : { json: { entities: [], relations: [] } }));
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'sft');
    const r = await run(['sft', '--dataset', dataset, '--out', out, '--k', '1', '--no-fallback'], { teacher });
    expect(r.code).toBe(0);
    expect(teacher.requests.filter(isRouting)).toHaveLength(QUESTIONS.length);
    const extraction = teacher.requests.filter((x) => !isRouting(x));
    expect(extraction.length).toBeGreaterThanOrEqual(QUESTIONS.length);
    for (const x of extraction) expect(x.messages[0]!.content).toContain('Entity types (use exactly these): Disease, Drug');
  });

  it('rejects bad flags with exit 2', async () => {
    expect((await run(['sft', '--dataset', dataset, '--out', '/tmp/x', '--k', 'many'], { teacher: graphTeacher() })).code).toBe(2);
    expect((await run(['sft', '--out', '/tmp/x'], { teacher: graphTeacher() })).stderr).toMatch(/exactly one of --dataset/);
    expect((await run(['nope'])).code).toBe(2);
  });
});

describe('rag-train-data rewards', () => {
  it('says so and stops when no scorer is configured, before calling the teacher', async () => {
    const teacher = graphTeacher();
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'rw');
    const r = await run(['rewards', '--dataset', dataset, '--out', out], { teacher });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no likelihood scorer configured/);
    expect(r.stderr).toMatch(/refusing to invent rewards/);
    expect(teacher.requests).toHaveLength(0);
    expect(await exists(out)).toBe(false);
  });

  it('scores candidates through a vLLM-style server given by --scorer-url', async () => {
    let n = 0;
    const teacher = createScriptedChatModel(() => {
      n++;
      return { json: n % 2 ? { entities: [{ name: 'Marta Quill', type: 'Person' }], relations: [] } : { entities: [], relations: [] } };
    });
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'rw');
    const r = await run(['rewards', '--dataset', dataset, '--out', out, '--limit', '2', '--p', '2', '--scorer-url', `${server.url}/v1`, '--scorer-model', 'fake'], { teacher });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const rows = parseJsonl(await readFile(join(out, REWARD_FILES.reinforce), 'utf8'), 'reinforce', ReinforceRecordSchema);
    expect(rows).toHaveLength(4);
    expect(rows.every((x) => x.R_k >= 0)).toBe(true);
    parseJsonl(await readFile(join(out, REWARD_FILES.preference), 'utf8'), 'preference', PreferenceRecordSchema);
  });
});

describe('rag-train-data questions', () => {
  it('needs a teacher unless --no-teacher asks for the embedded template questions only', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'q');
    expect((await run(['questions', '--dataset', dataset, '--out', out])).stderr).toMatch(/no teacher model configured[\s\S]*--no-teacher/);
    const r = await run(['questions', '--dataset', dataset, '--out', out, '--no-teacher', '--embedded', '5']);
    expect(r.code).toBe(0);
    expect(parseJsonl(await readFile(join(out, 'corpus.jsonl'), 'utf8'), 'corpus', CorpusLineSchema)).toHaveLength(4);
    const qs = parseJsonl(await readFile(join(out, 'questions.jsonl'), 'utf8'), 'questions', QuestionLineSchema);
    expect(qs.every((q) => q.type === 'two-hop-template')).toBe(true);
  });

  it('writes teacher questions in the dataset shape', async () => {
    const teacher = createScriptedChatModel((req: ChatRequest) => {
      const user = req.messages[1]!.content;
      if (user.includes('Elena Corwin') && !user.includes('Bridge')) return { json: { question: 'Who founded the Corwin Prize?', answer: 'Elena Corwin', evidence: 'The Corwin Prize was founded by Elena Corwin in 1975.' } };
      return 'no';
    });
    const out = join(await mkdtemp(join(tmpdir(), 'cli-')), 'q');
    const r = await run(['questions', '--dataset', dataset, '--out', out, '--single', '4', '--two-hop', '1'], { teacher });
    expect(r.code).toBe(0);
    const qs = parseJsonl(await readFile(join(out, 'questions.jsonl'), 'utf8'), 'questions', QuestionLineSchema);
    expect(qs.map((q) => [q.question, q.supporting_ids])).toEqual([['Who founded the Corwin Prize?', ['d4']]]);
    expect(await exists(join(out, 'questions.rejected.jsonl'))).toBe(true);
  });
});

describe('rag-train-data review', () => {
  it('lists, edits, rejects and approves into the store graph, which persists', async () => {
    const store = await mkdtemp(join(tmpdir(), 'cli-store-'));
    const queue = await mkdtemp(join(tmpdir(), 'cli-queue-'));
    const index = createIndexer({ dir: store, extractor: false, gearHeads: 0, communities: false });
    await index.ingest(DOCS);
    await index.save();
    const chunk = index.chunksOfDoc('d2')[0]!;
    const q = await openReviewQueue({ dir: queue });
    const proposal = (tail: string) => ({
      triple: { head: 'Lindenport', relation: 'located_in', tail, provenance: [{ chunkId: chunk.id, start: chunk.start, end: chunk.end }], confidence: 0.8 },
      question: 'Where is Lindenport?', answer: tail, sourceChunkIds: [chunk.id], proposedBy: 'a2rag', proposedAt: '2025-01-01T00:00:00Z',
    });
    await q.propose([proposal('Varessa'), proposal('Atlantis')]);

    const list = await run(['review', 'list', '--queue', queue, '--status', 'pending']);
    expect(list.stdout).toMatch(/p1\tpending\tLindenport —located_in→ Varessa/);
    expect((await run(['review', 'approve', 'p1', '--queue', queue, '--store', store])).stderr).toMatch(/--reviewer NAME is required/);
    expect((await run(['review', 'edit', 'p1', '--queue', queue, '--reviewer', 'alice', '--relation', 'part_of'])).code).toBe(0);
    expect((await run(['review', 'reject', 'p2', '--queue', queue, '--reviewer', 'alice', '--reason', 'fiction'])).code).toBe(0);
    const approved = await run(['review', 'approve', 'p1', '--queue', queue, '--store', store], {}, { RAG_REVIEWER: 'bob' });
    expect(approved.stderr).toBe('');
    expect(approved.stdout).toMatch(/approved p1: Lindenport —part_of→ Varessa .* by bob/);
    const again = await run(['review', 'approve', 'p1', '--queue', queue, '--store', store, '--reviewer', 'bob']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/RAG_CONFLICT/);

    const reopened = await openIndex(store);
    const edges = [...reopened.graph.edges()].filter((e) => e.attributes?.origin === 'hitl');
    expect(edges.map((e) => [e.relation, e.attributes?.approvedBy])).toEqual([['part_of', 'bob']]);
    const json = JSON.parse((await run(['review', 'list', '--queue', queue, '--json'])).stdout) as { id: string; status: string }[];
    expect(json.map((i) => [i.id, i.status])).toEqual([['p1', 'approved'], ['p2', 'rejected']]);
  });
});

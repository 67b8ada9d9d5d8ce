import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Triple } from '@rag/core';
import type { TripleProposal, TripleProposalSink } from '@rag/agents';
import { createGraphStore, loadGraph, saveGraph } from '@rag/graph-store';
import { describe, expect, it } from 'vitest';
import { openReviewQueue, REVIEW_QUEUE_FILE } from './review-queue.js';

const triple = (head: string, relation: string, tail: string): Triple => ({ head, relation, tail, headType: 'Person', tailType: 'Place', provenance: [{ chunkId: 'd1#0', start: 27, end: 62 }], confidence: 0.7 });
const proposal = (t: Triple): TripleProposal => ({ triple: t, question: 'Where was Marta Quill born?', answer: 'Lindenport', sourceChunkIds: ['d1#0'], proposedBy: 'a2rag', proposedAt: '2025-01-01T00:00:00.000Z' });
const clock = () => new Date('2025-02-03T04:05:06.000Z');

describe('openReviewQueue', () => {
  it('is a TripleProposalSink; proposals persist across restarts and duplicates are queued once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queue-'));
    const q = await openReviewQueue({ dir, now: clock });
    const sink: TripleProposalSink = q;
    await sink.propose([proposal(triple('Marta Quill', 'born_in', 'Lindenport')), proposal(triple('Lindenport', 'located_in', 'Varessa'))]);
    await sink.propose([{ ...proposal(triple('marta quill', 'born_in', 'Lindenport.')), sourceChunkIds: ['d3#0'] }]);
    const again = await openReviewQueue({ dir });
    expect(again.list().map((i) => [i.id, i.status])).toEqual([['p1', 'pending'], ['p2', 'pending']]);
    expect(again.get('p1')!.sourceChunkIds).toEqual(['d1#0', 'd3#0']);
    expect(again.audit().map((a) => a.action)).toEqual(['propose', 'propose']);
  });

  it('approve adds the triple to the graph with provenance and an audit record (who, when, which answer)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queue-'));
    const graphDir = await mkdtemp(join(tmpdir(), 'graph-'));
    const graph = createGraphStore();
    const q = await openReviewQueue({ dir, graph, persistGraph: async () => void (await saveGraph(graph, graphDir)), now: clock });
    await q.propose([proposal(triple('Marta Quill', 'born_in', 'Lindenport'))]);
    const item = await q.approve('p1', { reviewer: 'alice', note: 'checked the source' });
    expect(item).toMatchObject({ status: 'approved', decidedBy: 'alice', decidedAt: '2025-02-03T04:05:06.000Z' });
    const edge = graph.getEdge(item.edgeId!)!;
    expect(edge.relation).toBe('born_in');
    expect(edge.provenance).toEqual([{ chunkId: 'd1#0', start: 27, end: 62 }]);
    expect(edge.attributes).toMatchObject({ origin: 'hitl', reviewItem: 'p1', approvedBy: 'alice', fromQuestion: 'Where was Marta Quill born?', fromAnswer: 'Lindenport' });
    // the graph was persisted, and the queue after a restart knows the decision
    expect((await loadGraph(graphDir)).getEdge(item.edgeId!)).toBeDefined();
    const audit = (await openReviewQueue({ dir })).audit().at(-1)!;
    expect(audit).toMatchObject({ action: 'approve', who: 'alice', at: '2025-02-03T04:05:06.000Z', itemId: 'p1', edgeId: item.edgeId, reason: 'checked the source', from: { question: 'Where was Marta Quill born?', answer: 'Lindenport', sourceChunkIds: ['d1#0'] } });
    await expect(q.approve('p1', { reviewer: 'bob' })).rejects.toMatchObject({ code: 'RAG_CONFLICT' });
    await expect(q.approve('p9', { reviewer: 'bob' })).rejects.toMatchObject({ code: 'RAG_NOT_FOUND' });
  });

  it('edit changes a pending triple (keeping the original) and reject records the reason; neither touches the graph', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queue-'));
    const graph = createGraphStore();
    const q = await openReviewQueue({ dir, graph, now: clock });
    await q.propose([proposal(triple('Marta Quill', 'born_in', 'Lindenport')), proposal(triple('Marta Quill', 'born_in', 'Varessa'))]);
    const edited = await q.edit('p1', { reviewer: 'carol', changes: { relation: 'lived_in' } });
    expect(edited.triple.relation).toBe('lived_in');
    expect(edited.original!.relation).toBe('born_in');
    await q.reject('p2', { reviewer: 'carol', reason: 'wrong place' });
    expect(graph.edgeCount).toBe(0);
    await q.approve('p1', { reviewer: 'carol' });
    expect([...graph.edges()].map((e) => e.relation)).toEqual(['lived_in']);
    const reopened = await openReviewQueue({ dir });
    expect(reopened.list({ status: 'rejected' }).map((i) => [i.id, i.reason])).toEqual([['p2', 'wrong place']]);
    expect(reopened.audit().map((a) => a.action)).toEqual(['propose', 'propose', 'edit', 'reject', 'approve']);
    expect(reopened.audit()[2]).toMatchObject({ before: { relation: 'born_in' }, after: { relation: 'lived_in' } });
  });

  it('validates input: reviewer, edits, proposals, and a missing graph', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queue-'));
    const q = await openReviewQueue({ dir });
    await q.propose([proposal(triple('A', 'born_in', 'B'))]);
    await expect(q.reject('p1', { reviewer: ' ' })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(q.edit('p1', { reviewer: 'x', changes: {} })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(q.edit('p1', { reviewer: 'x', changes: { relation: 'Born In' } })).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(q.propose([{ triple: { head: '' } } as unknown as TripleProposal])).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
    await expect(q.approve('p1', { reviewer: 'x' })).rejects.toMatchObject({ code: 'RAG_CONFIG' });
    expect(q.get('p1')!.status).toBe('pending');
  });

  it('refuses a corrupt queue file and leaves it untouched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queue-'));
    await writeFile(join(dir, REVIEW_QUEUE_FILE), '{"format":"rag-review-queue","items":[');
    await expect(openReviewQueue({ dir })).rejects.toMatchObject({ code: 'RAG_STORE_CORRUPT' });
    await writeFile(join(dir, REVIEW_QUEUE_FILE), JSON.stringify({ format: 'rag-review-queue', formatVersion: 1, nextId: 1, items: [{ id: 1 }], audit: [] }));
    await expect(openReviewQueue({ dir })).rejects.toMatchObject({ code: 'RAG_STORE_CORRUPT' });
    expect(await readFile(join(dir, REVIEW_QUEUE_FILE), 'utf8')).toContain('"items":[{"id":1}]');
  });

  it('keeps the last good state when a write fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'queue-'));
    const graph = createGraphStore();
    const q = await openReviewQueue({ dir, graph, persistGraph: async () => { throw new Error('disk full'); } });
    await q.propose([proposal(triple('A', 'born_in', 'B'))]);
    await expect(q.approve('p1', { reviewer: 'x' })).rejects.toThrow('disk full');
    expect(q.get('p1')!.status).toBe('pending');
    expect((await openReviewQueue({ dir })).get('p1')!.status).toBe('pending');
  });
});

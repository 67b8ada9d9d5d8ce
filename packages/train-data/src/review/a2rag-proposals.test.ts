// The queue as the A2RAG agent's HITL sink: a verified answer's proposals land in the queue,
// and approving one puts it in the index's graph with provenance.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TripleExtractor } from '@rag/core';
import { createA2ragAgent } from '@rag/agents';
import { createIndexer } from '@rag/indexer';
import { describe, expect, it } from 'vitest';
import { DOCS } from '../../test/helpers/corpus.js';
import { openReviewQueue } from './review-queue.js';

describe('review queue behind createA2ragAgent({ proposals })', () => {
  it('receives proposals from verified answers and approves them into the graph', async () => {
    const index = createIndexer({ extractor: false, gearHeads: 0, communities: false });
    await index.ingest(DOCS);
    // A fixed extractor so the test does not depend on the heuristic extractor's recall.
    const extractor: TripleExtractor = {
      id: 'fixed',
      async extract({ chunk }) {
        const at = chunk.text.indexOf('Marta Quill was born in Lindenport.');
        if (at < 0) return { entities: [], triples: [] };
        const span = { chunkId: chunk.id, start: chunk.start + at, end: chunk.start + at + 35 };
        return { entities: [], triples: [{ head: 'Marta Quill', headType: 'Person', relation: 'born_in', tail: 'Lindenport', tailType: 'Place', provenance: [span], confidence: 0.9 }] };
      },
    };
    const queue = await openReviewQueue({ dir: await mkdtemp(join(tmpdir(), 'hitl-')), graph: index.graph });
    const agent = createA2ragAgent({ index, proposals: queue, extractor, gate: false });
    const answer = await agent.answer('Where was Marta Quill born?');
    expect(answer.status).toBe('answered');
    const pending = queue.list({ status: 'pending' });
    expect(pending.map((p) => [p.triple.head, p.triple.relation, p.triple.tail, p.question])).toEqual([['Marta Quill', 'born_in', 'Lindenport', 'Where was Marta Quill born?']]);
    expect(pending[0]!.answer).toBe(answer.text);
    const approved = await queue.approve(pending[0]!.id, { reviewer: 'alice' });
    expect(index.graph.getEdge(approved.edgeId!)!.provenance[0]!.chunkId).toBe(index.chunksOfDoc('d1')[0]!.id);
  });
});

// A2RAG optional HITL update (Section III-B 4): after a verified answer, propose candidate triples
// read from the verified evidence, each with source pointers, to a review sink. Nothing is
// written to the graph here; a reviewer approves proposals elsewhere (@rag/train-data).
import type { Citation, RunContext, Triple, TripleExtractor } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import type { TripleProposal } from '../types.js';

/** Relations too weak to propose: co-occurrence and page mentions carry no asserted fact. */
const WEAK = new Set(['co_occurs_with', 'mentions']);

function overlaps(t: Triple, chunkId: string, spans: Citation[]): boolean {
  return t.provenance.some((p) => p.chunkId === chunkId && spans.some((s) => s.chunkId === chunkId && p.start < s.end && s.start < p.end));
}

function known(index: RagIndex, t: Triple): boolean {
  for (const h of index.graph.findByName(t.head))
    for (const e of index.graph.edgesOf(h.id, { direction: 'both', relations: [t.relation] })) {
      const other = e.source === h.id ? e.target : e.source;
      if (index.graph.findByName(t.tail).some((n) => n.id === other)) return true;
    }
  return false;
}

export async function proposeTriples(input: {
  index: RagIndex;
  extractor: TripleExtractor;
  citations: Citation[];
  question: string;
  answer: string;
  proposedBy: string;
  context?: RunContext;
  max?: number;
}): Promise<TripleProposal[]> {
  const out: TripleProposal[] = [];
  const seen = new Set<string>();
  const at = new Date().toISOString();
  for (const chunkId of [...new Set(input.citations.map((c) => c.chunkId))]) {
    const chunk = input.index.getChunk(chunkId);
    if (!chunk) continue;
    const title = input.index.getDoc(chunk.docId)?.title;
    const { triples } = await input.extractor.extract({ chunk, ...(title ? { docTitle: title } : {}) }, input.context);
    for (const t of triples) {
      if (WEAK.has(t.relation) || !overlaps(t, chunkId, input.citations) || known(input.index, t)) continue;
      const key = `${t.head}\u0000${t.relation}\u0000${t.tail}`.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ triple: t, question: input.question, answer: input.answer, sourceChunkIds: [chunkId], proposedBy: input.proposedBy, proposedAt: at });
      if (out.length >= (input.max ?? 20)) return out;
    }
  }
  return out;
}

// Turns what a method returns (an agent's Answer or a retriever's Evidence) into the one
// shape the CLI, HTTP API, web UI and MCP server show: answer, quoted citations, ranked
// evidence, the stage where retrieval stopped, retries, cost and trace.
import type { Answer, Cost, Evidence, RankedChunk, Subgraph } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import type { AskResult, CitationView, EvidenceView } from '../types.js';
import { verificationOf } from '@rag/verify';

/** How many evidence passages a retriever-only answer cites. */
const EVIDENCE_CITATIONS = 3;
const SUBGRAPH_NODE_LIMIT = 40;

export function isAnswer(x: Answer | Evidence): x is Answer {
  return 'status' in x && 'citations' in x;
}

const titleOf = (index: RagIndex, docId: string) => index.getDoc(docId)?.title ?? docId;

const WORD = /[\p{L}\p{N}]+/gu;
const STOP = new Set(
  'a an the of in on at to for and or is are was were be been by with from as that this what which who whom whose when where how did do does both than first'.split(
    ' ',
  ),
);
const terms = (s: string) => new Set((s.toLowerCase().match(WORD) ?? []).filter((w) => !STOP.has(w)));

/**
 * The span of a ranked chunk to quote: the retriever's own highlight when it gave one,
 * otherwise the chunk sentence sharing most content words with the question.
 */
export function quoteSpan(index: RagIndex, hit: RankedChunk, question: string): { start: number; end: number } {
  const h = hit.highlights?.[0];
  if (h) return { start: h.start, end: h.end };
  const chunk = index.getChunk(hit.chunkId);
  const doc = index.getDoc(hit.docId);
  if (!chunk || !doc) return { start: 0, end: 0 };
  const q = terms(question);
  let best = { start: chunk.start, end: chunk.end };
  let bestScore = -1;
  for (const s of chunk.sentences.length > 0 ? chunk.sentences : [{ start: chunk.start, end: chunk.end }]) {
    const t = terms(doc.text.slice(s.start, s.end));
    let score = 0;
    for (const w of t) if (q.has(w)) score += 1;
    if (score > bestScore) {
      bestScore = score;
      best = s;
    }
  }
  return best;
}

/** Evidence subgraph: the graph facts the top chunks support, when the method gave none. */
export function subgraphOfChunks(index: RagIndex, chunkIds: string[]): Subgraph {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const id of chunkIds) {
    const facts = index.graph.factsOfChunk(id);
    for (const e of facts.edges) {
      const edge = index.graph.getEdge(e);
      if (!edge) continue;
      if (nodes.size >= SUBGRAPH_NODE_LIMIT && !(nodes.has(edge.source) && nodes.has(edge.target))) continue;
      nodes.add(edge.source);
      nodes.add(edge.target);
      edges.add(e);
    }
    for (const n of facts.nodes) if (nodes.size < SUBGRAPH_NODE_LIMIT && index.graph.hasNode(n)) nodes.add(n);
  }
  return index.graph.subgraph([...nodes], [...edges]);
}

/** Keep a drawable subgraph: the best-scored nodes (then best-connected) and the edges among them. */
export function trimSubgraph(sub: Subgraph, limit: number): Subgraph {
  if (sub.nodes.length <= limit) return sub;
  const degree = new Map<string, number>();
  for (const e of sub.edges) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
  }
  const keep = new Set(
    [...sub.nodes]
      .sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || (degree.get(b.id) ?? 0) - (degree.get(a.id) ?? 0))
      .slice(0, limit)
      .map((n) => n.id),
  );
  return { nodes: sub.nodes.filter((n) => keep.has(n.id)), edges: sub.edges.filter((e) => keep.has(e.source) && keep.has(e.target)) };
}

export function toAskResult(input: {
  index: RagIndex;
  question: string;
  method: string;
  output: Answer | Evidence;
  cost: Cost;
  k: number;
}): AskResult {
  const { index, question, method, output } = input;
  const evidenceOf = (chunks: { chunkId: string; docId: string; score: number; source?: string; text?: string }[]) =>
    chunks.slice(0, input.k).map<EvidenceView>((c, i) => ({
      rank: i + 1,
      chunkId: c.chunkId,
      docId: c.docId,
      title: titleOf(index, c.docId),
      score: c.score,
      ...(c.source ? { source: c.source } : {}),
      text: c.text ?? index.getChunk(c.chunkId)?.text ?? '',
    }));

  if (isAnswer(output)) {
    const citations = output.citations.map<CitationView>((c, i) => {
      const docId = c.docId ?? index.getChunk(c.chunkId)?.docId ?? '';
      const text = index.getDoc(docId)?.text ?? '';
      return { n: i + 1, chunkId: c.chunkId, docId, title: titleOf(index, docId), start: c.start, end: c.end, quote: c.quote ?? text.slice(c.start, c.end) };
    });
    const evidence = evidenceOf(output.evidence ?? []);
    return {
      question,
      method,
      kind: 'answer',
      status: output.status,
      answer: output.text,
      form: output.text.trim() ? (output.form ?? 'span') : null,
      citations,
      evidence,
      stage: output.stage ?? null,
      retries: output.retries ?? output.cost.retries,
      cost: output.cost,
      verdicts: output.verdicts ?? [],
      // An abstention keeps its reason in words ("no passage mentions …") when the agent gave one.
      verification: output.verification ?? (output.status === 'abstained' ? null : verificationOf(output.verdicts)),
      subgraph: subgraphOfChunks(index, [...new Set([...citations.map((c) => c.chunkId), ...evidence.slice(0, 5).map((e) => e.chunkId)])]),
      trace: output.trace,
    };
  }

  const evidence = evidenceOf(output.chunks);
  const citations = output.chunks.slice(0, EVIDENCE_CITATIONS).map<CitationView>((hit, i) => {
    const span = quoteSpan(index, hit, question);
    const text = index.getDoc(hit.docId)?.text ?? '';
    return { n: i + 1, chunkId: hit.chunkId, docId: hit.docId, title: titleOf(index, hit.docId), ...span, quote: text.slice(span.start, span.end).trim() };
  });
  const subgraph =
    output.subgraph && output.subgraph.nodes.length > 0
      ? trimSubgraph(output.subgraph, SUBGRAPH_NODE_LIMIT)
      : subgraphOfChunks(index, output.chunks.slice(0, 5).map((c) => c.chunkId));
  return {
    question,
    method,
    kind: 'evidence',
    status: 'evidence',
    answer: null,
    form: null,
    citations,
    evidence,
    stage: output.stage ?? null,
    retries: input.cost.retries,
    cost: input.cost,
    verdicts: [],
    verification: null,
    subgraph,
    trace: output.trace,
  };
}

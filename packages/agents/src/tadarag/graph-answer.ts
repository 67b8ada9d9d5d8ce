// Answer from the on-the-fly knowledge graph (the "KG-augmented" half of TAdaRAG inference):
// link the question's entity mentions to graph nodes, follow their edges whose relation matches
// the question's relation cues (any edge when it states none), and take the node on the other
// end whose type or surface form fits the asked answer type. The cited span is the edge's
// provenance, so the answer points at the retrieved text it was read from.
import type { Citation } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';
import { relationCues } from '@rag/retrievers';
import { questionForm } from '@rag/verify';
import { choiceOptions } from '../strategies/extractive-answer-generator.js';
import { contentTerms, dateSpans, nameSpans, numberSpans, phraseKey } from '../internal/spans.js';

const TYPE_FIT: Record<string, (type: string, name: string) => boolean> = {
  person: (t) => t === 'Person',
  place: (t) => t === 'Place' || t === 'Location' || t === 'City' || t === 'Country',
  date: (_t, n) => dateSpans(n).length > 0,
  number: (_t, n) => numberSpans(n).length > 0,
  entity: (_t, n) => /^[\p{Lu}\d]/u.test(n),
  other: (_t, n) => /^[\p{Lu}\d]/u.test(n),
};

const WEAK = new Set(['co_occurs_with', 'mentions']);

export function answerFromGraph(
  question: string,
  graph: GraphStore,
): { text: string; citations: Citation[]; path: string } | undefined {
  const form = questionForm(question);
  // Yes/no and "A or B" questions are decided over the text, not by one graph edge.
  if (form === 'yesno' || choiceOptions(question)) return undefined;
  const fit = TYPE_FIT[form] ?? TYPE_FIT.other!;
  const wanted = new Set(relationCues(contentTerms(question)));
  const qKeys = new Set(contentTerms(question));
  const mentions = nameSpans(question).map((s) => s.text);
  let best: { text: string; citations: Citation[]; path: string; score: number } | undefined;
  for (const m of mentions) {
    const key = phraseKey(m);
    const nodes = [...graph.findByName(m), ...[...graph.nodes()].filter((n) => phraseKey(n.name) !== key && phraseKey(n.name).includes(key) && key.length > 3)];
    for (const node of nodes.slice(0, 5)) {
      for (const e of graph.edgesOf(node.id, { direction: 'both' })) {
        if (WEAK.has(e.relation)) continue;
        if (wanted.size > 0 && !wanted.has(e.relation)) continue;
        const other = graph.getNode(e.source === node.id ? e.target : e.source);
        if (!other || !fit(other.type, other.name)) continue;
        const novelty = contentTerms(other.name).filter((t) => !qKeys.has(t)).length;
        if (novelty === 0) continue;
        const score = e.confidence + (wanted.has(e.relation) ? 1 : 0) + 0.1 * novelty;
        if (best && best.score >= score) continue;
        const p = e.provenance[0];
        const citations: Citation[] = p ? [{ chunkId: p.chunkId, start: p.start, end: p.end }] : [];
        best = { text: other.name, citations, path: `${node.name} —${e.relation}→ ${other.name}`, score };
      }
    }
  }
  return best ? { text: best.text, citations: best.citations, path: best.path } : undefined;
}

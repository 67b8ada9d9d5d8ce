// EMBEDDED, NO MODEL: two-hop template questions from graph paths a —r1→ b —r2→ c whose two
// edges were read from different documents. The wording is a fixed template, not natural
// language ("Which Place is linked by "born in" to the Person that X is linked to by
// "directed by"?"), and every row is labelled `type: "two-hop-template"` with
// `meta.generator: "embedded-path-template"` so it is never mistaken for teacher-written data.
// A path is used only when it is unambiguous (a has one r1 edge, b has one r2 edge besides a)
// and both ends are named in their source documents.
import { invalidInput } from '@rag/core';
import { mulberry32, type RelationEdge } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import type { QuestionLine } from '../dataset/dataset-files.js';
import { containsNormalized, shuffled } from './source-text.js';

export interface PathQuestionsOptions {
  index: RagIndex;
  /** Questions wanted (default 50). */
  max?: number;
  seed?: number;
  /** Relations never used in a path (default co_occurs_with, mentions, is_a). */
  skipRelations?: readonly string[];
  /** Only these relations (default: any label of lower-case words, e.g. "born_in"; labels with digits or one-letter parts are skipped as extraction noise). */
  relations?: readonly string[];
  idPrefix?: string;
}

const CLEAN_LABEL = /^[a-z]{2,}(_[a-z]{2,})*$/;
/** Names with fewer than three letters ("No.", "3") are extraction noise, not question anchors. */
const usableName = (name: string) => (name.match(/\p{L}/gu) ?? []).length >= 3;

const words = (relation: string) => relation.replace(/_/g, ' ');

export function generatePathQuestions(options: PathQuestionsOptions): QuestionLine[] {
  const { index } = options;
  const max = options.max ?? 50;
  if (!Number.isInteger(max) || max < 0) throw invalidInput('max', `must be a non-negative integer, got ${String(max)}`);
  const skip = new Set(options.skipRelations ?? ['co_occurs_with', 'mentions', 'is_a']);
  const prefix = options.idPrefix ?? 'path';
  const g = index.graph;
  const docsOf = (e: RelationEdge) => [...new Set(e.provenance.map((p) => index.getChunk(p.chunkId)?.docId).filter((d): d is string => d !== undefined))];
  const docText = (id: string) => {
    const d = index.getDoc(id);
    return d ? `${d.title ?? ''}\n${d.text}` : '';
  };
  const out: QuestionLine[] = [];
  const seen = new Set<string>();
  const allow = options.relations ? new Set(options.relations) : undefined;
  const usable = (e: RelationEdge) => !skip.has(e.relation) && (allow ? allow.has(e.relation) : CLEAN_LABEL.test(e.relation));
  const edges = shuffled([...g.edges()].filter(usable), mulberry32(options.seed ?? 1));
  for (const e1 of edges) {
    if (out.length >= max) break;
    const sameR1 = g.edgesOf(e1.source, { direction: 'out', relations: [e1.relation] });
    if (sameR1.length !== 1) continue;
    const nexts = g.edgesOf(e1.target, { direction: 'out' }).filter((e) => usable(e) && e.target !== e1.source);
    for (const e2 of nexts) {
      if (g.edgesOf(e1.target, { direction: 'out', relations: [e2.relation] }).filter((e) => e.target !== e1.source).length !== 1) continue;
      const a = g.getNode(e1.source)!;
      const b = g.getNode(e1.target)!;
      const c = g.getNode(e2.target)!;
      if (c.id === a.id || c.id === b.id || ![a, b, c].every((n) => usableName(n.name))) continue;
      const d1 = docsOf(e1).find((d) => containsNormalized(docText(d), a.name) && containsNormalized(docText(d), b.name));
      const d2 = docsOf(e2).find((d) => d !== d1 && containsNormalized(docText(d), b.name) && containsNormalized(docText(d), c.name));
      if (!d1 || !d2) continue;
      const question = `Which ${c.type} is linked by "${words(e2.relation)}" to the ${b.type} that ${a.name} is linked to by "${words(e1.relation)}"?`;
      if (seen.has(question) || containsNormalized(question, c.name)) continue;
      seen.add(question);
      out.push({
        id: `${prefix}-${out.length + 1}`,
        question,
        answers: [c.name, ...c.aliases.filter((x) => x !== c.name)],
        supporting_ids: [d1, d2],
        type: 'two-hop-template',
        meta: { generator: 'embedded-path-template', path: [a.name, e1.relation, b.name, e2.relation, c.name], edges: [e1.id, e2.id] },
      });
      break;
    }
  }
  return out;
}

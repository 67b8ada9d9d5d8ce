// The summaries stage of a batch: one summary per document (by the summary model when given,
// extractive otherwise or when the model fails), embedded into the summaries namespace.
import { RagError, type ChatModel, type Doc, type RunContext, type VectorStore } from '@rag/core';
import { extractiveSummary, llmSummary } from '../summaries/doc-summary.js';
import type { DocSummary, IngestReport } from '../types.js';
import { chunksOf, type IndexState } from './index-state.js';

export interface SummarizeDeps {
  state: IndexState;
  vectors: VectorStore;
  namespace: string;
  summaryModel?: ChatModel | undefined;
  embed: (texts: string[], ctx: RunContext) => Promise<Float32Array[]>;
}

export async function summarizeDocs(deps: SummarizeDeps, batch: Doc[], ctx: RunContext, warnings: IngestReport['warnings']): Promise<void> {
  const extractive = (doc: Doc) => extractiveSummary(doc, chunksOf(deps.state, doc.id).flatMap((c) => c.sentences));
  const items: DocSummary[] = [];
  for (const doc of batch) {
    let text: string;
    if (deps.summaryModel) {
      try {
        text = await llmSummary(deps.summaryModel, doc, ctx);
      } catch (e) {
        if (RagError.isInstance(e, 'RAG_ABORTED')) throw e;
        warnings.push(`LLM summary failed for ${doc.id}; extractive summary used`);
        text = extractive(doc);
      }
    } else text = extractive(doc);
    items.push({ docId: doc.id, text });
  }
  const vs = await deps.embed(items.map((s) => s.text), ctx);
  await deps.vectors.upsert(deps.namespace, items.map((s, i) => ({ id: s.docId, docId: s.docId, vector: vs[i]!, metadata: { docId: s.docId } })));
  for (const s of items) deps.state.summaries.set(s.docId, s);
}

// The embedding stage of a batch: one vector per chunk (title + text, like the keyword index
// sees it) and one per sentence (id `${chunkId}#${i}`), both carrying { chunkId, docId }.
import type { Chunk, Doc, RunContext, VectorRecord, VectorStore } from '@rag/core';

export const keywordText = (doc: Doc, chunk: Chunk): string => (doc.title ? `${doc.title}\n${chunk.text}` : chunk.text);

export interface EmbedChunksDeps {
  vectors: VectorStore;
  chunkNamespace: string;
  sentenceNamespace: string;
  embed: (texts: string[], ctx: RunContext) => Promise<Float32Array[]>;
}

/** Returns the number of sentences embedded. */
export async function embedChunks(deps: EmbedChunksDeps, batchChunks: { doc: Doc; chunk: Chunk }[], ctx: RunContext): Promise<number> {
  const cv = await deps.embed(batchChunks.map(({ doc, chunk }) => keywordText(doc, chunk)), ctx);
  await deps.vectors.upsert(
    deps.chunkNamespace,
    batchChunks.map(({ chunk }, i) => ({ id: chunk.id, vector: cv[i]!, docId: chunk.docId, metadata: { chunkId: chunk.id, docId: chunk.docId } })),
  );
  const sentRecords: Omit<VectorRecord, 'vector'>[] = [];
  const sentTexts: string[] = [];
  for (const { doc, chunk } of batchChunks)
    chunk.sentences.forEach((s, i) => {
      sentRecords.push({ id: `${chunk.id}#${i}`, docId: chunk.docId, metadata: { chunkId: chunk.id, docId: chunk.docId } });
      sentTexts.push(doc.text.slice(s.start, s.end));
    });
  const sv = await deps.embed(sentTexts, ctx);
  await deps.vectors.upsert(deps.sentenceNamespace, sentRecords.map((r, i) => ({ ...r, vector: sv[i]! })));
  return sentTexts.length;
}

// Embed texts in batches, metering each call and checking the embedder returned one vector per text.
import { RagError, type Embedder, type RunContext } from '@rag/core';

export async function embedTexts(embedder: Embedder, texts: string[], ctx: RunContext, batch: number): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batch) {
    ctx.meter.assertCanSpend('embedding');
    const want = Math.min(batch, texts.length - i);
    const part = await embedder.embed(texts.slice(i, i + batch), { kind: 'document', ...(ctx.signal ? { signal: ctx.signal } : {}) });
    if (part.length !== want) throw new RagError('RAG_SERVICE_ERROR', `embedder ${embedder.id} returned ${part.length} vectors for ${want} texts`);
    ctx.meter.recordEmbedding();
    out.push(...part);
  }
  return out;
}

// Embedder over the official openai client (POST /embeddings). Vectors are L2-normalised here
// (OpenAI's are already; compatible servers' may not be).
import { RagError, invalidInput, type Embedder } from '@rag/core';
import { openAIClient, type OpenAIConnectionOptions } from './client.js';
import { toOpenAIError } from './errors.js';

export interface OpenAIEmbedderOptions extends OpenAIConnectionOptions {
  model: string;
  /** Known vector length (skips nothing; reported as `dimensions`). */
  dimensions?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
}

function normalise(v: number[]): Float32Array {
  const out = Float32Array.from(v);
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (let i = 0; i < out.length; i++) out[i] = out[i]! / n;
  return out;
}

export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  if (!options?.model || typeof options.model !== 'string') throw invalidInput('model', 'must be a model name');
  const { client, baseURL } = openAIClient(options);
  const batch = options.batchSize ?? 64;
  let dims = options.dimensions;
  return {
    id: `openai:${options.model}@${baseURL}`,
    get dimensions() {
      return dims;
    },
    async embed(texts, embedOptions = {}) {
      if (!Array.isArray(texts)) throw invalidInput('texts', 'must be an array of strings');
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batch) {
        const slice = texts.slice(i, i + batch);
        let data: { index: number; embedding: number[] }[];
        try {
          const res = await client.embeddings.create({ model: options.model, input: slice, encoding_format: 'float' }, embedOptions.signal ? { signal: embedOptions.signal } : {});
          data = res.data as { index: number; embedding: number[] }[];
        } catch (error) {
          throw toOpenAIError(error, { baseURL, model: options.model, operation: 'embed', signal: embedOptions.signal });
        }
        if (data.length !== slice.length)
          throw new RagError('RAG_SERVICE_ERROR', `openai-compatible embed at ${baseURL}: asked for ${slice.length} vectors, got ${data.length}`, { details: { model: options.model } });
        for (const d of [...data].sort((a, b) => a.index - b.index)) {
          if (dims !== undefined && d.embedding.length !== dims)
            throw new RagError('RAG_DIMENSION_MISMATCH', `openai embed: "${options.model}" returned ${d.embedding.length} dimensions, expected ${dims}`, { details: { expected: dims, got: d.embedding.length } });
          dims ??= d.embedding.length;
          out.push(normalise(d.embedding));
        }
      }
      return out;
    },
  };
}

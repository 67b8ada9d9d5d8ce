// Embedder over Ollama's /api/embed (batch input). The vector length is learned from the first
// answer and every later answer is checked against it, so a model swapped on the server
// mid-ingestion is an error instead of a silently mixed index.
import { RagError, type EmbedOptions, type Embedder } from '@rag/core';
import { z } from 'zod';
import { createOllamaConnection, type OllamaConnectionOptions } from './connection.js';

export interface OllamaEmbedderOptions extends OllamaConnectionOptions {
  /** Embedding model tag, e.g. "nomic-embed-text". */
  model: string;
  /** Texts per /api/embed request. Default 32. */
  batchSize?: number;
  /** Expected vector length. When set, the first answer is checked against it. */
  dimensions?: number;
  /**
   * Let the server cut inputs longer than the model's context. Default false: an over-long
   * input is a RAG_CONTEXT_OVERFLOW error, because a truncated embedding silently loses text.
   */
  truncate?: boolean;
  /**
   * Task prefixes some models are trained with. Defaults are known for nomic-embed-text
   * ("search_query: " / "search_document: ") and mxbai-embed-large (query instruction).
   */
  prefixes?: { query?: string; document?: string };
  /** Identity stored in index manifests. Default `ollama:<model>`. */
  id?: string;
}

const EmbedResponseSchema = z.looseObject({
  embeddings: z.array(z.array(z.number())),
});

const KNOWN_PREFIXES: Array<[RegExp, { query?: string; document?: string }]> = [
  [/^nomic-embed-text/, { query: 'search_query: ', document: 'search_document: ' }],
  [/^mxbai-embed-large/, { query: 'Represent this sentence for searching relevant passages: ' }],
];

export function defaultPrefixes(model: string): { query?: string; document?: string } {
  const name = model.replace(/^.*\//, '');
  return KNOWN_PREFIXES.find(([re]) => re.test(name))?.[1] ?? {};
}

function normalise(values: number[]): Float32Array {
  const v = Float32Array.from(values);
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] = v[i]! / norm;
  return v;
}

export interface OllamaEmbedder extends Embedder {
  readonly model: string;
}

export function createOllamaEmbedder(options: OllamaEmbedderOptions): OllamaEmbedder {
  if (typeof options.model !== 'string' || options.model.trim() === '')
    throw new RagError('RAG_INVALID_INPUT', 'createOllamaEmbedder: model: must be a non-empty model name', { details: { input: 'model' } });
  const batchSize = options.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RagError('RAG_INVALID_INPUT', `createOllamaEmbedder: batchSize: must be a positive integer, got ${batchSize}`, {
      details: { input: 'batchSize' },
    });
  if (options.dimensions !== undefined && !(Number.isInteger(options.dimensions) && options.dimensions > 0))
    throw new RagError('RAG_INVALID_INPUT', `createOllamaEmbedder: dimensions: must be a positive integer, got ${options.dimensions}`, {
      details: { input: 'dimensions' },
    });
  const model = options.model.trim();
  const connection = createOllamaConnection(options);
  const prefixes = options.prefixes ?? defaultPrefixes(model);
  const expected = options.dimensions;
  let dimensions: number | undefined;

  async function embedBatch(batch: string[], offset: number, signal?: AbortSignal): Promise<Float32Array[]> {
    const raw = await connection.call(
      'embed',
      model,
      (client) =>
        client.embed({
          model,
          input: batch,
          truncate: options.truncate ?? false,
          ...(connection.keepAlive !== undefined ? { keep_alive: connection.keepAlive } : {}),
        }),
      signal,
    );
    const parsed = EmbedResponseSchema.safeParse(raw);
    if (!parsed.success || parsed.data.embeddings.length !== batch.length)
      throw new RagError(
        'RAG_SERVICE_ERROR',
        `ollama embed at ${connection.host} returned ${parsed.success ? `${parsed.data.embeddings.length} vectors for ${batch.length} texts` : 'a body that is not an embed response'} (model "${model}")`,
        { details: { host: connection.host, model, operation: 'embed' } },
      );
    return parsed.data.embeddings.map((values, i) => {
      const want = dimensions ?? expected;
      if (values.length === 0 || (want !== undefined && values.length !== want))
        throw new RagError(
          'RAG_DIMENSION_MISMATCH',
          `model "${model}" returned a ${values.length}-dimensional vector for text ${offset + i}, expected ${want ?? 'a non-empty vector'}; was the model replaced on the server?`,
          { details: { model, expected: want, actual: values.length, index: offset + i } },
        );
      if (!values.every(Number.isFinite))
        throw new RagError('RAG_SERVICE_ERROR', `model "${model}" returned a vector with non-finite values for text ${offset + i}`, {
          details: { model, index: offset + i },
        });
      dimensions ??= values.length;
      return normalise(values);
    });
  }

  const embedder: OllamaEmbedder = {
    id: options.id ?? `ollama:${model}`,
    model,
    get dimensions() {
      return dimensions ?? expected;
    },
    async embed(texts: string[], embedOptions: EmbedOptions = {}): Promise<Float32Array[]> {
      if (!Array.isArray(texts))
        throw new RagError('RAG_INVALID_INPUT', 'texts: must be an array of strings', { details: { input: 'texts' } });
      texts.forEach((t, i) => {
        if (typeof t !== 'string')
          throw new RagError('RAG_INVALID_INPUT', `texts[${i}]: must be a string, got ${typeof t}`, { details: { input: `texts[${i}]` } });
      });
      if (embedOptions.signal?.aborted)
        throw new RagError('RAG_ABORTED', `ollama embed with "${model}" was aborted before it started`, { cause: embedOptions.signal.reason, details: { model } });
      const prefix = (embedOptions.kind === 'query' ? prefixes.query : prefixes.document) ?? '';
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        const batch = texts.slice(start, start + batchSize).map((t) => prefix + t);
        try {
          out.push(...(await embedBatch(batch, start, embedOptions.signal)));
        } catch (error) {
          // Say how far we got, so a caller storing vectors per batch knows its last good state.
          if (RagError.isInstance(error)) Object.assign(error.details, { embeddedBeforeFailure: start, total: texts.length });
          throw error;
        }
      }
      return out;
    },
  };
  return embedder;
}

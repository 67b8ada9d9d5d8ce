// createOllamaEmbedder and the manifest check against the Ollama wire-format fake.
import { RagError } from '@rag/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOllamaEmbedder } from '../src/embedder.js';
import { assertEmbedderMatchesManifest } from '../src/manifest-check.js';
import { fakeEmbedding, startOllamaWireFake, type OllamaWireFake } from './ollama-wire-fake.js';

let fake: OllamaWireFake;
beforeAll(async () => {
  fake = await startOllamaWireFake({
    models: [
      { name: 'nomic-embed-text:latest', kind: 'embed', capabilities: ['embedding'], contextLength: 50, dimensions: 16 },
      { name: 'all-minilm:latest', kind: 'embed', capabilities: ['embedding'], dimensions: 12 },
    ],
  });
});
afterAll(async () => {
  // held to Ollama's official OpenAPI document: what the adapter sent and what the fake answered
  expect(fake.violations).toEqual([]);
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});
const embedBodies = () => fake.requests.filter((r) => r.path === '/api/embed').map((r) => r.body as { input: string[]; truncate: boolean });

describe('createOllamaEmbedder', () => {
  it('embeds in batches, in order, discovering the dimensions', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'all-minilm', batchSize: 2 });
    expect(e.dimensions).toBeUndefined();
    const texts = ['a b', 'c d', 'e f', 'g'];
    const vectors = await e.embed(texts);
    expect(e.dimensions).toBe(12);
    expect(embedBodies().map((b) => b.input)).toEqual([['a b', 'c d'], ['e f', 'g']]);
    vectors.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      const want = fakeEmbedding(texts[i]!, 12);
      want.forEach((x, j) => expect(v[j]).toBeCloseTo(x, 5));
    });
    expect(e.id).toBe('ollama:all-minilm');
  });

  it('uses the task prefixes nomic-embed-text was trained with', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' });
    await e.embed(['q'], { kind: 'query' });
    await e.embed(['d']);
    expect(embedBodies().map((b) => b.input)).toEqual([['search_query: q'], ['search_document: d']]);
  });

  it('asks the server not to truncate, and reports an over-long input as RAG_CONTEXT_OVERFLOW', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'nomic-embed-text' });
    const err = await e.embed(['word '.repeat(100)]).catch((x: unknown) => x);
    expect(embedBodies()[0]?.truncate).toBe(false);
    expect(RagError.isInstance(err, 'RAG_CONTEXT_OVERFLOW')).toBe(true);
  });

  it('checks the configured dimensions against the first answer', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'all-minilm', dimensions: 384 });
    await expect(e.embed(['x'])).rejects.toMatchObject({ code: 'RAG_DIMENSION_MISMATCH', details: { expected: 384, actual: 12 } });
  });

  it('returns [] for no texts without a request, and rejects non-strings', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'all-minilm' });
    expect(await e.embed([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    await expect(e.embed(['ok', 3 as unknown as string])).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT', message: expect.stringContaining('texts[1]') });
  });

  it('a model that is not pulled is RAG_MODEL_NOT_FOUND', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'mxbai-embed-large' });
    await expect(e.embed(['x'])).rejects.toMatchObject({ code: 'RAG_MODEL_NOT_FOUND', message: expect.stringContaining('ollama pull mxbai-embed-large') });
  });
});

describe('assertEmbedderMatchesManifest', () => {
  it('passes for the embedder that built the index (probing dimensions once)', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'all-minilm' });
    await assertEmbedderMatchesManifest(e, { embedderId: 'ollama:all-minilm', dimensions: 12 });
    expect(embedBodies()).toHaveLength(1);
  });

  it('names the model that built the index when dimensions differ', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'all-minilm' });
    const err = await assertEmbedderMatchesManifest(e, { embedderId: 'ollama:nomic-embed-text', dimensions: 768 }).catch((x: unknown) => x);
    expect(RagError.isInstance(err, 'RAG_DIMENSION_MISMATCH')).toBe(true);
    expect((err as RagError).message).toContain('ollama:nomic-embed-text');
    expect((err as RagError).message).toContain('OLLAMA_EMBED_MODEL=nomic-embed-text');
    expect((err as RagError).details).toMatchObject({ indexDimensions: 768, dimensions: 12, builtWithModel: 'nomic-embed-text', reason: 'dimensions' });
  });

  it('refuses another model even when the length matches', async () => {
    const e = createOllamaEmbedder({ host: fake.url, model: 'all-minilm' });
    await expect(assertEmbedderMatchesManifest(e, { embedderId: 'hashing-v1', dimensions: 12 })).rejects.toMatchObject({
      code: 'RAG_DIMENSION_MISMATCH',
      details: { reason: 'embedder' },
    });
  });
});

import { RagError } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OLLAMA_CHAT_MODEL, DEFAULT_OLLAMA_EMBED_MODEL, ollamaFromEnv } from '../src/from-env.js';
import { probeOllama } from '../src/probe.js';
import { startOllamaWireFake, type OllamaWireFake } from './ollama-wire-fake.js';

let fake: OllamaWireFake;
beforeAll(async () => {
  fake = await startOllamaWireFake();
});
afterAll(() => fake.close());

describe('ollamaFromEnv', () => {
  it('is undefined when OLLAMA_HOST is unset or empty (embedded mode)', () => {
    expect(ollamaFromEnv({})).toBeUndefined();
    expect(ollamaFromEnv({ OLLAMA_HOST: '' })).toBeUndefined();
  });

  it('uses the documented default models', () => {
    const o = ollamaFromEnv({ OLLAMA_HOST: 'localhost' });
    expect(o).toMatchObject({ host: 'http://localhost:11434', chatModel: DEFAULT_OLLAMA_CHAT_MODEL, embedModel: DEFAULT_OLLAMA_EMBED_MODEL });
    expect(o?.chat.id).toBe('ollama:qwen2.5:3b-instruct');
    expect(o?.embedder.id).toBe('ollama:nomic-embed-text');
    expect(o?.describe).toBe('ollama at http://localhost:11434 (chat qwen2.5:3b-instruct, embed nomic-embed-text)');
  });

  it('reads model names and settings and works end to end against the host', async () => {
    const o = ollamaFromEnv({ OLLAMA_HOST: fake.url, OLLAMA_EMBED_MODEL: 'nomic-embed-text:latest', OLLAMA_TIMEOUT_MS: '5000', OLLAMA_KEEP_ALIVE: '-1' });
    expect(o?.embedModel).toBe('nomic-embed-text:latest');
    const [v] = await o!.embedder.embed(['x']);
    expect(v?.length).toBe(64);
    expect((fake.requests.at(-1)?.body as { keep_alive: unknown }).keep_alive).toBe(-1);
  });

  it('rejects a malformed variable with RAG_CONFIG naming it', () => {
    let err: unknown;
    try {
      ollamaFromEnv({ OLLAMA_HOST: 'localhost', OLLAMA_TIMEOUT_MS: 'soon' });
    } catch (e) {
      err = e;
    }
    expect(RagError.isInstance(err, 'RAG_CONFIG')).toBe(true);
    expect((err as RagError).message).toContain('OLLAMA_TIMEOUT_MS');
  });
});

describe('probeOllama', () => {
  it('lists the models (tag-insensitive for :latest)', async () => {
    const r = await probeOllama({ host: fake.url, models: ['qwen2.5:3b-instruct', 'nomic-embed-text'] });
    expect(r.available).toContain('nomic-embed-text:latest');
  });

  it('names the missing models with their pull commands', async () => {
    await expect(probeOllama({ host: fake.url, models: ['nomic-embed-text', 'llama3.2:3b'] })).rejects.toMatchObject({
      code: 'RAG_MODEL_NOT_FOUND',
      details: { missing: ['llama3.2:3b'], pull: ['ollama pull llama3.2:3b'] },
    });
  });
});

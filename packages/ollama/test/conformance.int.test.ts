// The shared conformance suites against a REAL Ollama server. Runs only when OLLAMA_HOST is set
// (and the root vitest config includes *.int.test.ts only then). Models: OLLAMA_CHAT_MODEL /
// OLLAMA_EMBED_MODEL, defaults qwen2.5:3b-instruct / nomic-embed-text; pull them first.
import { runChatModelConformance, runEmbedderConformance } from '@rag/core/testing';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_OLLAMA_CHAT_MODEL, DEFAULT_OLLAMA_EMBED_MODEL } from '../src/from-env.js';
import { createOllamaChatModel } from '../src/chat-model.js';
import { createOllamaEmbedder } from '../src/embedder.js';
import { probeOllama } from '../src/probe.js';

const host = process.env.OLLAMA_HOST;
const chatModel = process.env.OLLAMA_CHAT_MODEL || DEFAULT_OLLAMA_CHAT_MODEL;
const embedModel = process.env.OLLAMA_EMBED_MODEL || DEFAULT_OLLAMA_EMBED_MODEL;
// Cold model loads on CPU can take a while.
const timeoutMs = Number(process.env.OLLAMA_TIMEOUT_MS ?? 300_000);
vi.setConfig({ testTimeout: timeoutMs + 10_000 });

describe.runIf(Boolean(host))(`live Ollama at ${host ?? '(OLLAMA_HOST unset)'}`, () => {
  it('has the models pulled', async () => {
    const r = await probeOllama({ host: host!, models: [chatModel, embedModel] });
    expect(r.available.length).toBeGreaterThan(0);
  }, 60_000);

  runChatModelConformance(`ollama ${chatModel} (live)`, () => createOllamaChatModel({ host: host!, model: chatModel, timeoutMs }));
  runEmbedderConformance(`ollama ${embedModel} (live)`, () => createOllamaEmbedder({ host: host!, model: embedModel, timeoutMs }));

  it('reports an unknown model with the pull command', async () => {
    const err = await createOllamaEmbedder({ host: host!, model: 'rag-no-such-model-xyz' })
      .embed(['x'])
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'RAG_MODEL_NOT_FOUND', message: expect.stringContaining('ollama pull rag-no-such-model-xyz') });
  }, 60_000);
});

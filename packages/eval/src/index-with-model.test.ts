// rag-eval --index-with-model: the chat model writes the A2RAG gate's document summaries and
// extracts the graph (LLM extractor with routed domain templates); the calls are counted with
// the scripted simulator, and the cache keeps model-built and rule-built indexes apart.
import { createScriptedChatModel } from '@rag/core/testing';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS } from '../test/fakes.js';
import { createIndexerBackend } from './default-deps.js';
import { createStackFromEnv } from './stack.js';

describe('createIndexerBackend({ withModel })', () => {
  it('asks the model for one summary per document and extracts every chunk with it', async () => {
    const kind = (system: string) => (system.startsWith('Summarise the document') ? 'summary' : system.startsWith('You extract a knowledge graph') ? 'extract' : 'other');
    const model = createScriptedChatModel((r) => {
      const k = kind(r.messages[0]?.content ?? '');
      if (k === 'summary') return 'A short summary.';
      if (k === 'extract') return { json: { triples: [] } };
      return { json: {} };
    });
    const stack = { ...createStackFromEnv({}), chat: model };
    const backend = createIndexerBackend(stack, { withModel: true });
    expect(backend.configKey).not.toBe(createIndexerBackend(stack).configKey);
    const index = await backend.build(FIXTURE_CORPUS);
    const count = (k: string) => model.requests.filter((r) => kind(r.messages[0]?.content ?? '') === k).length;
    expect(count('summary')).toBe(FIXTURE_CORPUS.length);
    expect(count('extract')).toBeGreaterThanOrEqual(index.manifest().chunks);
    expect(() => createIndexerBackend(createStackFromEnv({}), { withModel: true })).toThrow(/needs a chat model/);
  });
});

import { describe, expect, it } from 'vitest';
import { createStackFromEnv } from './stack.js';

describe('createStackFromEnv', () => {
  it('is embedded with no service variables', () => {
    const stack = createStackFromEnv({});
    expect(stack.mode).toBe('embedded');
    expect(stack.chat).toBeUndefined();
    expect(stack.describe).toMatch(/^embedded mode/);
  });

  it('switches to service mode from OLLAMA_HOST alone, without contacting it', () => {
    const stack = createStackFromEnv({ OLLAMA_HOST: 'http://127.0.0.1:9', OLLAMA_CHAT_MODEL: 'm1' });
    expect(stack.mode).toBe('service');
    expect(stack.chat).toBeDefined();
    expect(stack.embedder).toBeDefined();
    expect(stack.vectors).toBeUndefined();
    expect(stack.describe).toMatch(/service mode: ollama at .*in-memory vectors/);
    expect(stack.configKey).not.toBe(createStackFromEnv({}).configKey);
  });

  it('switches to service mode from QDRANT_URL alone (mixed stack)', () => {
    const stack = createStackFromEnv({ QDRANT_URL: 'http://127.0.0.1:6333' });
    expect(stack.mode).toBe('service');
    expect(stack.vectors).toBeDefined();
    expect(stack.chat).toBeUndefined();
  });

  it('puts keyword search in Qdrant only with QDRANT_KEYWORD_COLLECTION, and says so', () => {
    expect(createStackFromEnv({ QDRANT_URL: 'http://127.0.0.1:6333' }).keyword).toBeUndefined();
    const stack = createStackFromEnv({ QDRANT_URL: 'http://127.0.0.1:6333', QDRANT_KEYWORD_COLLECTION: 'kw' });
    expect(stack.keyword?.id).toBe('qdrant-bm25:http://127.0.0.1:6333/kw');
    expect(stack.describe).toContain('qdrant keyword search');
    expect(stack.configKey).toContain('qdrant-bm25');
    expect(() => createStackFromEnv({ QDRANT_KEYWORD_COLLECTION: 'kw' })).toThrow(/QDRANT_KEYWORD_COLLECTION: needs QDRANT_URL/);
  });

  it('selects an OpenAI-compatible server from OPENAI_BASE_URL; OLLAMA_HOST wins when both are set', () => {
    const stack = createStackFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OPENAI_CHAT_MODEL: 'qwen' });
    expect(stack.mode).toBe('service');
    expect(stack.chat?.id).toBe('openai:qwen@http://127.0.0.1:8000/v1');
    expect(stack.describe).toMatch(/openai-compatible http:\/\/127.0.0.1:8000\/v1/);
    expect(createStackFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1', OLLAMA_HOST: 'http://127.0.0.1:9' }).describe).toMatch(/ollama/);
  });
});

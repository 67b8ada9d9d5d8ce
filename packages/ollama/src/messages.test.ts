import { describe, expect, it } from 'vitest';
import { fromOllamaToolCalls, parseChatChunk, toOllamaMessages, toOllamaTools } from './messages.js';

describe('message mapping', () => {
  it('maps tool definitions to Ollama function tools', () => {
    const tools = toOllamaTools([{ name: 'search', description: 'find', parameters: { type: 'object', properties: { q: { type: 'string' } } } }]);
    expect(tools).toEqual([
      { type: 'function', function: { name: 'search', description: 'find', parameters: { type: 'object', properties: { q: { type: 'string' } } } } },
    ]);
  });

  it('rejects a tool without a name', () => {
    expect(() => toOllamaTools([{ name: '', description: '', parameters: {} }])).toThrowError(
      expect.objectContaining({ code: 'RAG_INVALID_INPUT', message: expect.stringContaining('tools[0].name') }),
    );
  });

  it('sends assistant tool calls with object arguments and names tool results by the call they answer', () => {
    const out = toOllamaMessages([
      { role: 'user', content: 'q' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_7', name: 'search', arguments: '{"q":"x"}' }] },
      { role: 'tool', content: 'result', toolCallId: 'call_7' },
    ]);
    expect(out[1]).toEqual({ role: 'assistant', content: '', tool_calls: [{ function: { name: 'search', arguments: { q: 'x' } } }] });
    expect(out[2]).toEqual({ role: 'tool', content: 'result', tool_name: 'search' });
  });

  it('keeps server tool-call ids and generates the missing ones', () => {
    let n = 0;
    const calls = fromOllamaToolCalls(
      [{ function: { name: 'a', arguments: { x: 1 } } }, { id: 'srv_1', function: { name: 'b', arguments: '{"y":2}' } }],
      () => `gen_${++n}`,
    );
    expect(calls).toEqual([
      { id: 'gen_1', name: 'a', arguments: { x: 1 } },
      { id: 'srv_1', name: 'b', arguments: { y: 2 } },
    ]);
  });

  it('rejects a body that is not a chat response', () => {
    expect(() => parseChatChunk({ message: { tool_calls: [{ function: { arguments: {} } }] } }, 'm')).toThrowError(
      expect.objectContaining({ code: 'RAG_SERVICE_ERROR' }),
    );
  });
});

// A wire-format fake of an OpenAI-compatible server (Chat Completions, with SSE streaming and
// usage in the last chunk; Embeddings; GET /models), written from OpenAI's API reference. It
// answers a structured-output request with a schema-valid object, calls the first offered tool
// once per conversation, and can misbehave (`faults`: the misbehaving-model simulator's text
// faults applied to the reply content, or HTTP 500 mid-stream). It records every request body.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHashingEmbedder } from '@rag/core';
import { damageText, sampleFromSchema, type ModelFault } from '@rag/core/testing';

export interface OpenAIWireFake {
  url: string;
  requests: { path: string; body: Record<string, unknown>; headers: IncomingMessage['headers'] }[];
  /** Faults applied in rotation to chat replies (default none). */
  faults: ModelFault[];
  models: string[];
  close(): Promise<void>;
}

const words = (messages: { content?: unknown }[]): string[] => {
  const last = String(messages.at(-1)?.content ?? '');
  return last.match(/\b[A-Z][a-z]+\b/g) ?? ['Paris'];
};

export async function startOpenAIWireFake(): Promise<OpenAIWireFake> {
  const embedder = createHashingEmbedder({ dimensions: 64 });
  let call = 0;
  const fake: OpenAIWireFake = { url: '', requests: [], faults: [], models: ['gpt-4o-mini', 'text-embedding-3-small'], close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const path = (req.url ?? '').replace(/^\/v1/, '');
    fake.requests.push({ path, body, headers: req.headers });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && path === '/models') return json(200, { object: 'list', data: fake.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
    const model = String(body.model ?? '');
    if (!fake.models.includes(model)) return json(404, { error: { message: `The model \`${model}\` does not exist`, type: 'invalid_request_error', code: 'model_not_found' } });
    if (path === '/embeddings') {
      const input = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
      const vecs = await embedder.embed(input);
      return json(200, { object: 'list', model, data: vecs.map((v, index) => ({ object: 'embedding', index, embedding: [...v].map((x) => x * 3) })), usage: { prompt_tokens: input.length, total_tokens: input.length } });
    }
    if (path !== '/chat/completions') return json(404, { error: { message: 'not found' } });
    const messages = body.messages as { role: string; content?: unknown }[];
    const tools = body.tools as { function: { name: string; parameters: Record<string, unknown> } }[] | undefined;
    const format = (body.response_format as { json_schema?: { schema?: Record<string, unknown> } } | undefined)?.json_schema?.schema;
    const index = call++;
    const fault = fake.faults.length > 0 ? fake.faults[index % fake.faults.length] : undefined;
    const phrases = words(messages);
    let n = 0;
    const pick = () => phrases[n++ % phrases.length]!;
    let content = '';
    let toolCalls: { id: string; type: 'function'; function: { name: string; arguments: string } }[] = [];
    if (tools && tools.length > 0 && !messages.some((m) => m.role === 'tool')) {
      const t = tools[0]!.function;
      toolCalls = [{ id: `call_${index}`, type: 'function', function: { name: t.name, arguments: JSON.stringify(sampleFromSchema(t.parameters, t.parameters, pick)) } }];
    } else if (format) content = JSON.stringify(sampleFromSchema(format, format, pick));
    else content = messages.some((m) => /count/i.test(String(m.content))) ? 'one two three four five' : 'hello';
    let finish = toolCalls.length > 0 ? 'tool_calls' : 'stop';
    if (fault && fault !== 'server-error-mid-stream') {
      const d = damageText(fault, content);
      content = d.text;
      if (d.finishReason === 'length') finish = 'length';
    }
    const usage = { prompt_tokens: JSON.stringify(messages).length >> 2 || 1, completion_tokens: (content.length >> 2) + toolCalls.length, total_tokens: 0 };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const id = `chatcmpl-${index}`;
    if (!body.stream) {
      if (fault === 'server-error-mid-stream') return json(500, { error: { message: 'simulated internal error', type: 'server_error' } });
      return json(200, {
        id,
        object: 'chat.completion',
        created: 0,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: toolCalls.length ? null : content, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) }, finish_reason: finish, logprobs: null }],
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (v: unknown) => res.write(`data: ${JSON.stringify(v)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish_reason: string | null = null) => ({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason }] });
    send(chunk({ role: 'assistant', content: '' }));
    const parts = content.match(/\S+\s*|\s+/g) ?? [];
    for (const [i, p] of parts.entries()) {
      send(chunk({ content: p }));
      if (fault === 'server-error-mid-stream' && i === 0) {
        res.destroy();
        return;
      }
    }
    for (const [i, c] of toolCalls.entries()) {
      const half = Math.ceil(c.function.arguments.length / 2);
      send(chunk({ tool_calls: [{ index: i, id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments.slice(0, half) } }] }));
      send(chunk({ tool_calls: [{ index: i, function: { arguments: c.function.arguments.slice(half) } }] }));
    }
    send(chunk({}, finish));
    if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) send({ id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage });
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

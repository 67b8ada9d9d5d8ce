// Wire-format fake of the Ollama HTTP API: a local node:http server on 127.0.0.1 (random port)
// that speaks the request/response shapes documented in ollama/docs/api.md for exactly the
// endpoints @rag/ollama uses:
//   POST /api/chat   {model, messages, tools?, format?, options?, stream?, keep_alive?, think?}
//                    -> one JSON object, or NDJSON lines (`application/x-ndjson`) when stream
//                       is true or absent (the server's default), the last with done: true,
//                       done_reason, prompt_eval_count and eval_count
//   POST /api/embed  {model, input: string | string[], truncate?, keep_alive?, dimensions?}
//                    -> {model, embeddings: number[][], total_duration, load_duration, prompt_eval_count}
//   POST /api/show   {model} -> {modelfile, parameters, template, details, model_info, capabilities}
//   GET  /api/tags   -> {models: [{name, model, modified_at, size, digest, details}]}
// Errors are `{"error": "..."}` with the status Ollama uses (404 for a model that is not
// pulled, 400 for bad requests). The "model" behind /api/chat is a deterministic script, not a
// language model; it exists to exercise the wire format, not to answer well.
// Uncertain points, stated rather than guessed silently: the exact wording of Ollama's errors
// varies between server versions (we match on "not found" and "context length"); newer
// servers may add an `id` to tool calls, which this fake omits so id generation is exercised.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { createOpenApiValidator, damageText, type ModelFault } from '@rag/core/testing';

/** Ollama's official OpenAPI document (vendored in tooling/specs; RAG_SPECS_DIR overrides): every request and response is checked. */
export const OLLAMA_SPEC = join(process.env.RAG_SPECS_DIR ?? join(import.meta.dirname, '..', '..', '..', 'tooling', 'specs'), 'ollama-openapi.yaml');
const spec = await createOpenApiValidator(OLLAMA_SPEC);

export interface FakeModel {
  name: string;
  kind: 'chat' | 'embed';
  capabilities?: string[];
  contextLength?: number;
  /** Embedding length for embed models. */
  dimensions?: number;
}

export interface FakeChatTurn {
  content?: string;
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> }>;
  doneReason?: string;
}

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string; tool_calls?: unknown[]; tool_name?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: Record<string, unknown> } }>;
  format?: unknown;
  options?: Record<string, unknown>;
  stream?: boolean;
  keep_alive?: unknown;
  think?: unknown;
}

export interface OllamaWireFake {
  url: string;
  port: number;
  /** Every request body received, by path. */
  requests: Array<{ path: string; body: unknown }>;
  /** Requests the adapter sent and 2xx responses this fake returned that the official spec rejects. */
  violations: string[];
  /** Replace the scripted chat responder. */
  setResponder(fn: (body: ChatRequestBody) => FakeChatTurn): void;
  /** The next `times` requests to `path` (or any path) answer with this status. */
  failNext(times: number, status: number, path?: string): void;
  /** After `requests` more successful requests, every later connection is destroyed without an answer. */
  dieAfter(requests: number): void;
  /** Accept connections but never answer. */
  hang(on: boolean): void;
  /** Streamed chats send their first line, then go silent without closing. */
  stallStreams(on: boolean): void;
  /** Misbehaving-model mode: chat replies are damaged by these faults in rotation ([] = off). */
  misbehave(faults: ModelFault[]): void;
  close(): Promise<void>;
}

const DEFAULT_MODELS: FakeModel[] = [
  { name: 'qwen2.5:3b-instruct', kind: 'chat', capabilities: ['completion', 'tools'], contextLength: 32768 },
  { name: 'nomic-embed-text:latest', kind: 'embed', capabilities: ['embedding'], contextLength: 2048, dimensions: 64 },
];

/** Deterministic bag-of-words embedding: shared words give nearby vectors. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const w of words) {
    let h = 2166136261;
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 16777619);
    v[(h >>> 0) % dimensions]! += (h & 1) === 0 ? 1 : -1;
  }
  if (words.length === 0) v[0] = 1;
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0)) || 1;
  return v.map((x) => x / norm);
}

/** A value matching a (simple) JSON Schema: what a constrained decoder would be forced into. */
export function sampleFromSchema(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if ('const' in s) return s.const;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sampleFromSchema(v)]));
    }
    case 'array':
      return typeof s.minItems === 'number' && s.minItems > 0 ? Array.from({ length: s.minItems }, () => sampleFromSchema(s.items)) : [];
    case 'string':
      return 'sample';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (Array.isArray(s.anyOf) && s.anyOf.length > 0) return sampleFromSchema(s.anyOf[0]);
      return {};
  }
}

/** Default script: call the first tool once per user turn, answer tool results, echo otherwise. */
function defaultResponder(body: ChatRequestBody): FakeChatTurn {
  const last = body.messages[body.messages.length - 1];
  if (body.format && typeof body.format === 'object') return { content: JSON.stringify(sampleFromSchema(body.format)) };
  if (body.format === 'json') return { content: '{}' };
  if (body.tools?.length && last?.role === 'user') {
    const tool = body.tools[0]!;
    return { toolCalls: [{ name: tool.function.name, arguments: sampleFromSchema(tool.function.parameters) as Record<string, unknown> }] };
  }
  if (last?.role === 'tool') return { content: `The tool ${last.tool_name ?? ''} returned: ${last.content}` };
  return { content: `You said: ${last?.content ?? ''}` };
}

function tokens(text: string): number {
  return (text.match(/\S+/g) ?? []).length;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startOllamaWireFake(options: { models?: FakeModel[] } = {}): Promise<OllamaWireFake> {
  const models = options.models ?? DEFAULT_MODELS;
  const requests: Array<{ path: string; body: unknown }> = [];
  const violations: string[] = [];
  const sockets = new Set<Socket>();
  let responder = defaultResponder;
  const failures: Array<{ times: number; status: number; path?: string }> = [];
  let remainingBeforeDeath = Number.POSITIVE_INFINITY;
  let hanging = false;
  let stalling = false;
  let faults: ModelFault[] = [];
  let faultCalls = 0;

  const find = (name: unknown): FakeModel | undefined => {
    if (typeof name !== 'string') return undefined;
    const tagged = name.includes(':') ? name : `${name}:latest`;
    return models.find((m) => m.name === name || m.name === tagged);
  };
  const notFound = (res: ServerResponse, name: unknown) => json(res, 404, { error: `model "${String(name)}" not found, try pulling it first` });

  const server = createServer(async (req, res) => {
    if (hanging) return; // keep the socket open, never answer
    if (remainingBeforeDeath <= 0) {
      req.socket.destroy();
      return;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    const raw = req.method === 'POST' ? await readBody(req) : '';
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        json(res, 400, { error: 'invalid character in request body' });
        return;
      }
    }
    requests.push({ path, body });
    const method = req.method ?? 'GET';
    const checked = spec.documents(method, path);
    if (checked && method === 'POST') violations.push(...spec.request(method, path, body));
    const reply = (status: number, payload: unknown) => {
      if (checked && status < 300) violations.push(...spec.response(method, path, status, payload));
      json(res, status, payload);
    };
    const line = (payload: unknown) => {
      if (checked) violations.push(...spec.response(method, path, 200, payload, 'application/x-ndjson'));
      return `${JSON.stringify(payload)}\n`;
    };
    const failure = failures.find((f) => f.times > 0 && (f.path === undefined || f.path === path));
    if (failure) {
      failure.times--;
      reply(failure.status, { error: `injected failure ${failure.status}` });
      return;
    }
    remainingBeforeDeath--;

    if (req.method === 'GET' && path === '/api/tags') {
      reply(200, {
        models: models.map((m) => ({
          name: m.name,
          model: m.name,
          modified_at: '2025-01-01T00:00:00Z',
          size: 1,
          digest: 'sha256:fake',
          details: { format: 'gguf', family: 'fake', families: ['fake'], parameter_size: '1B', quantization_level: 'Q4_K_M' },
        })),
      });
      return;
    }
    if (req.method === 'POST' && path === '/api/show') {
      const m = find(body.model);
      if (!m) return reply(404, { error: `model '${String(body.model)}' not found` });
      reply(200, {
        modelfile: '',
        parameters: '',
        template: '{{ .Prompt }}',
        details: { format: 'gguf', family: 'fake', families: ['fake'], parameter_size: '1B', quantization_level: 'Q4_K_M' },
        model_info: { 'general.architecture': 'fake', ...(m.contextLength ? { 'fake.context_length': m.contextLength } : {}) },
        capabilities: m.capabilities ?? [],
        modified_at: '2025-01-01T00:00:00Z',
      });
      return;
    }
    if (req.method === 'POST' && path === '/api/embed') {
      const m = find(body.model);
      if (!m) return notFound(res, body.model);
      if (m.kind !== 'embed') return reply(400, { error: `"${m.name}" does not support embeddings` });
      const input = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? (body.input as unknown[]) : null;
      if (!input || !input.every((t) => typeof t === 'string')) return reply(400, { error: 'invalid input type' });
      const ctx = m.contextLength ?? 2048;
      if (body.truncate === false && input.some((t) => tokens(t as string) > ctx))
        return reply(400, { error: 'the input length exceeds the context length' });
      const dims = typeof body.dimensions === 'number' ? body.dimensions : (m.dimensions ?? 64);
      reply(200, {
        model: m.name,
        embeddings: input.map((t) => fakeEmbedding(t as string, dims)),
        total_duration: 1000,
        load_duration: 10,
        prompt_eval_count: input.reduce((s: number, t) => s + tokens(t as string), 0),
      });
      return;
    }
    if (req.method === 'POST' && path === '/api/chat') {
      const m = find(body.model);
      if (!m) return notFound(res, body.model);
      const chat = body as unknown as ChatRequestBody;
      if (!Array.isArray(chat.messages)) return reply(400, { error: 'messages must be an array' });
      if (chat.tools?.length && !(m.capabilities ?? []).includes('tools'))
        return reply(400, { error: `registry.ollama.ai/library/${m.name} does not support tools` });
      if (chat.think === true && !(m.capabilities ?? []).includes('thinking'))
        return reply(400, { error: `"${m.name}" does not support thinking` });
      let turn = responder(chat);
      const fault = faults.length > 0 ? faults[faultCalls++ % faults.length] : undefined;
      if (fault === 'server-error-mid-stream' && chat.stream === false) return reply(500, { error: 'simulated internal error' });
      if (fault && fault !== 'server-error-mid-stream') {
        const d = damageText(fault, turn.content ?? '');
        turn = { ...turn, content: d.text, ...(d.finishReason === 'length' ? { doneReason: 'length' } : {}) };
      }
      const promptTokens = chat.messages.reduce((s, x) => s + tokens(x.content ?? '') + 4, 0);
      const content = turn.content ?? '';
      const toolCalls = turn.toolCalls?.map((c) => ({ function: { name: c.name, arguments: c.arguments } }));
      const meta = { model: m.name, created_at: '2025-01-01T00:00:00Z' };
      const final = {
        done: true,
        done_reason: turn.doneReason ?? 'stop',
        total_duration: 1000,
        load_duration: 10,
        prompt_eval_count: promptTokens,
        prompt_eval_duration: 100,
        eval_count: Math.max(1, tokens(content)),
        eval_duration: 100,
      };
      if (chat.stream === false) {
        reply(200, { ...meta, message: { role: 'assistant', content, ...(toolCalls ? { tool_calls: toolCalls } : {}) }, ...final });
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      const pieces = content.match(/\S+\s*/g) ?? [];
      if (stalling) {
        res.write(line({ ...meta, message: { role: 'assistant', content: pieces[0] ?? '' }, done: false }));
        return;
      }
      if (fault === 'server-error-mid-stream') {
        res.write(line({ ...meta, message: { role: 'assistant', content: pieces[0] ?? '' }, done: false }));
        res.destroy();
        return;
      }
      for (const piece of pieces) res.write(line({ ...meta, message: { role: 'assistant', content: piece }, done: false }));
      if (toolCalls) res.write(line({ ...meta, message: { role: 'assistant', content: '', tool_calls: toolCalls }, done: false }));
      res.end(line({ ...meta, message: { role: 'assistant', content: '' }, ...final }));
      return;
    }
    reply(404, { error: `404 page not found` });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    violations,
    setResponder(fn) {
      responder = fn;
    },
    failNext(times, status, path) {
      failures.push({ times, status, ...(path ? { path } : {}) });
    },
    dieAfter(n) {
      remainingBeforeDeath = n;
    },
    hang(on) {
      hanging = on;
    },
    stallStreams(on) {
      stalling = on;
    },
    misbehave(list) {
      faults = [...list];
      faultCalls = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

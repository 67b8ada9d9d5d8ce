// SIMULATOR. A ChatModel that misbehaves the way small local models do, one named fault per
// call: it asks an inner model (default: the schema-following simulator) and then damages the
// reply. Used by the fault matrix (tests and `rag-eval --chat messy --fault <name|all>`) to prove
// that every model-driven decision survives bad output: repaired, re-asked once, or replaced
// by the embedded heuristic with the fallback recorded. It is not a model.
import type { ChatModel, ChatRequest, ChatResponse, ChatStreamChunk } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import { createSchemaFollowingChatModel } from './schema-following-chat-model.js';

export const MODEL_FAULTS = [
  'fenced-json',
  'prose-around-json',
  'think-preamble',
  'truncated',
  'trailing-commas-single-quotes',
  'renamed-keys',
  'missing-required',
  'array-for-object',
  'extra-fields',
  'empty-output',
  'tool-args-as-string',
  'unknown-tool',
  'repeated-tool-call',
  'refusal',
  'slow-first-token',
  'server-error-mid-stream',
] as const;
export type ModelFault = (typeof MODEL_FAULTS)[number];

export interface MessyChatModelOptions {
  /** Faults applied in rotation, one per call (default: all). */
  faults?: readonly ModelFault[];
  /** The model whose replies are damaged (default: the schema-following simulator). */
  inner?: ChatModel;
  /** Delay of `slow-first-token`, ms (default 30). */
  slowMs?: number;
  id?: string;
}

export interface MessyChatModel extends ChatModel {
  stream(request: ChatRequest): AsyncIterable<ChatStreamChunk>;
  /** How many times each fault was applied. */
  readonly applied: Readonly<Record<string, number>>;
}

/** Parse a fault list: "all", one name, or comma-separated names; unknown names are an error. */
export function parseModelFaults(spec: string): ModelFault[] {
  if (spec.trim() === 'all') return [...MODEL_FAULTS];
  const names = spec.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = names.filter((n) => !(MODEL_FAULTS as readonly string[]).includes(n));
  if (bad.length > 0 || names.length === 0)
    throw new RagError('RAG_INVALID_INPUT', `--fault: unknown fault ${bad.length ? `"${bad.join(', ')}"` : '(empty)'}; known: all, ${MODEL_FAULTS.join(', ')}`, { details: { input: 'fault' } });
  return names as ModelFault[];
}

const mapKeys = (v: unknown, f: (k: string, i: number) => string): unknown =>
  Array.isArray(v) ? v.map((x) => mapKeys(x, f)) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x], i) => [f(k, i), mapKeys(x, f)])) : v;
const dropFirstKey = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(dropFirstKey) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).slice(1).map(([k, x]) => [k, dropFirstKey(x)])) : v;
const renameKey = (k: string, i: number) => (i % 2 === 0 ? k.toUpperCase() : k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/^./, (c) => c.toUpperCase()));

function asJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Damage one reply text with one fault (text-only faults; tool and transport faults are separate). */
export function damageText(fault: ModelFault, text: string): { text: string; finishReason?: ChatResponse['finishReason'] } {
  const json = asJson(text);
  switch (fault) {
    case 'fenced-json':
      return { text: `\`\`\`json\n${text}\n\`\`\`` };
    case 'prose-around-json':
      return { text: `Sure! Here is the answer you asked for:\n${text}\nI hope this helps. Let me know if you need anything else {or more}.` };
    case 'think-preamble':
      return { text: `<think>\nThe user wants {"draft": true}. Let me consider [the passages] first.\n</think>\n${text}` };
    case 'truncated':
      return { text: text.slice(0, Math.max(1, Math.floor(text.length * 0.6))), finishReason: 'length' };
    case 'trailing-commas-single-quotes':
      return json === undefined ? { text } : { text: JSON.stringify(json, null, 1).replace(/"/g, "'").replace(/(\S)(\n\s*[}\]])/g, '$1,$2') };
    case 'renamed-keys':
      return json === undefined ? { text } : { text: JSON.stringify(mapKeys(json, renameKey)) };
    case 'missing-required':
      return json === undefined ? { text: '' } : { text: JSON.stringify(dropFirstKey(json)) };
    case 'array-for-object':
      return json === undefined || Array.isArray(json) ? { text } : { text: JSON.stringify([json]) };
    case 'extra-fields':
      return json && typeof json === 'object' && !Array.isArray(json) ? { text: JSON.stringify({ ...json, confidence: 0.9, notes: 'extra field a model added' }) } : { text };
    case 'empty-output':
      return { text: '' };
    case 'refusal':
      return { text: "I'm sorry, but I can't help with that request." };
    default:
      return { text };
  }
}

export function createMessyChatModel(options: MessyChatModelOptions = {}): MessyChatModel {
  const faults = options.faults && options.faults.length > 0 ? [...options.faults] : [...MODEL_FAULTS];
  const inner = options.inner ?? createSchemaFollowingChatModel();
  const slowMs = options.slowMs ?? 30;
  const applied: Record<string, number> = {};
  let calls = 0;

  const next = (): ModelFault => {
    const fault = faults[calls++ % faults.length]!;
    applied[fault] = (applied[fault] ?? 0) + 1;
    return fault;
  };

  const damage = async (fault: ModelFault, request: ChatRequest): Promise<ChatResponse> => {
    if (fault === 'slow-first-token') await new Promise((r) => setTimeout(r, slowMs));
    if (request.signal?.aborted) throw new RagError('RAG_ABORTED', 'chat was aborted', { cause: request.signal.reason });
    if (fault === 'server-error-mid-stream')
      throw new RagError('RAG_SERVICE_ERROR', 'simulated: the server answered 500 mid-stream', { details: { status: 500, simulated: true } });
    const response = await inner.chat(request);
    const out: ChatResponse = { ...response, model: options.id ?? `messy(${inner.id})` };
    if (response.toolCalls.length > 0) {
      if (fault === 'tool-args-as-string') out.toolCalls = response.toolCalls.map((c) => ({ ...c, arguments: JSON.stringify(c.arguments) }));
      else if (fault === 'unknown-tool') out.toolCalls = response.toolCalls.map((c) => ({ ...c, name: 'search_the_web' }));
      else if (fault === 'repeated-tool-call') out.toolCalls = [...response.toolCalls, ...response.toolCalls.map((c) => ({ ...c, id: `${c.id}_again` }))];
      else if (fault === 'empty-output' || fault === 'refusal') {
        out.toolCalls = [];
        out.finishReason = 'stop';
        out.text = damageText(fault, response.text).text;
      }
      return out;
    }
    const d = damageText(fault, response.text);
    out.text = d.text;
    if (d.finishReason) out.finishReason = d.finishReason;
    return out;
  };

  const model: MessyChatModel = {
    id: options.id ?? `messy(${inner.id})`,
    applied,
    chat: (request) => damage(next(), request),
    async *stream(request) {
      const fault = next();
      if (fault === 'server-error-mid-stream') {
        yield { text: 'The answer is' };
        throw new RagError('RAG_SERVICE_ERROR', 'simulated: the server answered 500 mid-stream', { details: { status: 500, simulated: true } });
      }
      const response = await damage(fault, request);
      for (const p of response.text.match(/\S+\s*|\s+/g) ?? []) yield { text: p };
      yield { text: '', done: response };
    },
  };
  return model;
}

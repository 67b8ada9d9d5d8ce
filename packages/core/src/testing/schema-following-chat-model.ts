// TEST DOUBLE / SIMULATOR. A well-behaved ChatModel that needs no script: it answers a
// structured-output request with an object that satisfies the request's JSON Schema (strings
// are phrases taken from the prompt, so downstream code has something to look up), calls the
// first offered tool once per conversation with schema-valid arguments, and otherwise replies
// with a short phrase from the prompt. It lets every model-driven path run end to end without a
// model (rag-eval --chat scripted). It says nothing about answer quality and must never be
// used to produce real answers.
import type { ChatModel, ChatRequest, ChatResponse, ChatStreamChunk, ToolCall } from '../contracts/chat-model.js';
import { RagError } from '../errors.js';
import { simulatedChatModel, simulatedResponse } from './simulated-response.js';

export interface SchemaFollowingChatModelOptions {
  id?: string;
}

type Schema = Record<string, unknown>;

/** Capitalised phrases of the last user message, then its longer words: material for strings. */
function phrasesOf(request: ChatRequest): string[] {
  const user = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const caps = user.match(/\b[A-Z][\w'-]+(?:\s+(?:of|the|de|von|and)?\s*[A-Z][\w'-]+)*/g) ?? [];
  const words = user.match(/\b[a-z]{5,}\b/g) ?? [];
  const out = [...new Set([...caps.filter((c) => c.length > 2), ...words])];
  return out.length > 0 ? out : ['unknown'];
}

/** A value valid under `schema` (the subset of JSON Schema zod emits), filled from `pick`. */
export function sampleFromSchema(schema: unknown, root: Schema, pick: () => string, depth = 0, variant = 0): unknown {
  if (schema === true || schema === undefined || schema === null || typeof schema !== 'object') return pick();
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const path = s.$ref.replace(/^#\/?/, '').split('/').filter(Boolean);
    let target: unknown = root;
    for (const p of path) target = (target as Schema | undefined)?.[p];
    return depth > 6 ? null : sampleFromSchema(target, root, pick, depth + 1, variant);
  }
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[variant % s.enum.length]; // varies per call: both branches of a verdict get exercised
  for (const key of ['anyOf', 'oneOf'] as const) {
    const alts = s[key];
    if (Array.isArray(alts) && alts.length > 0) {
      const nonNull = alts.find((a) => (a as Schema).type !== 'null') ?? alts[0];
      return sampleFromSchema(nonNull, root, pick, depth + 1, variant);
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return sampleFromSchema(s.allOf[0], root, pick, depth + 1, variant);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) out[k] = sampleFromSchema(v, root, pick, depth + 1, variant);
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      const max = typeof s.maxItems === 'number' ? s.maxItems : Math.max(min, 2);
      const n = depth > 4 ? min : Math.max(min, Math.min(max, 2));
      return Array.from({ length: n }, () => sampleFromSchema(s.items, root, pick, depth + 1, variant));
    }
    case 'number':
    case 'integer': {
      const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - (type === 'integer' ? 1 : 0.01) : lo + 1;
      const mid = (lo + hi) / 2;
      return type === 'integer' ? Math.ceil(mid) : mid;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      let v = pick();
      if (typeof s.maxLength === 'number') v = v.slice(0, s.maxLength);
      if (typeof s.minLength === 'number' && v.length < s.minLength) v = v.padEnd(s.minLength, '.');
      return v;
    }
  }
}

export function createSchemaFollowingChatModel(options: SchemaFollowingChatModelOptions = {}): ChatModel & { stream(request: ChatRequest): AsyncIterable<ChatStreamChunk> } {
  const id = options.id ?? 'schema-following-simulator';
  let calls = 0;
  const reply = async (request: ChatRequest): Promise<ChatResponse> => {
    if (request.signal?.aborted) throw new RagError('RAG_ABORTED', 'chat was aborted', { cause: request.signal.reason });
    const index = calls++;
    const phrases = phrasesOf(request);
    let n = index;
    const pick = () => phrases[n++ % phrases.length]!;
    let text = '';
    let toolCalls: ToolCall[] = [];
    const usedTool = request.messages.some((m) => m.role === 'tool');
    if (request.tools && request.tools.length > 0 && !usedTool) {
      const tool = request.tools[index % request.tools.length]!;
      toolCalls = [{ id: `sim_${index}`, name: tool.name, arguments: sampleFromSchema(tool.parameters, tool.parameters, pick, 0, index) }];
    } else if (request.jsonSchema) {
      text = JSON.stringify(sampleFromSchema(request.jsonSchema, request.jsonSchema, pick, 0, index));
    } else {
      text = phrases.slice(0, 1).join(' ');
    }
    return simulatedResponse(id, request, text, toolCalls);
  };
  return simulatedChatModel(id, reply);
}

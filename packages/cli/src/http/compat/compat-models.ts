// The methods of the store offered as chat "models" to OpenAI- and Ollama-compatible clients:
// each method is the model `rag:<method>` (in Ollama's terms, model "rag" with the method as its
// tag), so a client's model picker chooses how the question is answered.
import { RagError } from '@rag/core';
import type { RagService } from '../../service/rag-service.js';

export const MODEL_PREFIX = 'rag:';

export interface CompatModel {
  /** `rag:<method>` */
  id: string;
  method: string;
  kind: 'agent' | 'retriever';
  description: string;
}

export function compatModels(service: RagService): CompatModel[] {
  return service.info().methods.map((m) => ({ id: `${MODEL_PREFIX}${m.name}`, method: m.name, kind: m.kind === 'agent' ? 'agent' : 'retriever', description: m.description }));
}

/**
 * The method a model name asks for: `rag:<method>`, the bare method name, or `rag` /
 * `rag:latest` (what Ollama clients send for an untagged "rag") for the store's default method.
 */
export function methodOfModel(service: RagService, model: string): string {
  const name = model.trim();
  if (name === 'rag' || name === `${MODEL_PREFIX}latest`) return service.stack.defaultMethod;
  const method = name.startsWith(MODEL_PREFIX) ? name.slice(MODEL_PREFIX.length) : name;
  if (service.stack.methods.has(method)) return method;
  const known = compatModels(service).map((m) => m.id);
  throw new RagError('RAG_NOT_FOUND', `model: unknown model ${JSON.stringify(model)} (known: ${known.join(', ')})`, { details: { input: 'model', model } });
}

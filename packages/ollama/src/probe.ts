// A start-up check for apps: is the server there, and are the models pulled? Uses /api/tags
// (the `ollama list` endpoint), so it costs no model load.
import { RagError } from '@rag/core';
import { z } from 'zod';
import { createOllamaConnection, type OllamaConnectionOptions } from './connection.js';

const TagsSchema = z.looseObject({
  models: z.array(z.looseObject({ name: z.string().optional(), model: z.string().optional() })).nullish(),
});

export interface OllamaProbeResult {
  host: string;
  /** Model tags the server has, as `ollama list` prints them. */
  available: string[];
}

/** "nomic-embed-text" and "nomic-embed-text:latest" name the same model. */
function withTag(name: string): string {
  const last = name.slice(name.lastIndexOf('/') + 1);
  return last.includes(':') ? name : `${name}:latest`;
}

/**
 * Lists the server's models and throws RAG_MODEL_NOT_FOUND (with the `ollama pull` commands)
 * when any of `models` is missing, RAG_SERVICE_UNAVAILABLE when the server is unreachable.
 */
export async function probeOllama(options: OllamaConnectionOptions & { models: string[]; signal?: AbortSignal }): Promise<OllamaProbeResult> {
  const connection = createOllamaConnection(options);
  const raw = await connection.call('list', options.models.join(', '), (client) => client.list(), options.signal);
  const parsed = TagsSchema.safeParse(raw);
  if (!parsed.success)
    throw new RagError('RAG_SERVICE_ERROR', `ollama at ${connection.host} answered /api/tags with a body that is not a model list`, {
      details: { host: connection.host },
    });
  const available = (parsed.data.models ?? []).map((m) => m.name ?? m.model ?? '').filter((n) => n !== '');
  const have = new Set(available.map(withTag));
  const missing = options.models.filter((m) => !have.has(withTag(m)));
  if (missing.length > 0)
    throw new RagError(
      'RAG_MODEL_NOT_FOUND',
      `ollama at ${connection.host} does not have ${missing.map((m) => `"${m}"`).join(', ')}: run ${missing.map((m) => `\`ollama pull ${m}\``).join(' and ')}`,
      { details: { host: connection.host, missing, pull: missing.map((m) => `ollama pull ${m}`), available } },
    );
  return { host: connection.host, available };
}

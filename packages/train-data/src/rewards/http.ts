// Shared fetch helper of the HTTP scorers and the teacher: JSON POST with a timeout, typed
// service errors, and zod validation of the reply (a server's body is untrusted input).
import { RagError } from '@rag/core';
import { z } from 'zod';

export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export async function postJson<S extends z.ZodType>(input: {
  url: string;
  body: unknown;
  schema: S;
  fetch?: FetchLike;
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  service: string;
}): Promise<z.output<S>> {
  const doFetch: FetchLike = input.fetch ?? ((u, i) => fetch(u, i));
  const timeout = AbortSignal.timeout(input.timeoutMs ?? 120_000);
  const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
  let res: Awaited<ReturnType<FetchLike>>;
  try {
    res = await doFetch(input.url, { method: 'POST', headers: { 'content-type': 'application/json', ...input.headers }, body: JSON.stringify(input.body), signal });
  } catch (cause) {
    if (input.signal?.aborted) throw new RagError('RAG_ABORTED', `${input.service}: request aborted`, { cause });
    if (timeout.aborted) throw new RagError('RAG_SERVICE_TIMEOUT', `${input.service}: no reply from ${input.url} within ${input.timeoutMs ?? 120_000} ms`, { cause, details: { url: input.url } });
    throw new RagError('RAG_SERVICE_UNAVAILABLE', `${input.service}: cannot reach ${input.url}`, { cause, details: { url: input.url } });
  }
  const text = await res.text();
  if (!res.ok)
    throw new RagError(res.status === 404 ? 'RAG_MODEL_NOT_FOUND' : 'RAG_SERVICE_ERROR', `${input.service}: HTTP ${res.status} from ${input.url}: ${text.slice(0, 300)}`, {
      details: { url: input.url, status: res.status },
    });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new RagError('RAG_SERVICE_ERROR', `${input.service}: reply from ${input.url} is not JSON`, { cause, details: { url: input.url, body: text.slice(0, 300) } });
  }
  const parsed = input.schema.safeParse(json);
  if (!parsed.success)
    throw new RagError('RAG_SERVICE_ERROR', `${input.service}: unexpected reply shape from ${input.url}: ${z.prettifyError(parsed.error).slice(0, 500)}`, {
      details: { url: input.url },
    });
  return parsed.data;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

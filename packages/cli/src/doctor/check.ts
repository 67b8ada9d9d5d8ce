// One line of `rag doctor`: what was checked, what was found, and what to do about it.
export interface DoctorCheck {
  service: 'ollama' | 'openai' | 'qdrant' | 'config';
  name: string;
  status: 'ok' | 'warn' | 'fail' | 'skip';
  detail: string;
  /** What to do, when not ok. */
  fix?: string;
}

export type FetchLike = (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** The largest prompt the toolkit sends by default (answer prompt: 8 evidence chunks of ≈ 300 tokens, plus instructions), in tokens. */
export const PROMPT_TOKENS_NEEDED = 4096;

export async function getJson(fetchFn: FetchLike, url: string, init: Parameters<FetchLike>[1] = {}, timeoutMs = 10_000): Promise<{ status: number; body: unknown }> {
  const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

export function describeError(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; errors?: { code?: string }[] } };
  const code = e?.cause?.code ?? e?.cause?.errors?.[0]?.code;
  return code ? `${e?.message ?? 'failed'} (${code})` : (e?.message ?? String(error));
}

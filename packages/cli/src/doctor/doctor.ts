// `rag doctor`: checks the services configured in the environment (OLLAMA_HOST,
// OPENAI_BASE_URL / OPENAI_API_KEY, QDRANT_URL) and prints what to fix. Exit code 1 when a
// check fails. With no service configured it says so: the embedded mode needs nothing.
import type { DoctorCheck, FetchLike } from './check.js';
import { checkOllama } from './ollama-checks.js';
import { checkOpenAI } from './openai-checks.js';
import { checkQdrant } from './qdrant-checks.js';

export type { DoctorCheck, FetchLike } from './check.js';

export async function runDoctor(env: Record<string, string | undefined>, fetchFn: FetchLike = fetch as unknown as FetchLike): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  let dims: number | undefined;
  const dimOf = (cs: DoctorCheck[]) => {
    const d = cs.find((c) => c.name === 'embedding dimension' && c.status === 'ok')?.detail.match(/(\d+)$/)?.[1];
    return d ? Number(d) : undefined;
  };
  if (env.OLLAMA_HOST) {
    const cs = await checkOllama({ host: env.OLLAMA_HOST, chatModel: env.OLLAMA_CHAT_MODEL || 'qwen2.5:3b-instruct', embedModel: env.OLLAMA_EMBED_MODEL || 'nomic-embed-text', fetch: fetchFn });
    checks.push(...cs);
    dims = dimOf(cs);
  }
  if (env.OPENAI_BASE_URL || env.OPENAI_API_KEY) {
    const cs = await checkOpenAI({
      baseURL: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
      ...(env.OPENAI_API_KEY ? { apiKey: env.OPENAI_API_KEY } : {}),
      chatModel: env.OPENAI_CHAT_MODEL || 'gpt-4o-mini',
      embedModel: env.OPENAI_EMBED_MODEL || 'text-embedding-3-small',
      fetch: fetchFn,
    });
    if (env.OLLAMA_HOST) checks.push({ service: 'config', name: 'provider', status: 'warn', detail: 'OLLAMA_HOST and OPENAI_BASE_URL are both set: Ollama is used', fix: 'unset one of them' });
    checks.push(...cs);
    dims ??= dimOf(cs);
  }
  if (env.QDRANT_URL)
    checks.push(...(await checkQdrant({ url: env.QDRANT_URL, ...(env.QDRANT_API_KEY ? { apiKey: env.QDRANT_API_KEY } : {}), collection: env.QDRANT_COLLECTION || 'rag', ...(dims !== undefined ? { embeddingDimension: dims } : {}), fetch: fetchFn })));
  if (checks.length === 0) checks.push({ service: 'config', name: 'services', status: 'skip', detail: 'no service configured (OLLAMA_HOST, OPENAI_BASE_URL, QDRANT_URL): embedded mode needs nothing' });
  return checks;
}

const MARK = { ok: '✓', warn: '!', fail: '✗', skip: '-' } as const;

export function formatDoctor(checks: DoctorCheck[]): string {
  return checks.map((c) => `${MARK[c.status]} ${c.service.padEnd(7)} ${c.name.padEnd(20)} ${c.detail}${c.fix && c.status !== 'ok' ? `\n  → ${c.fix}` : ''}`).join('\n') + '\n';
}

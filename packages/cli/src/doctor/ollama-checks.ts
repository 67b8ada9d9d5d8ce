// `rag doctor` for Ollama: reachable and version (/api/version), models pulled (/api/tags),
// chat model capabilities and context length (/api/show), embedding dimension (/api/embed),
// structured-output support (JSON-schema `format` needs Ollama ≥ 0.5.0).
import { z } from 'zod';
import { describeError, getJson, PROMPT_TOKENS_NEEDED, type DoctorCheck, type FetchLike } from './check.js';

const Version = z.object({ version: z.string() });
const Tags = z.object({ models: z.array(z.object({ name: z.string() })).nullish() });
const Show = z.looseObject({ capabilities: z.array(z.string()).nullish(), model_info: z.record(z.string(), z.unknown()).nullish() });
const Embed = z.object({ embeddings: z.array(z.array(z.number())) });

const withTag = (n: string) => (n.slice(n.lastIndexOf('/') + 1).includes(':') ? n : `${n}:latest`);
const atLeast = (v: string, min: [number, number, number]) => {
  const p = v.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < 3; i++) if ((p[i] ?? 0) !== min[i]) return (p[i] ?? 0) > min[i]!;
  return true;
};

export async function checkOllama(input: { host: string; chatModel: string; embedModel: string; fetch: FetchLike }): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const host = input.host.replace(/\/+$/, '');
  const add = (c: Omit<DoctorCheck, 'service'>) => out.push({ service: 'ollama', ...c });
  let version: string;
  try {
    const r = await getJson(input.fetch, `${host}/api/version`);
    version = Version.parse(r.body).version;
    add({ name: 'reachable', status: 'ok', detail: `${host}, Ollama ${version}` });
  } catch (error) {
    add({ name: 'reachable', status: 'fail', detail: `${host}: ${describeError(error)}`, fix: 'start it (`ollama serve` or `docker compose up -d ollama`) or fix OLLAMA_HOST' });
    return out;
  }
  add(
    atLeast(version, [0, 5, 0])
      ? { name: 'structured output', status: 'ok', detail: `JSON-schema \`format\` is supported by Ollama ${version}` }
      : { name: 'structured output', status: 'fail', detail: `Ollama ${version} predates JSON-schema \`format\` (0.5.0)`, fix: 'upgrade Ollama to 0.5.0 or later' },
  );
  try {
    const tags = Tags.parse((await getJson(input.fetch, `${host}/api/tags`)).body);
    const have = new Set((tags.models ?? []).map((m) => withTag(m.name)));
    for (const [role, m] of [['chat model', input.chatModel], ['embedding model', input.embedModel]] as const)
      add(have.has(withTag(m)) ? { name: role, status: 'ok', detail: `${m} is pulled` } : { name: role, status: 'fail', detail: `${m} is not on the server`, fix: `ollama pull ${m}` });
  } catch (error) {
    add({ name: 'models', status: 'fail', detail: `/api/tags: ${describeError(error)}`, fix: 'check the server log' });
  }
  try {
    const r = await getJson(input.fetch, `${host}/api/show`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: input.chatModel }) });
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    const show = Show.parse(r.body);
    const caps = show.capabilities ?? [];
    add(caps.includes('tools') ? { name: 'tool calling', status: 'ok', detail: `${input.chatModel} has the tools capability` } : { name: 'tool calling', status: 'warn', detail: `${input.chatModel} lacks the tools capability (capabilities: ${caps.join(', ') || 'none listed'}); the A-RAG agent falls back to its scripted policy`, fix: 'choose a model with tools (qwen2.5:3b-instruct, llama3.2:3b) via OLLAMA_CHAT_MODEL' });
    const ctxKey = Object.keys(show.model_info ?? {}).find((k) => k.endsWith('.context_length'));
    const ctx = ctxKey ? Number(show.model_info![ctxKey]) : undefined;
    if (ctx === undefined || !Number.isFinite(ctx)) add({ name: 'context length', status: 'warn', detail: 'the server did not report a context length', fix: `make sure the model takes ≥ ${PROMPT_TOKENS_NEEDED} tokens` });
    else add(ctx >= PROMPT_TOKENS_NEEDED ? { name: 'context length', status: 'ok', detail: `${ctx} tokens ≥ ${PROMPT_TOKENS_NEEDED} needed by the largest default prompt` } : { name: 'context length', status: 'fail', detail: `${ctx} tokens < ${PROMPT_TOKENS_NEEDED} needed`, fix: 'choose a model with a longer context' });
  } catch (error) {
    add({ name: 'chat model details', status: 'fail', detail: `/api/show ${input.chatModel}: ${describeError(error)}`, fix: `ollama pull ${input.chatModel}` });
  }
  try {
    const r = await getJson(input.fetch, `${host}/api/embed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: input.embedModel, input: ['rag doctor'] }) }, 60_000);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    const dims = Embed.parse(r.body).embeddings[0]?.length ?? 0;
    add(dims > 0 ? { name: 'embedding dimension', status: 'ok', detail: `${input.embedModel}: ${dims}` } : { name: 'embedding dimension', status: 'fail', detail: `${input.embedModel} returned an empty vector`, fix: 'choose an embedding model (nomic-embed-text)' });
  } catch (error) {
    add({ name: 'embedding dimension', status: 'fail', detail: `/api/embed ${input.embedModel}: ${describeError(error)}`, fix: `ollama pull ${input.embedModel}; is it an embedding model?` });
  }
  return out;
}

// `rag doctor` for an OpenAI-compatible server: reachable and models listed (GET /models),
// embedding dimension (POST /embeddings), structured output (one small chat completion with
// response_format json_schema — the only check that costs a model call), context length when
// the server reports it (vLLM's `max_model_len`); the OpenAI API itself does not report it.
import { z } from 'zod';
import { describeError, getJson, PROMPT_TOKENS_NEEDED, type DoctorCheck, type FetchLike } from './check.js';

const Models = z.object({ data: z.array(z.looseObject({ id: z.string(), max_model_len: z.number().optional() })) });
const Embeddings = z.object({ data: z.array(z.object({ embedding: z.array(z.number()) })) });
const Completion = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1) });

export async function checkOpenAI(input: { baseURL: string; apiKey?: string; chatModel: string; embedModel: string; fetch: FetchLike }): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const base = input.baseURL.replace(/\/+$/, '');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${input.apiKey ?? 'not-needed'}` };
  const add = (c: Omit<DoctorCheck, 'service'>) => out.push({ service: 'openai', ...c });
  let models: z.infer<typeof Models>['data'];
  try {
    const r = await getJson(input.fetch, `${base}/models`, { headers });
    if (r.status === 401 || r.status === 403) {
      add({ name: 'reachable', status: 'fail', detail: `${base}: HTTP ${r.status}`, fix: 'set OPENAI_API_KEY' });
      return out;
    }
    models = Models.parse(r.body).data;
    add({ name: 'reachable', status: 'ok', detail: `${base}, ${models.length} model(s) listed` });
  } catch (error) {
    add({ name: 'reachable', status: 'fail', detail: `${base}: ${describeError(error)}`, fix: 'start the server or fix OPENAI_BASE_URL (it ends in /v1)' });
    return out;
  }
  const ids = new Set(models.map((m) => m.id));
  for (const [role, m] of [['chat model', input.chatModel], ['embedding model', input.embedModel]] as const)
    add(ids.has(m) ? { name: role, status: 'ok', detail: `${m} is served` } : { name: role, status: 'fail', detail: `${m} is not in GET /models (${[...ids].slice(0, 5).join(', ')})`, fix: `set OPENAI_${role === 'chat model' ? 'CHAT' : 'EMBED'}_MODEL to a served model` });
  const len = models.find((m) => m.id === input.chatModel)?.max_model_len;
  if (len === undefined) add({ name: 'context length', status: 'skip', detail: 'not reported by this server', fix: `make sure ${input.chatModel} takes ≥ ${PROMPT_TOKENS_NEEDED} tokens` });
  else add(len >= PROMPT_TOKENS_NEEDED ? { name: 'context length', status: 'ok', detail: `${len} tokens ≥ ${PROMPT_TOKENS_NEEDED}` } : { name: 'context length', status: 'fail', detail: `${len} tokens < ${PROMPT_TOKENS_NEEDED}`, fix: 'start the server with a longer --max-model-len' });
  try {
    const r = await getJson(input.fetch, `${base}/embeddings`, { method: 'POST', headers, body: JSON.stringify({ model: input.embedModel, input: ['rag doctor'], encoding_format: 'float' }) }, 60_000);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    const dims = Embeddings.parse(r.body).data[0]?.embedding.length ?? 0;
    add({ name: 'embedding dimension', status: dims > 0 ? 'ok' : 'fail', detail: `${input.embedModel}: ${dims}` });
  } catch (error) {
    add({ name: 'embedding dimension', status: 'fail', detail: `/embeddings ${input.embedModel}: ${describeError(error)}`, fix: 'serve an embedding model and name it in OPENAI_EMBED_MODEL' });
  }
  try {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    const body = { model: input.chatModel, messages: [{ role: 'user', content: 'Reply with {"ok": true}.' }], response_format: { type: 'json_schema', json_schema: { name: 'reply', schema, strict: false } }, max_tokens: 20, temperature: 0 };
    const r = await getJson(input.fetch, `${base}/chat/completions`, { method: 'POST', headers, body: JSON.stringify(body) }, 120_000);
    if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
    const text = Completion.parse(r.body).choices[0]!.message.content ?? '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    add(
      parsed && typeof parsed === 'object'
        ? { name: 'structured output', status: 'ok', detail: 'response_format json_schema returned JSON' }
        : { name: 'structured output', status: 'warn', detail: `response_format json_schema returned non-JSON (${JSON.stringify(text.slice(0, 60))}); replies will be repaired or fall back`, fix: 'enable guided decoding on the server (vLLM: --guided-decoding-backend)' },
    );
  } catch (error) {
    add({ name: 'structured output', status: 'fail', detail: `/chat/completions with response_format: ${describeError(error)}`, fix: 'the server must accept response_format json_schema' });
  }
  return out;
}

// TEST DOUBLE: a local HTTP server speaking the wire formats of vLLM's /v1/completions (echo +
// logprobs) and Ollama's /api/generate (logprobs of generated tokens). Its "language model" is a
// fixed rule so tests can predict scores: a word seen earlier in the text costs −1 nat, one that
// appears in the "Knowledge graph:" block costs −0.2, an unseen word −4; the first token has no
// log-probability (null), as in vLLM.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeServer {
  url: string;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const words = (text: string) => text.match(/\s*\S+/g) ?? [];
const bare = (t: string) => t.trim().toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function graphBlock(text: string): Set<string> {
  const m = /Knowledge graph:\n([\s\S]*?)\n\n/.exec(text);
  return new Set((m?.[1] ?? '').split(/\s+/).map(bare).filter(Boolean));
}

export function tokenLogprob(prefix: string, token: string): number {
  const w = bare(token);
  if (graphBlock(prefix).has(w)) return -0.2;
  if (words(prefix).some((t) => bare(t) === w)) return -1;
  return -4;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let s = '';
  for await (const c of req) s += String(c);
  return JSON.parse(s) as Record<string, unknown>;
}

export async function startFakeLogprobServer(options: { omitOllamaLogprobs?: boolean; status?: number } = {}): Promise<FakeServer> {
  const requests: FakeServer['requests'] = [];
  const server: Server = createServer(async (req, res) => {
    const b = await body(req);
    requests.push({ path: req.url ?? '', body: b });
    res.setHeader('content-type', 'application/json');
    if (options.status) {
      res.statusCode = options.status;
      return res.end(JSON.stringify({ error: 'boom' }));
    }
    if (req.url === '/v1/completions') {
      const prompt = String(b.prompt);
      const toks = [...words(prompt), ' the'];
      let offset = 0;
      const text_offset: number[] = [];
      const token_logprobs: (number | null)[] = [];
      for (const [i, t] of toks.entries()) {
        text_offset.push(offset);
        token_logprobs.push(i === 0 ? null : tokenLogprob(toks.slice(0, i).join(''), t));
        offset += t.length;
      }
      return res.end(JSON.stringify({ id: 'cmpl-1', object: 'text_completion', model: b.model, choices: [{ index: 0, text: toks.join(''), logprobs: { tokens: toks, token_logprobs, text_offset, top_logprobs: null }, finish_reason: 'length' }], usage: { prompt_tokens: toks.length - 1, completion_tokens: 1, total_tokens: toks.length } }));
    }
    if (req.url === '/api/generate') {
      const prompt = String(b.prompt);
      const vocab = [...new Set(words(prompt).map((t) => ` ${t.trim()}`))];
      const scored = vocab.map((token) => ({ token, logprob: tokenLogprob(prompt, token) })).sort((x, y) => y.logprob - x.logprob);
      const top = scored.slice(0, Number(b.top_logprobs ?? 5));
      const first = top[0] ?? { token: ' the', logprob: -4 };
      return res.end(JSON.stringify({ model: b.model, created_at: new Date().toISOString(), response: first.token, done: true, done_reason: 'length', prompt_eval_count: words(prompt).length, ...(options.omitOllamaLogprobs ? {} : { logprobs: [{ ...first, top_logprobs: top }] }) }));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: 'not found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

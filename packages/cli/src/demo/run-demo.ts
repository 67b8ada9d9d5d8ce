// `pnpm demo`: index the bundled HotpotQA sample (reused while unchanged), answer its sample
// questions and print, for each, the answer or evidence, citations, stage, retries and cost.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, rm, mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { DocInputSchema, RagError, writeFileAtomic } from '@rag/core';
import { z } from 'zod';
import { formatAskResult } from '../commands/format.js';
import { createStageProgress } from '../commands/progress.js';
import type { CliIo } from '../commands/rag-cli.js';
import type { StoreBackend } from '../commands/store-backend.js';
import type { RagStack } from '../types.js';

const QuestionSchema = z.object({ id: z.string(), question: z.string().min(1), answers: z.array(z.string()), supporting_ids: z.array(z.string()), type: z.string().optional() });
export type SampleQuestion = z.infer<typeof QuestionSchema>;

import { DEMO_MARKER, DEMO_QUESTIONS } from './demo-files.js';
export { DEMO_MARKER, DEMO_QUESTIONS };

export interface DemoOptions {
  dataDir: string;
  storeDir: string;
  backend: StoreBackend & { build(dir: string): Promise<RagStack> };
  io: CliIo;
  /** Method to answer with (default: the stack default). */
  method?: string;
  /** Answer only the first n questions. */
  limit?: number;
  /** Identity of the embedder/vector backend; a change rebuilds the store. */
  configKey?: string;
}

async function readJsonl<T>(file: string, schema: z.ZodType<T>): Promise<T[]> {
  const text = await readFile(file, 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      const r = schema.safeParse(JSON.parse(l));
      if (!r.success) throw new RagError('RAG_INVALID_INPUT', `${file} line ${i + 1}: ${r.error.issues[0]?.message}`);
      return r.data;
    });
}

export async function loadSample(dataDir: string) {
  const corpusFile = join(dataDir, 'corpus.jsonl');
  const [corpus, questions, raw] = await Promise.all([
    readJsonl(corpusFile, DocInputSchema),
    readJsonl(join(dataDir, 'questions.jsonl'), QuestionSchema),
    readFile(corpusFile),
  ]);
  return { corpus, questions, hash: createHash('sha256').update(raw).digest('hex') };
}

/** Opens the demo store when it was built from this exact corpus, otherwise (re)builds it. */
async function openOrBuild(o: DemoOptions, corpus: z.infer<typeof DocInputSchema>[], hash: string, questions: readonly SampleQuestion[]): Promise<{ stack: RagStack; reused: boolean }> {
  const out = (s: string) => o.io.stdout.write(`${s}\n`);
  const marker = join(o.storeDir, DEMO_MARKER);
  if (existsSync(marker) && (await readFile(marker, 'utf8')).trim() === hash) {
    try {
      return { stack: await o.backend.open(o.storeDir), reused: true };
    } catch (e) {
      out(`  (the saved demo store could not be opened: ${(e as Error).message}; rebuilding)`);
    }
  }
  if (existsSync(o.storeDir) && readdirSync(o.storeDir).length > 0 && !existsSync(marker))
    throw new RagError('RAG_CONFLICT', `--store ${o.storeDir}: exists and is not a demo store; pick another directory`);
  // a rebuild replaces the store: not while another process (e.g. `rag serve`) writes it
  await o.backend.lockForWriting?.(o.storeDir);
  await rm(o.storeDir, { recursive: true, force: true });
  await mkdir(o.storeDir, { recursive: true });
  const stack = await o.backend.build(o.storeDir);
  const progress = createStageProgress(o.io.stderr);
  const t0 = performance.now();
  const summary = await stack.ingest(corpus, { onProgress: progress.update }).finally(() => progress.stop());
  await stack.save();
  await writeFileAtomic(join(o.storeDir, DEMO_QUESTIONS), JSON.stringify(questions.map((q) => q.question)));
  await writeFileAtomic(marker, `${hash}\n`);
  out(`  indexed ${summary.added} passages → ${summary.chunks} chunks, ${summary.nodes} entities, ${summary.edges} relations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { stack, reused: false };
}

const words = (s: string) => ` ${(s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;
/** Whole-word containment either way ("Columbus" ~ "Columbus, Ohio"); "no" never matches inside "Johnson". */
function matchesGold(answer: string, gold: string[]): boolean {
  const a = words(answer);
  if (a.trim() === '') return false;
  return gold.some((g) => {
    const b = words(g);
    return b.trim() !== '' && (a.includes(b) || b.includes(a));
  });
}

export async function runDemo(o: DemoOptions): Promise<void> {
  const out = (s = '') => o.io.stdout.write(`${s}\n`);
  const { corpus, questions, hash } = await loadSample(o.dataDir);
  const rel = relative(o.io.cwd, o.storeDir);
  const shownStore = rel === '' ? '.' : rel.startsWith('..') ? o.storeDir : rel;
  out(`rag demo — ${corpus.length} HotpotQA passages (CC BY-SA 4.0, see ATTRIBUTION.md beside the corpus)`);
  out(`Store: ${shownStore}`);
  const key = createHash('sha256').update(`${hash}\n${o.configKey ?? ''}`).digest('hex');
  const { stack, reused } = await openOrBuild(o, corpus, key, questions);
  if (reused) out('  reusing the saved index (the corpus is unchanged)');
  out(`Mode: ${stack.mode}`);
  const { createRagService } = await import('../service/rag-service.js'); // on use: keeps `rag --help` light
  const service = createRagService({ stack });
  const method = o.method ?? stack.defaultMethod;
  const runner = stack.methods.get(method);
  out(`Method: ${method}${runner ? ` — ${runner.description}` : ''}`);
  out();
  const qs = questions.slice(0, o.limit ?? questions.length);
  let goldInTop = 0;
  let matched = 0;
  let verified = 0;
  let verifiedCorrect = 0;
  let unsure = 0;
  for (const [i, q] of qs.entries()) {
    const r = await service.ask({ question: q.question, method, k: 5 });
    out(`${i + 1}. ${q.question}`);
    out(formatAskResult(r, { gold: q.answers }));
    const cited = new Set(r.citations.map((c) => c.docId));
    const found = q.supporting_ids.filter((id) => cited.has(id)).length;
    goldInTop += found;
    const correct = matchesGold(r.answer ?? '', q.answers);
    if (r.verification?.status === 'verified') {
      verified++;
      if (correct) verifiedCorrect++;
    } else if (r.verification?.status === 'unsure') unsure++;
    if (correct) matched++;
    out(`  Gold passages cited: ${found}/${q.supporting_ids.length}`);
    out();
  }
  const goldTotal = qs.reduce((s, q) => s + q.supporting_ids.length, 0);
  out(`Cited ${goldInTop} of ${goldTotal} gold passages across ${qs.length} questions (method ${method}).`);
  if (runner?.kind === 'agent') {
    out(
      `${verified} of ${qs.length} answers verified (${verifiedCorrect} of them match the gold answer), ${unsure} unsure; ${matched} of ${qs.length} match the gold answer in all (whole-word containment either way).`,
    );
    if (!stack.mode.includes('ollama'))
      out('  Embedded mode answers extractively with heuristic strategies (no model): expect cited spans, not fluent answers; "unsure" means a check could not establish the answer.');
    const pending = service.listProposals('pending').length;
    out(`HITL review queue: ${pending} pending triple proposal(s) (approve or reject them in the web UI's Curate tab).`);
  }
  out();
  out('Next:');
  out(`  Web UI:     pnpm rag serve --store ${shownStore}    then open http://127.0.0.1:8787`);
  out(`  Ask:        pnpm rag ask "Who is older, Sid Haig or Vic Darchinyan?" --store ${shownStore}`);
  out(`              (add --method arag | tadarag | ircot | hybrid | bm25 …; \`pnpm rag methods --store ${shownStore}\` lists them)`);
  out(`  MCP:        pnpm rag mcp --store ${shownStore}`);
  out('  Services:   OLLAMA_HOST=http://127.0.0.1:11434 QDRANT_URL=http://127.0.0.1:6333 pnpm demo');
  out('              (Ollama for chat + embeddings, Qdrant for vectors; see docs/services.md)');
}

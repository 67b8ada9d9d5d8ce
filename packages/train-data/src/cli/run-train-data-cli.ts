// The `rag-train-data` command line: sft, rewards, questions and review subcommands. Services
// are injected (`deps`) so the demo app can wire its Ollama ChatModel, and tests the scripted
// one; without injection the teacher is any OpenAI-compatible server (--teacher-url, or
// OLLAMA_HOST/v1) and the scorer a vLLM-style completions server or Ollama. When no teacher or
// scorer is configured the command says so and exits non-zero without producing anything.
import { join } from 'node:path';
import { RagError, type ChatModel } from '@rag/core';
import type { Indexer } from '@rag/indexer';
import { openIndex } from '@rag/indexer';
import { createBm25Retriever } from '@rag/retrievers';
import type { TripleCheck } from '@rag/verify';
import { Command, CommanderError, Option } from 'commander';
import { writeDataset } from '../dataset/dataset-files.js';
import { writeJsonl } from '../io/jsonl.js';
import { corpusOf, generateQuestions } from '../questions/generate-questions.js';
import { generatePathQuestions } from '../questions/path-questions.js';
import { NO_SCORER_MESSAGE, generateRewardData } from '../rewards/generate-rewards.js';
import { writeRewardDataset } from '../rewards/export-rewards.js';
import type { LikelihoodScorer } from '../rewards/likelihood-scorer.js';
import { createOllamaScorer } from '../rewards/ollama-scorer.js';
import { createOpenAiCompletionsScorer } from '../rewards/openai-completions-scorer.js';
import { openReviewQueue, type ReviewStatus } from '../review/review-queue.js';
import { writeSftDataset } from '../sft/export-sft.js';
import { generateSftData } from '../sft/generate-sft.js';
import { buildInstructions } from '../sft/instructions.js';
import { createOpenAiChatModel } from '../teacher/openai-chat-model.js';
import { loadCorpusInput } from './corpus-index.js';

export interface TrainDataCliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
}

export interface TrainDataCliDeps {
  /** The teacher (or a factory given --teacher-model); overrides --teacher-url / OLLAMA_HOST. */
  teacher?: ChatModel | ((input: { model?: string }) => ChatModel | undefined);
  /** Overrides --scorer-url / --scorer ollama. */
  scorer?: LikelihoodScorer;
  /** Opens --store directories (default @rag/indexer's openIndex with the embedded embedder). */
  openStore?: (dir: string) => Promise<Indexer>;
  tripleCheck?: TripleCheck;
}

export const NO_TEACHER_MESSAGE =
  'no teacher model configured: pass --teacher-url URL --teacher-model NAME (any OpenAI-compatible /v1 server), ' +
  'or set OLLAMA_HOST and pass --teacher-model NAME';

class UsageError extends Error {}

const int = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--${name}: expected a non-negative integer, got "${v}"`);
  return n;
};
const num = (name: string) => (v: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new UsageError(`--${name}: expected a non-negative number, got "${v}"`);
  return n;
};

function parseRatio(v: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of v.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [d, w] = part.split('=');
    const n = Number(w);
    if (!d || !Number.isFinite(n) || n < 0) throw new UsageError(`--balance: expected domain=weight[,domain=weight…], got "${part}"`);
    out[d.trim()] = n;
  }
  return out;
}

interface CommonOpts {
  dataset?: string;
  corpus?: string;
  store?: string;
  questions?: string;
  out: string;
  teacherUrl?: string;
  teacherModel?: string;
  limit?: number;
}

/** Runs the CLI; resolves to the exit code (0 ok, 1 failed, 2 usage or missing teacher/scorer). */
export async function runTrainDataCli(argv: string[], io: TrainDataCliIo, deps: TrainDataCliDeps = {}): Promise<number> {
  const out = (s: string) => io.stdout.write(s.endsWith('\n') ? s : `${s}\n`);
  const err = (s: string) => io.stderr.write(s.endsWith('\n') ? s : `${s}\n`);
  let code = 0;

  const resolveTeacher = (o: { teacherUrl?: string; teacherModel?: string }): ChatModel | undefined => {
    if (deps.teacher) return typeof deps.teacher === 'function' ? deps.teacher({ ...(o.teacherModel ? { model: o.teacherModel } : {}) }) : deps.teacher;
    const apiKey = io.env.RAG_TEACHER_API_KEY;
    if (o.teacherUrl) {
      if (!o.teacherModel) throw new UsageError('--teacher-url needs --teacher-model NAME');
      return createOpenAiChatModel({ baseUrl: o.teacherUrl, model: o.teacherModel, ...(apiKey ? { apiKey } : {}) });
    }
    if (io.env.OLLAMA_HOST && o.teacherModel) {
      const host = /^https?:\/\//.test(io.env.OLLAMA_HOST) ? io.env.OLLAMA_HOST : `http://${io.env.OLLAMA_HOST}`;
      return createOpenAiChatModel({ baseUrl: `${host.replace(/\/+$/, '')}/v1`, model: o.teacherModel });
    }
    return undefined;
  };
  const resolveScorer = (o: { scorer?: string; scorerUrl?: string; scorerModel?: string }): LikelihoodScorer | undefined => {
    if (deps.scorer) return deps.scorer;
    if (o.scorerUrl) {
      if (!o.scorerModel) throw new UsageError('--scorer-url needs --scorer-model NAME');
      const apiKey = io.env.RAG_SCORER_API_KEY;
      return createOpenAiCompletionsScorer({ baseUrl: o.scorerUrl, model: o.scorerModel, ...(apiKey ? { apiKey } : {}) });
    }
    if (o.scorer === 'ollama') {
      if (!io.env.OLLAMA_HOST) throw new UsageError('--scorer ollama needs OLLAMA_HOST');
      if (!o.scorerModel) throw new UsageError('--scorer ollama needs --scorer-model NAME');
      return createOllamaScorer({ host: io.env.OLLAMA_HOST, model: o.scorerModel });
    }
    return undefined;
  };
  const missing = (message: string) => {
    err(`rag-train-data: ${message}`);
    code = 2;
  };
  const openStore = deps.openStore ?? ((dir: string) => openIndex(dir));
  /** I = {q, r, t}; with a model, t is routed by the LLM intent router over that model (one call per question). */
  const instructionsFor = async (o: CommonOpts & { k?: number }, model?: ChatModel) => {
    const input = await loadCorpusInput(o, openStore);
    let questions = input.questions;
    if (questions.length === 0) throw new RagError('RAG_INVALID_INPUT', 'no questions: the dataset has no questions.jsonl and --questions was not given (generate some with `rag-train-data questions`)', { details: { input: 'questions' } });
    if (o.limit !== undefined) questions = questions.slice(0, o.limit);
    const instructions = await buildInstructions({ questions, retriever: createBm25Retriever({ index: input.index }), index: input.index, k: o.k ?? 3, ...(model ? { model } : {}) });
    return { input, instructions };
  };

  const program = new Command('rag-train-data')
    .description('Training data for task-adaptive graph extraction (TAdaRAG), question generation and the HITL review queue.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });

  const corpusOptions = (c: Command) =>
    c
      .option('--dataset <dir>', 'dataset directory with corpus.jsonl (and questions.jsonl)')
      .option('--corpus <path>', 'documents to load (files or a directory)')
      .option('--store <dir>', 'an existing index directory')
      .requiredOption('--out <dir>', 'output directory')
      .option('--teacher-url <url>', 'OpenAI-compatible base URL of the teacher, e.g. http://localhost:8000/v1')
      .option('--teacher-model <name>', 'teacher model name');

  corpusOptions(program.command('sft').description('SFT pairs (instruction → typed graph) with quality gates, JSONL exports and a dataset card'))
    .option('--questions <file>', 'questions.jsonl to use instead of the dataset\'s')
    .option('--k <n>', 'passages per reference text', int('k'), 3)
    .option('--limit <n>', 'use only the first N questions', int('limit'))
    .option('--balance <ratio>', 'per-domain ratio, e.g. general=2,medical=1', parseRatio)
    .option('--license <text>', 'licence of the source corpus, for the dataset card', 'unknown')
    .option('--retries <n>', 'teacher retries after an invalid reply', int('retries'), 1)
    .option('--allow-other-relations', 'accept relation labels outside the template')
    .option('--no-fallback', 'reject an instruction whose teacher reply stays unusable instead of extracting its graph with the embedded extractor')
    .action(async (o: CommonOpts & { k: number; balance?: Record<string, number>; license: string; retries: number; allowOtherRelations?: boolean; fallback: boolean }) => {
      const teacher = resolveTeacher(o);
      if (!teacher) return missing(NO_TEACHER_MESSAGE);
      const { input, instructions } = await instructionsFor(o, teacher);
      const result = await generateSftData({
        teacher,
        instructions,
        retries: o.retries,
        ...(o.balance ? { balance: o.balance } : {}),
        ...(o.allowOtherRelations ? { allowOtherRelations: true } : {}),
        ...(o.fallback ? {} : { fallback: false as const }),
        onProgress: (p) => (p.done % 25 === 0 || p.done === p.total) && err(`sft: ${p.done}/${p.total} (kept ${p.kept}, rejected ${p.rejected}, fallbacks ${p.fallbacks})`),
      });
      const card = await writeSftDataset(o.out, result, { name: `sft-${input.source.split(/[\\/]/).filter(Boolean).pop() ?? 'corpus'}`, teacherId: teacher.id, corpus: input.source, license: o.license });
      out(`sft: kept ${card.counts.kept}, rejected ${card.counts.rejected} ${JSON.stringify(card.counts.rejectedByReason)}, fallbacks ${card.counts.fallbacks} (kept ${card.counts.bySource.fallback ?? 0}) → ${o.out}`);
      if (result.stopped) out(`sft: stopped early: ${result.stopped}`);
    });

  corpusOptions(program.command('rewards').description('stage-2 reward data: p candidate graphs per instruction, R = max(0, L_base − L_graph − R̄) (TAdaRAG eq. 7)'))
    .option('--questions <file>', 'questions.jsonl (with answers) to use instead of the dataset\'s')
    .option('--k <n>', 'passages per reference text', int('k'), 3)
    .option('--limit <n>', 'use only the first N questions', int('limit'))
    .option('--p <n>', 'candidate graphs per instruction', int('p'), 3)
    .option('--temperature <t>', 'sampling temperature T', num('temperature'), 0.6)
    .option('--scorer-url <url>', 'OpenAI-compatible completions server returning prompt logprobs (vLLM), e.g. http://localhost:8000/v1')
    .addOption(new Option('--scorer <kind>', 'use Ollama (OLLAMA_HOST) as the scorer').choices(['ollama']))
    .option('--scorer-model <name>', 'scorer model name')
    .action(async (o: CommonOpts & { k: number; p: number; temperature: number; scorer?: string; scorerUrl?: string; scorerModel?: string }) => {
      const scorer = resolveScorer(o);
      if (!scorer) return missing(`${NO_SCORER_MESSAGE}. Pass --scorer-url URL --scorer-model NAME (vLLM) or --scorer ollama --scorer-model NAME.`);
      const policy = resolveTeacher(o);
      if (!policy) return missing(`${NO_TEACHER_MESSAGE} (it samples the candidate graphs)`);
      const { instructions } = await instructionsFor(o, policy);
      const result = await generateRewardData({ instructions, policy, scorer, p: o.p, temperature: o.temperature });
      const n = await writeRewardDataset(o.out, result);
      out(`rewards: ${result.records.length} instructions scored, ${n.reinforce} REINFORCE rows, ${n.preference} preference pairs, ${result.skipped.length} skipped → ${o.out}`);
      if (result.stopped) out(`rewards: stopped early: ${result.stopped}`);
    });

  corpusOptions(program.command('questions').description('question–answer–evidence data for your corpus, in the rag-eval dataset shape'))
    .option('--single <n>', 'single-hop questions (teacher)', int('single'), 20)
    .option('--two-hop <n>', 'two-hop questions (teacher)', int('two-hop'), 20)
    .option('--embedded <n>', 'also add N template questions from graph paths (no model); with --no-teacher only these', int('embedded'))
    .option('--no-teacher', 'no model: only the embedded template questions')
    .option('--path-relations <list>', 'relations the template questions may use, comma-separated (default: any clean label)')
    .option('--seed <n>', 'sampling seed', int('seed'), 1)
    .action(async (o: CommonOpts & { single: number; twoHop: number; embedded?: number; teacher: boolean; seed: number; pathRelations?: string }) => {
      const teacher = o.teacher ? resolveTeacher(o) : undefined;
      if (o.teacher && !teacher) return missing(`${NO_TEACHER_MESSAGE} (or use --no-teacher --embedded N for template questions from graph paths)`);
      const input = await loadCorpusInput(o, openStore);
      const questions = [];
      let rejected = 0;
      if (teacher) {
        const r = await generateQuestions({ index: input.index, teacher, singleHop: o.single, twoHop: o.twoHop, seed: o.seed, ...(deps.tripleCheck ? { tripleCheck: deps.tripleCheck } : {}) });
        questions.push(...r.questions);
        rejected = r.rejected.length;
        if (r.rejected.length) await writeJsonl(join(o.out, 'questions.rejected.jsonl'), r.rejected);
        if (r.stopped) out(`questions: stopped early: ${r.stopped}`);
      }
      const embedded = o.embedded ?? (teacher ? 0 : 50);
      if (embedded > 0) questions.push(...generatePathQuestions({ index: input.index, max: embedded, seed: o.seed, ...(o.pathRelations ? { relations: o.pathRelations.split(',').map((r) => r.trim()).filter(Boolean) } : {}) }));
      await writeDataset(o.out, { corpus: corpusOf(input.index), questions });
      const byType = questions.reduce<Record<string, number>>((m, q) => ((m[q.type ?? 'unknown'] = (m[q.type ?? 'unknown'] ?? 0) + 1), m), {});
      out(`questions: ${questions.length} kept ${JSON.stringify(byType)}, ${rejected} rejected → ${o.out} (corpus.jsonl + questions.jsonl)`);
    });

  const review = program.command('review').description('HITL review queue of triples proposed from verified answers (A2RAG III-B 4)');
  const reviewer = (o: { reviewer?: string }) => {
    const who = o.reviewer ?? io.env.RAG_REVIEWER ?? io.env.USER;
    if (!who) throw new UsageError('--reviewer NAME is required (or set RAG_REVIEWER)');
    return who;
  };
  review
    .command('list')
    .requiredOption('--queue <dir>', 'queue directory')
    .addOption(new Option('--status <status>', 'only items with this status').choices(['pending', 'approved', 'rejected']))
    .option('--json', 'print JSON')
    .action(async (o: { queue: string; status?: ReviewStatus; json?: boolean }) => {
      const q = await openReviewQueue({ dir: o.queue });
      const items = q.list(o.status ? { status: o.status } : {});
      if (o.json) return void out(JSON.stringify(items, null, 2));
      if (items.length === 0) return void out('no review items');
      for (const i of items)
        out(`${i.id}\t${i.status}\t${i.triple.head} —${i.triple.relation}→ ${i.triple.tail}\tfrom: ${JSON.stringify(i.question)} → ${JSON.stringify(i.answer)}\tchunks: ${i.sourceChunkIds.join(',')}`);
    });
  review
    .command('approve <id>')
    .requiredOption('--queue <dir>', 'queue directory')
    .requiredOption('--store <dir>', 'index directory whose graph receives the triple')
    .option('--reviewer <name>', 'who approves (default RAG_REVIEWER or USER)')
    .option('--note <text>', 'note for the audit record')
    .action(async (id: string, o: { queue: string; store: string; reviewer?: string; note?: string }) => {
      const who = reviewer(o);
      const index = await openStore(o.store);
      const q = await openReviewQueue({ dir: o.queue });
      const item = await q.approve(id, { reviewer: who, graph: index.graph, persistGraph: () => index.save(), ...(o.note ? { note: o.note } : {}) });
      out(`approved ${item.id}: ${item.triple.head} —${item.triple.relation}→ ${item.triple.tail} (edge ${item.edgeId}) by ${who}`);
    });
  review
    .command('reject <id>')
    .requiredOption('--queue <dir>', 'queue directory')
    .option('--reviewer <name>', 'who rejects (default RAG_REVIEWER or USER)')
    .option('--reason <text>', 'why')
    .action(async (id: string, o: { queue: string; reviewer?: string; reason?: string }) => {
      const q = await openReviewQueue({ dir: o.queue });
      const item = await q.reject(id, { reviewer: reviewer(o), ...(o.reason ? { reason: o.reason } : {}) });
      out(`rejected ${item.id}`);
    });
  review
    .command('edit <id>')
    .requiredOption('--queue <dir>', 'queue directory')
    .option('--reviewer <name>', 'who edits (default RAG_REVIEWER or USER)')
    .option('--head <text>')
    .option('--relation <label>')
    .option('--tail <text>')
    .option('--head-type <type>')
    .option('--tail-type <type>')
    .action(async (id: string, o: { queue: string; reviewer?: string; head?: string; relation?: string; tail?: string; headType?: string; tailType?: string }) => {
      const q = await openReviewQueue({ dir: o.queue });
      const item = await q.edit(id, { reviewer: reviewer(o), changes: { head: o.head, relation: o.relation, tail: o.tail, headType: o.headType, tailType: o.tailType } });
      out(`edited ${item.id}: ${item.triple.head} —${item.triple.relation}→ ${item.triple.tail} (still pending)`);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof UsageError) {
      err(`rag-train-data: ${error.message}`);
      return 2;
    }
    if (RagError.isInstance(error)) {
      err(`rag-train-data: error [${error.code}]: ${error.message}`);
      return error.code === 'RAG_CONFIG' || error.code === 'RAG_INVALID_INPUT' ? 2 : 1;
    }
    err(`rag-train-data: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}


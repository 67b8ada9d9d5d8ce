// The `rag` command line: index, ask, delete, graph, compact, eval, serve, mcp. Errors are one line on
// stderr with exit code 1; `--debug` adds the stack trace.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { RagError } from '@rag/core';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RagService } from '../service/rag-service.js';
import type { RagStack } from '../types.js';
import { DEMO_MARKER, DEMO_QUESTIONS } from '../demo/demo-files.js';
import { compactStore } from './compact-command.js';
import { compactionHint } from './compaction-hint.js';
import { formatAskResult } from './format.js';
import { createStageProgress } from './progress.js';
import type { StoreBackend } from './store-backend.js';

export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

export interface RagCliDeps {
  backend: StoreBackend;
  /** `rag eval …`: delegates to @rag/eval's CLI with the remaining arguments. */
  runEval?: (argv: readonly string[], io: CliIo) => Promise<number>;
  /** Starts the HTTP server and resolves when it should stop (tests resolve it at once). */
  serve?: (service: RagService | undefined, options: ServeCliOptions, io: CliIo) => Promise<void>;
  /** Runs the MCP server on stdio until stdin closes. */
  mcpStdio?: (server: McpServer) => Promise<void>;
  /** `rag train-data …`: delegates to @rag/train-data's CLI with the remaining arguments. */
  runTrainData?: (argv: string[], io: CliIo) => Promise<number>;
}

/** What `rag serve` hands to the server: the address, the token (checked) and the load limits. */
export interface ServeCliOptions {
  port: number;
  host: string;
  token?: string;
  publicReads?: boolean;
  /** Ask worker threads (undefined: one per core; 0: asks on the main thread). */
  workers?: number;
  /** Asks that may wait for a worker before new ones get 503 (undefined: 16 per worker). */
  queue?: number;
  /** Asks not expected to be answered within this many milliseconds get 503 (undefined: 2,000). */
  maxWaitMs?: number;
  /** Several stores, each at /w/<name>/ with its own token (then the service argument is undefined). */
  workspaces?: { name: string; service: RagService; token: string; generated: boolean }[];
}

/** `NAME=VALUE` of a repeatable option, collected. */
const pairs = (flag: string) => (v: string, prev: [string, string][] = []) => {
  const i = v.indexOf('=');
  if (i <= 0 || i === v.length - 1) throw new InvalidArgumentError(`${flag} ${v}: expected NAME=VALUE`);
  return [...prev, [v.slice(0, i), v.slice(i + 1)] as [string, string]];
};

interface ServeFlags {
  store?: string;
  workspace?: [string, string][];
  workspaces?: string;
  workspaceToken?: [string, string][];
  port: number;
  host: string;
  token?: string | true;
  publicReads?: boolean;
  workers?: number;
  queue?: number;
  maxWaitMs?: number;
}

const int = (name: string, min: number, max: number) => (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}`);
  return n;
};

export async function serviceFor(stack: RagStack, options: { journalJobs?: boolean } = {}): Promise<RagService> {
  // Imported on use: the service pulls in the retrievers and agents, which `rag --help` never needs.
  const { createRagService } = await import('../service/rag-service.js');
  return createRagService({ stack, samples: await demoSamples(stack.dir), ...options });
}

/** A store built by `pnpm demo` offers its sample questions in the web UI. */
async function demoSamples(dir: string): Promise<string[]> {
  if (!existsSync(join(dir, DEMO_MARKER))) return [];
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(await readFile(join(dir, DEMO_QUESTIONS), 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export async function runRagCli(argv: readonly string[], io: CliIo, deps: RagCliDeps): Promise<number> {
  const debug = argv.includes('--debug');
  const out = (s: string) => io.stdout.write(s.endsWith('\n') ? s : `${s}\n`);
  const storeDir = (dir: string) => resolve(io.cwd, dir);
  /** Commands that write take the store's lock before anything else (one writer per store). */
  const lockForWriting = async (dir: string) => deps.backend.lockForWriting?.(storeDir(dir));
  /** Open a store to read from it, noting on stderr (never stdout: JSON and MCP stdio stay clean) when it needs `rag compact`. */
  const openForReading = async (dir: string): Promise<RagStack> => {
    const stack = await deps.backend.open(storeDir(dir));
    const hint = compactionHint(stack, dir);
    if (hint) io.stderr.write(`${hint}\n`);
    return stack;
  };

  const program = new Command('rag')
    .description('Index documents, ask questions with cited evidence, explore the graph, serve the web UI and MCP tools.')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .option('--debug', 'print stack traces on errors')
    .option('--config <file>', 'plugins (embedder, vector store, keyword index, chat model, extractor); default: rag.config.json or rag.config.mjs in the working directory')
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('index')
    .description('index files or directories (.txt, .md, .html, .pdf, .json, .jsonl) into a store')
    .argument('<paths...>', 'files or directories to index')
    .requiredOption('--store <dir>', 'store directory (created if missing)')
    .option('--max-llm-calls <n>', 'refuse to start when LLM extraction would need more calls than this', int('--max-llm-calls', 0, 10_000_000))
    .action(async (paths: string[], o: { store: string; maxLlmCalls?: number }) => {
      await lockForWriting(o.store);
      const loaded = await deps.backend.load(paths.map((p) => resolve(io.cwd, p)));
      for (const p of loaded.problems) io.stderr.write(`skipped ${p.path}: ${p.reason}\n`);
      if (loaded.docs.length === 0) throw new RagError('RAG_INVALID_INPUT', `paths: no readable documents in ${paths.join(', ')}`, { details: { input: 'paths' } });
      // every document checked before the store is opened or created (a refused run writes nothing)
      const { assertValidDocs } = await import('@rag/indexer');
      assertValidDocs(loaded.docs, (i) => JSON.stringify(loaded.docs[i]!.id));
      const pre = deps.backend.preflight(loaded.docs);
      out(`Preflight: ${loaded.docs.length} documents → ~${pre.chunks} chunks; extraction: ${pre.extractor}, ~${pre.llmCalls} LLM calls, ~${pre.tokensIn + pre.tokensOut} tokens`);
      if (o.maxLlmCalls !== undefined && pre.llmCalls > o.maxLlmCalls)
        throw new RagError('RAG_BUDGET_EXCEEDED', `--max-llm-calls ${o.maxLlmCalls}: extraction would need ~${pre.llmCalls} calls; nothing was indexed`);
      const stack = await deps.backend.openOrCreate(storeDir(o.store));
      const service = await serviceFor(stack);
      const progress = createStageProgress(io.stderr);
      const summary = await service.ingest(loaded.docs, progress.update, { batched: true }).finally(() => progress.stop());
      const info = service.info();
      out(
        `Indexed ${summary.added} new, ${summary.updated} changed, ${summary.unchanged} unchanged documents in ${(summary.ms / 1000).toFixed(1)} s.\n` +
          `Store ${stack.dir}: ${info.docs} documents, ${info.chunks} chunks, ${info.nodes} entities, ${info.edges} relations.`,
      );
    });

  program
    .command('ask')
    .description('answer a question from a store, with citations, stage, retries and cost')
    .argument('<question>', 'the question')
    .requiredOption('--store <dir>', 'store directory')
    .option('--method <name>', 'method name (see `rag methods --store DIR`)')
    .option('--k <n>', 'ranked chunks to return', int('--k', 1, 100), 10)
    .option('--json', 'print the full result (answer, citations, evidence, trace) as JSON')
    .action(async (question: string, o: { store: string; method?: string; k: number; json?: boolean }) => {
      const service = await serviceFor(await openForReading(o.store));
      const r = await service.ask({ question, k: o.k, ...(o.method ? { method: o.method } : {}) });
      out(o.json ? JSON.stringify(r, null, 2) : `Q: ${r.question}\n${formatAskResult(r)}`);
    });

  program
    .command('methods')
    .description('list the methods a store can be asked with')
    .requiredOption('--store <dir>', 'store directory')
    .action(async (o: { store: string }) => {
      const info = (await serviceFor(await deps.backend.open(storeDir(o.store)))).info();
      for (const m of info.methods) out(`${m.name === info.defaultMethod ? '*' : ' '} ${m.name.padEnd(14)} ${m.kind.padEnd(9)} ${m.description}`);
    });

  program
    .command('delete')
    .description('remove a document and the chunks, vectors and graph facts only it supported')
    .argument('<doc-id>', 'document id')
    .requiredOption('--store <dir>', 'store directory')
    .action(async (docId: string, o: { store: string }) => {
      await lockForWriting(o.store);
      const service = await serviceFor(await deps.backend.open(storeDir(o.store)));
      const r = await service.remove(docId);
      out(`Deleted ${docId} (${r.removedChunks} chunks).`);
    });

  program
    .command('graph')
    .description('export the knowledge graph')
    .requiredOption('--store <dir>', 'store directory')
    .addOption(new Option('--export <format>', 'export format').choices(['graphml', 'gexf']).default('graphml'))
    .option('--out <file>', 'write to a file instead of stdout')
    .action(async (o: { store: string; export: 'graphml' | 'gexf'; out?: string }) => {
      const service = await serviceFor(await deps.backend.open(storeDir(o.store)));
      const text = service.exportGraph(o.export);
      if (o.out) {
        await writeFile(resolve(io.cwd, o.out), text);
        const info = service.info();
        out(`Wrote ${info.nodes} nodes and ${info.edges} edges to ${o.out}.`);
      } else io.stdout.write(text);
    });

  program
    .command('compact')
    .description('fold the delta segments a store replays at open (left by an interrupted build) into new bases, so it opens faster')
    .requiredOption('--store <dir>', 'store directory')
    .action(async (o: { store: string }) => {
      await lockForWriting(o.store);
      await compactStore(await deps.backend.open(storeDir(o.store)), o.store, io);
    });

  program
    .command('eval')
    .description('measure methods on a QA dataset (same as rag-eval; run `rag eval --help`)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]')
    .action(async () => {
      if (!deps.runEval) throw new RagError('RAG_UNSUPPORTED', 'eval: @rag/eval is not available in this build');
      const i = argv.indexOf('eval');
      const code = await deps.runEval(argv.slice(i + 1).filter((a) => a !== '--debug'), io);
      if (code !== 0) throw new CommanderError(code, 'rag.eval', '');
    });

  program
    .command('train-data')
    .description('make fine-tuning data: SFT pairs, reward data, QA pairs, and the HITL review queue (run `rag train-data --help`)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[args...]')
    .action(async () => {
      if (!deps.runTrainData) throw new RagError('RAG_UNSUPPORTED', 'train-data: @rag/train-data is not available in this build');
      const i = argv.indexOf('train-data');
      const code = await deps.runTrainData(argv.slice(i + 1).filter((a) => a !== '--debug'), io);
      if (code !== 0) throw new CommanderError(code, 'rag.train-data', '');
    });

  program
    .command('serve')
    .description('serve the HTTP API, the web UI and MCP (Streamable HTTP at /mcp); or several stores as workspaces at /w/<name>/')
    .option('--store <dir>', 'store directory (one store: API at /api, MCP at /mcp)')
    .option('--workspace <name=dir>', 'serve this store at /w/<name>/ (API /w/<name>/api, MCP /w/<name>/mcp) with its own token; repeatable', pairs('--workspace'))
    .option('--workspaces <dir>', 'serve every store directly inside <dir> as a workspace named after its directory')
    .option('--workspace-token <name=token>', "a workspace's token (at least 32 characters); default: generated and printed once; repeatable", pairs('--workspace-token'))
    .option('--port <n>', 'port', int('--port', 0, 65535), 8787)
    .option('--host <host>', 'address to bind (beyond loopback needs --token)', '127.0.0.1')
    .option('--token [token]', `bearer token (at least 32 characters) for writes, and for reads unless --public-reads; without a value one is generated and printed once (default: $RAG_TOKEN)`)
    .option('--public-reads', 'with a token: reads (asks, documents, graph, MCP read tools) need no token')
    .option('--workers <n>', 'threads that answer asks (default: one per core; 0: on the main thread, no queue limit)', int('--workers', 0, 256))
    .option('--queue <n>', 'asks that may wait for a worker; beyond it asks get 503 with Retry-After (default: 16 per worker)', int('--queue', 0, 100_000))
    .option('--max-wait-ms <ms>', 'admit an ask only when it is expected to be answered within this time (from measured ask times); others get 503 with Retry-After (default: 2000)', int('--max-wait-ms', 1, 3_600_000))
    .action(async (o: ServeFlags) => {
      if (!deps.serve) throw new RagError('RAG_UNSUPPORTED', 'serve: not available in this build');
      const { checkToken, generateToken } = await import('../http/serve.js');
      if (o.workspace || o.workspaces) {
        if (o.store || o.token !== undefined) throw new RagError('RAG_CONFIG', '--workspace: each workspace has its own token (--workspace-token NAME=TOKEN); drop --store and --token');
        const workspaces = await openWorkspaces(o, generateToken, checkToken);
        for (const w of workspaces) if (w.generated) out(`rag serve: workspace ${w.name}: generated token (shown once, keep it): ${w.token}`);
        await deps.serve(undefined, { port: o.port, host: o.host, workspaces, ...(o.workers !== undefined ? { workers: o.workers } : {}), ...(o.queue !== undefined ? { queue: o.queue } : {}), ...(o.maxWaitMs !== undefined ? { maxWaitMs: o.maxWaitMs } : {}) }, io);
        return;
      }
      if (!o.store) throw new RagError('RAG_CONFIG', 'serve: give --store DIR (one store) or --workspace NAME=DIR (several)');
      if (o.workspaceToken) throw new RagError('RAG_CONFIG', '--workspace-token: only with --workspace or --workspaces');
      const token = o.token === true ? generateToken() : (o.token ?? io.env.RAG_TOKEN);
      if (token !== undefined) checkToken(token, o.token === undefined ? '$RAG_TOKEN' : '--token');
      if (o.publicReads && token === undefined) throw new RagError('RAG_CONFIG', '--public-reads: only means something with a token (without one, reads and writes are open to this machine)');
      await lockForWriting(o.store);
      // the server holds the writer lock: its upload jobs are journalled in the store and resumed after a restart
      const service = await serviceFor(await openForReading(o.store), { journalJobs: true });
      // Printed once, here: the server never shows it again.
      if (o.token === true) out(`rag serve: generated token (shown once, keep it): ${token}`);
      if (o.queue !== undefined && o.workers === 0) throw new RagError('RAG_CONFIG', '--queue: asks are queued only for workers; drop --queue or --workers 0');
      if (o.maxWaitMs !== undefined && o.workers === 0) throw new RagError('RAG_CONFIG', '--max-wait-ms: asks are admitted by the worker pool only; drop --max-wait-ms or --workers 0');
      await deps.serve(
        service,
        {
          port: o.port,
          host: o.host,
          ...(token ? { token } : {}),
          ...(o.publicReads ? { publicReads: true } : {}),
          ...(o.workers !== undefined ? { workers: o.workers } : {}),
          ...(o.queue !== undefined ? { queue: o.queue } : {}),
          ...(o.maxWaitMs !== undefined ? { maxWaitMs: o.maxWaitMs } : {}),
        },
        io,
      );
    });

  /** The workspaces `rag serve` was given, each store opened and its token checked or generated. */
  async function openWorkspaces(o: ServeFlags, generateToken: () => string, checkToken: (token: string, flag: string) => void): Promise<NonNullable<ServeCliOptions['workspaces']>> {
    const dirs = new Map<string, string>();
    if (o.workspaces) {
      const root = storeDir(o.workspaces);
      const { isStore } = await import('../stack/indexer-backend.js');
      const { readdir } = await import('node:fs/promises');
      const entries = await readdir(root, { withFileTypes: true }).catch(() => {
        throw new RagError('RAG_NOT_FOUND', `--workspaces ${o.workspaces}: not a directory`);
      });
      for (const e of entries) if (e.isDirectory() && isStore(join(root, e.name))) dirs.set(e.name, join(root, e.name));
      if (dirs.size === 0) throw new RagError('RAG_NOT_FOUND', `--workspaces ${o.workspaces}: no store directly inside (a store has a CURRENT file)`);
    }
    for (const [name, dir] of o.workspace ?? []) {
      if (dirs.has(name)) throw new RagError('RAG_CONFIG', `--workspace ${name}: named twice`);
      dirs.set(name, dir);
    }
    const tokens = new Map(o.workspaceToken ?? []);
    for (const [name, token] of tokens) {
      if (!dirs.has(name)) throw new RagError('RAG_CONFIG', `--workspace-token ${name}: no workspace of that name`);
      checkToken(token, `--workspace-token ${name}`);
    }
    const out: NonNullable<ServeCliOptions['workspaces']> = [];
    for (const [name, dir] of dirs) {
      const given = tokens.get(name);
      await lockForWriting(dir);
      out.push({ name, service: await serviceFor(await openForReading(dir), { journalJobs: true }), token: given ?? generateToken(), generated: given === undefined });
    }
    return out;
  }

  program
    .command('mcp')
    .description('run the MCP server on stdio: tools (keyword_search, semantic_search, chunk_read, ask, get_node, neighbours, ingest, delete_document), resources and prompts')
    .requiredOption('--store <dir>', 'store directory')
    .option('--read-only', 'do not offer the tools that write (ingest, delete_document)')
    .action(async (o: { store: string; readOnly?: boolean }) => {
      if (!deps.mcpStdio) throw new RagError('RAG_UNSUPPORTED', 'mcp: not available in this build');
      const { createMcpServer } = await import('../mcp/create-mcp-server.js');
      if (!o.readOnly) await lockForWriting(o.store);
      const service = await serviceFor(await openForReading(o.store));
      // stdio serves the one user who started the process, so writes are theirs unless --read-only.
      await deps.mcpStdio(createMcpServer({ service, writes: o.readOnly ? 'off' : 'open' }));
    });

  program
    .command('repair')
    .description('check a store for documents and entities the current input rules refuse and remove them (--fix), or roll back to the previous generation (--previous)')
    .requiredOption('--store <dir>', 'store directory')
    .option('--fix', 'remove the refused documents in one commit (with --previous: roll back)')
    .option('--previous', 'open the generation before the current one, report what rolling back loses')
    .action(async (o: { store: string; fix?: boolean; previous?: boolean }) => {
      const backend = deps.backend;
      if (!backend.openIndexer) throw new RagError('RAG_UNSUPPORTED', 'repair: this build has no store backend that opens generations');
      const { runRepair } = await import('./repair-command.js');
      await runRepair({ dir: storeDir(o.store), fix: o.fix === true, previous: o.previous === true, open: (dir, g) => backend.openIndexer!(dir, g), out });
    });

  program
    .command('doctor')
    .description('check the configured Ollama / OpenAI-compatible server / Qdrant and print what to fix')
    .action(async () => {
      const { formatDoctor, runDoctor } = await import('../doctor/doctor.js');
      const checks = await runDoctor(io.env);
      io.stdout.write(formatDoctor(checks));
      const failed = checks.filter((c) => c.status === 'fail').length;
      if (failed > 0) throw new RagError('RAG_CONFIG', `doctor: ${failed} check(s) failed; see the lines marked ✗ above`);
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    const msg = RagError.isInstance(error) ? error.message : error instanceof Error ? error.message : String(error);
    io.stderr.write(`rag: error: ${msg}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    else if (!RagError.isInstance(error)) io.stderr.write('(run again with --debug for the stack trace)\n');
    return 1;
  }
}

// An ask worker (node:worker_threads): opens the store read-only in its own thread and answers
// one question at a time with the same service code as the main thread. Before each question it
// reads the store's CURRENT pointer; when a write committed a new generation since it opened,
// it opens the store again (the old generation's files may be gone once a commit cleaned up).
// The main thread keeps everything that writes: the agent's triple proposals are sent there.
// Started by ask-pool.ts; in the published package this file is dist/ask-worker.js.
import { existsSync, readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { RagError } from '@rag/core';
import type { ReviewQueue } from '@rag/train-data';
import { createRagService, type RagService } from '../rag-service.js';
import { createRagStack } from '../../stack/create-rag-stack.js';
import { createIndexerBackend } from '../../stack/indexer-backend.js';
import type { RagStack } from '../../types.js';
import { toWire, type AskTask, type AskWorkerData, type FromWorker, type ToWorker } from './ask-protocol.js';

const data = workerData as AskWorkerData;

/**
 * How much lower this thread's scheduling priority is than the server's main thread (nice steps,
 * round value): the main thread answers /api/health and /api/info, takes every write and hands
 * asks out, so it must not wait for the CPU behind the asks. On Linux a thread's nice value is
 * its own (setpriority on the calling thread); elsewhere it would change the whole process, so
 * it is left alone there.
 */
const WORKER_NICE = 5;
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + WORKER_NICE));
  } catch {
    // Not allowed here (a sandbox): asks run at the main thread's priority.
  }
}
const port = parentPort!;
const send = (m: FromWorker) => port.postMessage(m);

/** The generation a reader would open now (the store's CURRENT pointer). */
const currentGeneration = () => {
  try {
    return readFileSync(join(data.dir, 'CURRENT'), 'utf8').trim();
  } catch {
    return '';
  }
};

const refuseWrite = () => Promise.reject(new RagError('RAG_UNSUPPORTED', 'an ask worker does not write; writes go through the server'));

let proposalSeq = 0;
const pendingProposals = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
let taskId = -1;

/** The review queue as the agent sees it in a worker: proposals go to the main thread. */
const proposals = {
  propose(items: unknown[]) {
    if (taskId < 0) return Promise.resolve(); // the warm-up ask proposes nothing
    const proposalId = ++proposalSeq;
    return new Promise<void>((resolve, reject) => {
      pendingProposals.set(proposalId, { resolve, reject });
      send({ type: 'propose', id: taskId, proposalId, proposals: JSON.parse(JSON.stringify(items)) as unknown[] });
    });
  },
} as unknown as ReviewQueue;

async function buildStack() {
  const { createStackFromEnv, loadStackConfig, CONFIG_FILE_NAMES } = await import('@rag/eval');
  const configured = data.configFile !== undefined || CONFIG_FILE_NAMES.some((n) => existsSync(join(data.cwd, n)));
  return configured ? loadStackConfig({ cwd: data.cwd, env: data.env, ...(data.configFile !== undefined ? { config: data.configFile } : {}) }) : createStackFromEnv(data.env);
}

const evalStack = await buildStack();
const backend = createIndexerBackend({ env: data.env, stack: evalStack });

let opened: { generation: string; service: RagService } | undefined;

/**
 * Opens the newest generation. The first open answers a warm-up question (the tagger, the code
 * paths and every lazily read part of the index loaded before the first real ask); a reopen after
 * a write does not: the question that caused it loads what it reads at once, and a commit during
 * that read is retried once (see run), so a warm-up would only delay the asks waiting for it.
 */
async function open(warm: boolean): Promise<{ generation: string; service: RagService }> {
  const generation = currentGeneration();
  const store = await backend.open(data.dir);
  const stack: RagStack = createRagStack({
    dir: data.dir,
    mode: store.mode,
    index: { current: () => store.index, ingest: refuseWrite, remove: refuseWrite, save: refuseWrite },
    reviewQueue: proposals,
    ...(evalStack.chat ? { chat: evalStack.chat } : {}),
    ...(evalStack.embedder ? { embedder: evalStack.embedder } : {}),
  });
  const service = createRagService({ stack, samples: data.samples });
  if (warm) await service.ask({ question: 'warm up the index', k: 1 }).catch(() => undefined);
  return { generation, service };
}

const aborts = new Map<number, AbortController>();

async function run(task: AskTask): Promise<void> {
  const ac = new AbortController();
  aborts.set(task.id, ac);
  const t0 = performance.now();
  let reopened = false;
  try {
    if (!opened || opened.generation !== currentGeneration()) {
      reopened = opened !== undefined;
      opened = await open(!opened);
    }
    const ask = (service: RagService) =>
      service.ask({
        question: task.question,
        ...(task.method !== undefined ? { method: task.method } : {}),
        ...(task.k !== undefined ? { k: task.k } : {}),
        ...(task.budget !== undefined ? { budget: task.budget } : {}),
        ...(task.events ? { onEvent: (event) => send({ type: 'event', id: task.id, event: JSON.parse(JSON.stringify(event)) }) } : {}),
        ...(task.tokens ? { onToken: (text: string, info: { generation: number }) => send({ type: 'token', id: task.id, text, generation: info.generation }) } : {}),
        signal: ac.signal,
      });
    let result;
    try {
      result = await ask(opened.service);
    } catch (error) {
      // A commit between the check above and a lazy read: open the new generation and try once more.
      if (ac.signal.aborted || opened.generation === currentGeneration() || RagError.isInstance(error, 'RAG_INVALID_INPUT')) throw error;
      opened = await open(false);
      reopened = true;
      result = await ask(opened.service);
    }
    send({ type: 'result', id: task.id, result, ms: performance.now() - t0, reopened });
  } catch (error) {
    send({ type: 'error', id: task.id, error: toWire(error) });
  } finally {
    aborts.delete(task.id);
  }
}

let chain = Promise.resolve();
port.on('message', (m: ToWorker) => {
  if (m.type === 'abort') aborts.get(m.id)?.abort();
  else if (m.type === 'proposed') {
    const p = pendingProposals.get(m.id);
    pendingProposals.delete(m.id);
    if (m.ok) p?.resolve();
    else p?.reject(new RagError('RAG_IO', m.message ?? 'proposal: not queued'));
  } else
    chain = chain.then(async () => {
      taskId = m.id;
      await run(m);
      taskId = -1;
    });
});

try {
  opened = await open(true);
  send({ type: 'ready', generation: opened.generation });
} catch (error) {
  send({ type: 'open-failed', error: toWire(error) });
}

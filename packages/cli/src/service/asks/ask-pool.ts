// Asks on every core: a fixed set of worker threads (./ask-worker.ts), each with the store open
// read-only, and a bounded queue in front of them. A question goes to an idle worker, else waits
// in the queue if it is expected to be answered within --max-wait-ms (./admission.ts); otherwise,
// or when the queue is full, it is refused at once (RAG_SERVICE_UNAVAILABLE: HTTP 503) with a
// Retry-After from that estimate, so an overloaded server answers the asks it admits in bounded
// time instead of all of them late. Writes stay on the main thread
// and do not wait for asks: a worker answers from the generation it opened, and opens the
// newest one before its next question (see ask-worker.ts).
//
// node:worker_threads directly, not a pool library: each task streams trace events and tokens
// back and takes an abort, and the agent's proposals must be answered by the main thread, so
// every task needs its own two-way messages; the pool itself is a list of workers and a queue.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RagError } from '@rag/core';
import type { AskRequest, AskResult } from '../../types.js';
import { createAdmission } from './admission.js';
import { fromWire, type AskWorkerData, type FromWorker, type ToWorker } from './ask-protocol.js';

export interface AskPoolOptions extends AskWorkerData {
  /** Worker threads (default: the machine's available parallelism). */
  workers?: number;
  /** Asks that may wait for a worker (default 16 per worker); beyond it asks are refused with 503. */
  queue?: number;
  /** Admit an ask only when it is expected to be answered within this many milliseconds (default 2,000; see ./admission.ts). */
  maxWaitMs?: number;
  /** Where the agent's triple proposals go (the store's review queue, owned by the main thread). */
  propose(proposals: unknown[]): Promise<void>;
}

export interface AskPool {
  readonly workers: number;
  readonly queueLimit: number;
  readonly maxWaitMs: number;
  /** Asks waiting for a worker now. */
  readonly queued: number;
  /** The error an ask of `method` (default: the store's default) would be refused with right now, or undefined. */
  overloaded(method?: string): RagError | undefined;
  /** The error an ask would be refused with right now whatever its method (checked before its body is read), or undefined. */
  overloadedForAny(): RagError | undefined;
  ask(request: AskRequest): Promise<AskResult>;
  /**
   * A write committed a new generation: each worker opens it before its next ask, which the
   * admission estimate then counts (the service's writes call this; see pooled-service.ts).
   */
  committed(): void;
  close(): Promise<void>;
}

interface Task {
  id: number;
  request: AskRequest;
  resolve(r: AskResult): void;
  reject(e: Error): void;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  busy?: Task;
  /** When the busy task was handed to the worker (performance.now()). */
  startedAt?: number;
  /** The busy task opens a newer generation first. */
  reopening?: boolean;
  /** A write committed since the worker's current or last task began: its next task reopens. */
  stale?: boolean;
  /** The worker died; its replacement (if it starts) takes its place. */
  dead?: boolean;
}

/**
 * The flags of this process a worker may take: loaders and resolution conditions (a worker
 * refuses V8 and process-wide flags such as --max-old-space-size; the heap limit is passed as
 * the worker's resourceLimits instead).
 */
export function workerFlags(execArgv: readonly string[]): { execArgv: string[]; heapMb?: number } {
  const kept: string[] = [];
  let heapMb: number | undefined;
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i]!;
    const heap = /^--max-old-space-size=(\d+)$/.exec(a);
    if (heap) heapMb = Number(heap[1]);
    else if (a === '--import' || a === '--require' || a === '--loader' || a === '--conditions' || a === '-C') kept.push(a, execArgv[++i]!);
    else if (/^--(import|require|loader|conditions|experimental-[a-z-]+|enable-source-maps|no-warnings|no-deprecation)(=|$)/.test(a)) kept.push(a);
  }
  return { execArgv: kept, ...(heapMb !== undefined ? { heapMb } : {}) };
}

const SOURCE_CONDITION_HOOK = `export async function resolve(specifier, context, next) {
  return next(specifier, { ...context, conditions: [...new Set([...(context.conditions ?? []), '@rag/source'])] });
}`;

/**
 * The worker's entry: ask-worker.js beside the built chunk (dist), or ask-worker.ts beside this
 * file (sources, run through tsx). Running from sources, the worker gets the tsx loader and the
 * @rag/source condition even when this process was started another way (vitest).
 */
function workerEntry(): { entry: URL | string; eval: boolean; execArgv: string[] } {
  const flags = workerFlags(process.execArgv).execArgv;
  for (const rel of ['./ask-worker.js', '../ask-worker.js', '../../ask-worker.js']) {
    const url = new URL(rel, import.meta.url);
    if (existsSync(fileURLToPath(url))) return { entry: url, eval: false, execArgv: flags };
  }
  // Node 20 applies neither an --import loader nor --conditions to a worker's entry, so a short
  // script registers tsx in the worker, then a resolve hook that adds the @rag/source condition
  // (workspace packages resolve to their sources, as in the main process), then imports the entry.
  const url = new URL('./ask-worker.ts', import.meta.url);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const hook = `data:text/javascript,${encodeURIComponent(SOURCE_CONDITION_HOOK)}`;
  const execArgv = flags.filter((a, i, all) => !a.startsWith('--conditions') && a !== '--import' && all[i - 1] !== '--import' && a !== '-C' && all[i - 1] !== '-C');
  return {
    entry: `import(${JSON.stringify(tsx)}).then((m) => m.register()).then(() => require('node:module').register(${JSON.stringify(hook)})).then(() => import(${JSON.stringify(url.href)}));`,
    eval: true,
    execArgv,
  };
}

/** The method an ask is timed under ('' for the store's default). */
const methodOf = (r: AskRequest) => r.method ?? '';

export async function createAskPool(options: AskPoolOptions): Promise<AskPool> {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const queueLimit = Math.max(0, options.queue ?? 16 * size);
  const entry = workerEntry();
  const data: AskWorkerData = { dir: options.dir, env: options.env, cwd: options.cwd, samples: options.samples, ...(options.configFile ? { configFile: options.configFile } : {}) };
  const queue: Task[] = [];
  const tasks = new Map<number, Task>();
  let seq = 0;
  let closed = false;
  const admission = createAdmission({ workers: size, queueLimit, ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}) });
  let slots: Slot[] = [];

  const finish = (slot: Slot) => {
    const task = slot.busy;
    slot.busy = undefined;
    if (task) {
      tasks.delete(task.id);
      if (task.onAbort) task.request.signal?.removeEventListener('abort', task.onAbort);
    }
    dispatch();
  };

  const onMessage = (slot: Slot) => (m: FromWorker) => {
    if (m.type === 'ready' || m.type === 'open-failed') return;
    const task = tasks.get(m.id);
    if (m.type === 'propose') {
      const reply = (msg: ToWorker) => slot.worker.postMessage(msg);
      options.propose(m.proposals).then(
        () => reply({ type: 'proposed', id: m.proposalId, ok: true }),
        (e: unknown) => reply({ type: 'proposed', id: m.proposalId, ok: false, message: e instanceof Error ? e.message : String(e) }),
      );
      return;
    }
    if (!task) return;
    if (m.type === 'event') task.request.onEvent?.(m.event);
    else if (m.type === 'token') task.request.onToken?.(m.text, { generation: m.generation });
    else if (m.type === 'result') {
      admission.record(methodOf(task.request), m.ms, m.reopened);
      finish(slot);
      task.resolve(m.result);
    } else if (m.type === 'error') {
      finish(slot);
      task.reject(fromWire(m.error));
    }
  };

  const start = (): Promise<Slot> =>
    new Promise((resolve, reject) => {
      const heapMb = workerFlags(process.execArgv).heapMb;
      const worker = new Worker(entry.entry, {
        eval: entry.eval,
        workerData: data,
        execArgv: entry.execArgv,
        env: process.env,
        ...(heapMb !== undefined ? { resourceLimits: { maxOldGenerationSizeMb: heapMb } } : {}),
      });
      const slot: Slot = { worker };
      worker.on('message', onMessage(slot));
      worker.once('message', (m: FromWorker) => {
        if (m.type === 'ready') resolve(slot);
        else if (m.type === 'open-failed') reject(fromWire(m.error));
      });
      // A worker that died (an error, or an exit the pool did not ask for) fails the ask it held,
      // and the pool starts a replacement.
      let lost = false;
      const onLost = (why: string) => {
        if (lost) return;
        lost = true;
        slot.dead = true;
        reject(new RagError('RAG_SERVICE_UNAVAILABLE', `ask worker failed: ${why}`));
        const task = slot.busy;
        slot.busy = undefined;
        if (task) {
          tasks.delete(task.id);
          task.reject(new RagError('RAG_SERVICE_UNAVAILABLE', `ask worker failed: ${why}`));
        }
        const i = slots.indexOf(slot);
        if (i >= 0 && !closed)
          void start().then(
            (s) => {
              slots[i] = s;
              dispatch();
            },
            () => undefined,
          );
      };
      worker.once('error', (e) => onLost(e.message));
      worker.once('exit', (code) => {
        if (!closed) onLost(`exited with code ${code}`);
      });
    });

  const started = await Promise.allSettled(Array.from({ length: size }, () => start()));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.worker.terminate() : undefined)));
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }
  slots = started.map((r) => (r as PromiseFulfilledResult<Slot>).value);

  function dispatch() {
    for (const slot of slots) {
      if (slot.busy || slot.dead || queue.length === 0) continue;
      const task = queue.shift()!;
      slot.busy = task;
      slot.startedAt = performance.now();
      slot.reopening = slot.stale === true;
      slot.stale = false;
      const r = task.request;
      const msg: ToWorker = {
        type: 'ask',
        id: task.id,
        question: r.question,
        events: r.onEvent !== undefined,
        tokens: r.onToken !== undefined,
        ...(r.method !== undefined ? { method: r.method } : {}),
        ...(r.k !== undefined ? { k: r.k } : {}),
        ...(r.budget !== undefined ? { budget: r.budget } : {}),
      };
      slot.worker.postMessage(msg);
    }
  }

  const running = () => slots.flatMap((s) => (s.busy ? [{ method: methodOf(s.busy.request), startedAt: s.startedAt ?? performance.now(), reopening: s.reopening === true }] : []));
  const stale = () => slots.filter((s) => s.stale && !s.dead).length;
  const queuedMethods = () => queue.map((t) => methodOf(t.request));
  const overloaded = (method?: string) => admission.refusal(method ?? '', running(), queuedMethods(), stale());

  return {
    workers: size,
    queueLimit,
    maxWaitMs: admission.maxWaitMs,
    get queued() {
      return queue.length;
    },
    overloaded,
    overloadedForAny: () => admission.refusalForAny(running(), queuedMethods(), stale()),
    committed() {
      for (const s of slots) s.stale = true;
    },
    ask(request) {
      if (closed) return Promise.reject(new RagError('RAG_SERVICE_UNAVAILABLE', 'server is shutting down'));
      const busy = overloaded(methodOf(request));
      if (busy) return Promise.reject(busy);
      if (request.signal?.aborted) return Promise.reject(new RagError('RAG_ABORTED', 'ask: aborted before it started'));
      return new Promise<AskResult>((resolve, reject) => {
        const task: Task = { id: ++seq, request, resolve, reject };
        tasks.set(task.id, task);
        if (request.signal) {
          task.onAbort = () => {
            const i = queue.indexOf(task);
            if (i >= 0) {
              // Still waiting: leave the queue at once.
              queue.splice(i, 1);
              tasks.delete(task.id);
              reject(new RagError('RAG_ABORTED', 'ask: aborted while waiting for a worker'));
            } else for (const s of slots) if (s.busy === task) s.worker.postMessage({ type: 'abort', id: task.id } satisfies ToWorker);
          };
          request.signal.addEventListener('abort', task.onAbort, { once: true });
        }
        queue.push(task);
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const t of queue.splice(0)) t.reject(new RagError('RAG_SERVICE_UNAVAILABLE', 'server is shutting down'));
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

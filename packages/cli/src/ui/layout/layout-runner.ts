// Runs a view's layout off the page's thread: graphs of WORKER_MIN nodes or more go to a
// dedicated worker (/ui/layout-worker.js), smaller ones — and every one where Worker is missing
// or the worker script fails — are laid out right here, synchronously (below WORKER_MIN that is
// quicker than the round trip). One layout at a time: a new request ends the worker busy with
// the previous one (a running ForceAtlas2 cannot be interrupted any other way), and the
// previous request resolves as cancelled.
import type Graph from 'graphology';
import { layoutGraph, type LayoutStats } from '../graph-layout.js';
import { applyAnswer, toRequest, type LayoutAnswer } from './layout-protocol.js';

/** From this many nodes the layout runs in the worker. */
export const WORKER_MIN = 300;
export const WORKER_URL = '/ui/layout-worker.js';

export type LayoutResult = { status: 'done'; stats: LayoutStats; where: 'worker' | 'main' } | { status: 'cancelled' };

export interface LayoutRunner {
  /** Lay `graph` out in place (x, y attributes); resolves when done or superseded. */
  run(graph: Graph): Promise<LayoutResult>;
  /** Whether `run` of a graph this big would use the worker. */
  usesWorker(nodes: number): boolean;
  /** Give up the layout in flight, if any (it resolves as cancelled). */
  cancel(): void;
  destroy(): void;
}

export function createLayoutRunner(url = WORKER_URL): LayoutRunner {
  let worker: Worker | undefined;
  let broken = typeof Worker === 'undefined';
  let job = 0;
  /** The request in flight: settle it as cancelled when a newer one comes. */
  let pending: { job: number; settle: (r: LayoutResult) => void } | undefined;

  const sync = (graph: Graph): LayoutResult => ({ status: 'done', stats: layoutGraph(graph), where: 'main' });

  function cancelPending() {
    if (!pending) return;
    pending.settle({ status: 'cancelled' });
    pending = undefined;
    // the worker is busy with the stale layout: end it, a fresh one takes the next request
    worker?.terminate();
    worker = undefined;
  }

  return {
    usesWorker: (nodes) => !broken && nodes >= WORKER_MIN,
    cancel: cancelPending,
    run(graph) {
      cancelPending();
      const mine = ++job;
      if (broken || graph.order < WORKER_MIN) return Promise.resolve(sync(graph));
      const req = toRequest(graph, mine);
      return new Promise<LayoutResult>((resolve) => {
        pending = { job: mine, settle: resolve };
        const finish = (r: LayoutResult) => {
          if (pending?.job !== mine) return;
          pending = undefined;
          resolve(r);
        };
        try {
          worker ??= new Worker(url);
        } catch (err) {
          // e.g. a CSP without worker-src: lay out here from now on
          console.warn('layout worker unavailable, laying out on the page:', err);
          broken = true;
          finish(sync(graph));
          return;
        }
        worker.onmessage = (ev: MessageEvent<LayoutAnswer>) => {
          if (ev.data?.job !== mine) return;
          if (applyAnswer(graph, req.ids, ev.data)) finish({ status: 'done', stats: ev.data.stats, where: 'worker' });
          else finish(sync(graph));
        };
        worker.onerror = (ev) => {
          ev.preventDefault();
          console.warn('layout worker failed, laying out on the page:', ev.message);
          broken = true;
          worker?.terminate();
          worker = undefined;
          finish(sync(graph));
        };
        worker.postMessage(req, [req.xy.buffer, req.sizes.buffer, req.edges.buffer]);
      });
    },
    destroy() {
      cancelPending();
      worker?.terminate();
      worker = undefined;
    },
  };
}

// A RagService whose asks run on an ask pool (./ask-pool.ts); everything else (reads of
// documents and the graph, every write) stays on the service, on the main thread. The agent's
// proposals made in a worker are queued in the store's review queue here.
import type { RagService } from '../rag-service.js';
import { createAskPool, type AskPool, type AskPoolOptions } from './ask-pool.js';

export interface PooledService {
  service: RagService;
  pool: AskPool;
}

export async function withAskPool(service: RagService, options: Omit<AskPoolOptions, 'dir' | 'samples' | 'propose'> & { samples?: string[] }): Promise<PooledService> {
  const queue = service.stack.reviewQueue;
  const pool = await createAskPool({
    ...options,
    dir: service.stack.dir,
    samples: options.samples ?? service.info().samples,
    propose: (proposals) => queue.propose(proposals as Parameters<typeof queue.propose>[0]),
  });
  // every write commits a generation the workers must open before their next ask
  service.onWrite(() => pool.committed());
  return { service: { ...service, ask: (request) => pool.ask(request) }, pool };
}

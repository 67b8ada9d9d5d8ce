// Ingestion jobs (uploads indexed in the background): list, one job, dismiss a finished one, and
// every change as server-sent events, so a page (or a reloaded page) can follow them live.
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { JobEvent } from '../../service/ingest-jobs.js';
import type { HttpApp, RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';
import { IngestJobSchema, JobListSchema } from '../openapi/job-schemas.js';

/** A comment line this often keeps idle connections (and proxies) from timing the stream out. */
const KEEPALIVE_MS = 15_000;

export function registerJobRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  describeRoute(app, { method: 'get', path: '/api/jobs', tag: 'documents', summary: 'Ingestion jobs (uploads), newest first: queued, indexing (with per-stage progress), indexed or failed (with the reason)', response: JobListSchema });
  app.get('/api/jobs', (c) => c.json({ items: service.jobs.list() }));

  // Registered before /api/jobs/:id so "stream" is never taken for a job id.
  describeRoute(app, {
    method: 'get',
    path: '/api/jobs/stream',
    tag: 'documents',
    summary: 'Job changes as server-sent events: one `snapshot` ({items}) first, then a `job` event per change and `forgotten` ({id}) when one is dismissed',
    responseMedia: { type: 'text/event-stream' },
  });
  app.get('/api/jobs/stream', (c) =>
    streamSSE(c, async (stream) => {
      // Subscribe before the snapshot so no change falls between the two; writes keep their order.
      let writing = Promise.resolve();
      const send = (event: string, data: unknown) => {
        writing = writing.then(() => stream.writeSSE({ event, data: JSON.stringify(data) }));
        return writing;
      };
      const unsubscribe = service.jobs.subscribe((e: JobEvent) => void (e.type === 'job' ? send('job', e.job) : send('forgotten', { id: e.id })));
      const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
      const keepalive = setInterval(() => void (writing = writing.then(() => stream.write(': keep-alive\n\n').then(() => undefined))), KEEPALIVE_MS);
      try {
        await send('snapshot', { items: service.jobs.list() });
        await closed;
      } finally {
        clearInterval(keepalive);
        unsubscribe();
      }
    }),
  );

  describeRoute(app, { method: 'get', path: '/api/jobs/:id', tag: 'documents', summary: 'One ingestion job with its state, per-stage progress, summary or failure reason', response: IngestJobSchema });
  app.get('/api/jobs/:id', (c) => c.json(service.jobs.get(c.req.param('id'))));

  describeRoute(app, { method: 'delete', path: '/api/jobs/:id', tag: 'documents', summary: 'Dismiss a finished job from the list (409 while it is queued or indexing); its documents stay', response: z.object({ id: z.string() }), writes: true });
  app.delete('/api/jobs/:id', ctx.writes, (c) => {
    const id = c.req.param('id');
    service.jobs.forget(id);
    return c.json({ id });
  });
}

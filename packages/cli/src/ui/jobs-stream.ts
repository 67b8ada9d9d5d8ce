// The upload jobs followed live over GET /api/jobs/stream (read with fetch, so the page's token
// goes along: event-stream.ts). Reconnects after a drop, as EventSource did; a refusal (e.g. 401
// before the token is entered) waits for the next follow() instead of retrying in a loop.
import type { IngestJob } from '../service/ingest-jobs.js';
import { openEventStream, type EventStream } from './event-stream.js';

export interface JobsStreamHandlers {
  snapshot(items: IngestJob[]): void;
  job(job: IngestJob): void;
  forgotten(id: string): void;
}

/** `follow()` opens the stream unless it is already open. */
export function createJobsStream(on: JobsStreamHandlers): { follow(): void } {
  let source: EventStream | undefined;
  function follow() {
    if (source) return;
    source = openEventStream('/api/jobs/stream', {
      event(name, raw) {
        if (name === 'snapshot') on.snapshot((JSON.parse(raw) as { items: IngestJob[] }).items);
        else if (name === 'job') on.job(JSON.parse(raw) as IngestJob);
        else if (name === 'forgotten') on.forgotten((JSON.parse(raw) as { id: string }).id);
      },
      end({ status }) {
        source = undefined;
        if (status === undefined) setTimeout(follow, 2000);
      },
    });
  }
  return { follow };
}

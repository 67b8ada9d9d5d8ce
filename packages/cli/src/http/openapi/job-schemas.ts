// Response shapes of the ingestion-job routes (see ../../service/ingest-jobs.ts).
import { z } from 'zod';
import { IngestSummarySchema } from './response-schemas.js';

export const JobStateSchema = z.enum(['queued', 'indexing', 'indexed', 'failed']);

export const IngestJobSchema = z.looseObject({
  id: z.string(),
  state: JobStateSchema,
  files: z.array(z.string()).describe('the uploaded file names'),
  docCount: z.number().describe('documents the job indexes'),
  docs: z.array(z.object({ id: z.string(), title: z.string() })).describe('the first 100 of its documents'),
  stages: z.array(z.object({ stage: z.string(), done: z.number(), total: z.number() })).describe("the indexer's progress per stage, in the order they ran"),
  summary: IngestSummarySchema.nullable().describe('what was indexed (state indexed)'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('why it failed (state failed)'),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const JobListSchema = z.object({ items: z.array(IngestJobSchema).describe('newest first') });

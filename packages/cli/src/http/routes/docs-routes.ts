// Documents and chunks: list, read, add (JSON at once, or files uploaded as a background
// ingestion job: see job-routes.ts), delete.
import { RagError, type DocInput } from '@rag/core';
import { z } from 'zod';
import { loadUploadedFiles } from '../../service/upload-docs.js';
import { problem, readBody, readQuery, type HttpApp, type RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';
import { IngestJobSchema } from '../openapi/job-schemas.js';
import { ChunkSchema, DocListSchema, DocSchema, IngestSummarySchema } from '../openapi/response-schemas.js';
import { DocListQuerySchema, IndexBodySchema, UPLOAD_EXTENSIONS, UploadNameSchema } from '../schemas.js';

const MAX_UPLOAD_FILES = 200;
const UploadFormSchema = z.object({ file: z.array(z.string().describe('a file (binary)')).max(MAX_UPLOAD_FILES).describe('one or more files') });

export function registerDocsRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  describeRoute(app, { method: 'get', path: '/api/docs', tag: 'documents', summary: 'List documents (paged, optional title filter)', query: DocListQuerySchema, response: DocListSchema });
  app.get('/api/docs', (c) => c.json(service.listDocs(readQuery(c, DocListQuerySchema))));

  describeRoute(app, { method: 'get', path: '/api/docs/:id', tag: 'documents', summary: 'One document with its text and chunks', response: DocSchema });
  app.get('/api/docs/:id', (c) => c.json(service.getDoc(c.req.param('id'))));

  describeRoute(app, { method: 'get', path: '/api/chunks/:id', tag: 'documents', summary: 'One chunk with its document title', response: ChunkSchema });
  app.get('/api/chunks/:id', (c) => c.json(service.getChunk(c.req.param('id'))));

  describeRoute(app, { method: 'post', path: '/api/docs', tag: 'documents', summary: 'Add or replace documents given as JSON', body: IndexBodySchema, response: IngestSummarySchema, status: 201, writes: true });
  app.post('/api/docs', ctx.writes, ctx.limit(ctx.maxJsonBytes * 16), async (c) => {
    const b = await readBody(c, IndexBodySchema);
    return c.json(await service.ingest(b.docs as DocInput[]), 201);
  });

  describeRoute(app, {
    method: 'post',
    path: '/api/upload',
    tag: 'documents',
    summary: 'Upload files (multipart/form-data, field "file") to be indexed in the background',
    description:
      `Reads every format \`rag index\` reads (${UPLOAD_EXTENSIONS.join(', ')}) with the same loaders, and gives the same ids (the file name, e.g. \`notes.md\`). ` +
      'Every file is checked first: when any is unusable (bad name, unsupported type, empty, binary, malformed) the answer is 400 naming each bad file, and nothing is indexed. ' +
      'Otherwise the answer is 202 with the queued job; follow it at `GET /api/jobs/{id}` or `GET /api/jobs/stream`.',
    bodyMedia: { type: 'multipart/form-data', schema: UploadFormSchema },
    response: IngestJobSchema,
    status: 202,
    writes: true,
  });
  app.post('/api/upload', ctx.writes, ctx.limit(ctx.maxUploadBytes), async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('multipart/form-data')) return problem(c, 415, 'RAG_INVALID_INPUT', 'upload: send multipart/form-data with one or more "file" fields');
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw new RagError('RAG_INVALID_INPUT', 'upload: malformed multipart body', { details: { input: 'body' } });
    }
    const files = form.getAll('file').filter((f): f is File => typeof f !== 'string');
    if (files.length === 0) throw new RagError('RAG_INVALID_INPUT', 'upload: no "file" field', { details: { input: 'file' } });
    if (files.length > MAX_UPLOAD_FILES) throw new RagError('RAG_INVALID_INPUT', `upload: ${files.length} files; at most ${MAX_UPLOAD_FILES} per upload`, { details: { input: 'file' } });
    // Validate every name before reading any file, so a bad one changes nothing.
    for (const f of files) {
      const name = UploadNameSchema.safeParse(f.name);
      if (!name.success) throw new RagError('RAG_INVALID_INPUT', `file name ${JSON.stringify(f.name)}: ${name.error.issues[0]?.message}; nothing was indexed`, { details: { input: 'file', name: f.name } });
    }
    const loaded = await loadUploadedFiles(await Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) }))));
    const job = service.jobs.submit(loaded);
    c.header('Location', `/api/jobs/${job.id}`);
    return c.json(job, 202);
  });

  describeRoute(app, { method: 'delete', path: '/api/docs/:id', tag: 'documents', summary: 'Delete a document, its chunks and the graph facts only it supported', response: z.object({ removedChunks: z.number() }), writes: true });
  app.delete('/api/docs/:id', ctx.writes, async (c) => c.json(await service.remove(c.req.param('id'))));
}

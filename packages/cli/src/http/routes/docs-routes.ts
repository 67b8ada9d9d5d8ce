// Documents and chunks: list, read, add (JSON or file upload), delete.
import { RagError, type DocInput } from '@rag/core';
import { z } from 'zod';
import { problem, readBody, readQuery, zodMessage, type HttpApp, type RouteContext } from '../http-kit.js';
import { describeRoute } from '../openapi/describe-route.js';
import { ChunkSchema, DocListSchema, DocSchema, IngestSummarySchema } from '../openapi/response-schemas.js';
import { DocListQuerySchema, IndexBodySchema, UploadNameSchema } from '../schemas.js';

const UploadFormSchema = z.object({ file: z.array(z.string().describe('a file (binary)')).describe('one or more files') });

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
    summary: 'Upload files (multipart/form-data, field "file") and index them',
    bodyMedia: { type: 'multipart/form-data', schema: UploadFormSchema },
    response: IngestSummarySchema,
    status: 201,
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
    // Validate every file before indexing any, so a bad one changes nothing.
    const docs: DocInput[] = [];
    for (const f of files) {
      const name = UploadNameSchema.safeParse(f.name);
      if (!name.success) throw new RagError('RAG_INVALID_INPUT', `file name ${JSON.stringify(f.name)}: ${name.error.issues[0]?.message}`, { details: { input: 'file', name: f.name } });
      const text = await f.text();
      if (f.name.toLowerCase().endsWith('.jsonl')) {
        const lines = text.split('\n').filter((l) => l.trim() !== '');
        for (const [i, line] of lines.entries()) {
          let raw: unknown;
          try {
            raw = JSON.parse(line);
          } catch {
            throw new RagError('RAG_INVALID_INPUT', `${f.name} line ${i + 1}: not valid JSON`, { details: { input: 'file', name: f.name, line: i + 1 } });
          }
          const d = IndexBodySchema.shape.docs.element.safeParse(raw);
          if (!d.success) throw new RagError('RAG_INVALID_INPUT', zodMessage(`${f.name} line ${i + 1}`, d.error), { details: { input: 'file', name: f.name, line: i + 1 } });
          docs.push(d.data as DocInput);
        }
      } else {
        if (text.trim() === '') throw new RagError('RAG_EMPTY_TEXT', `${f.name}: file is empty`, { details: { input: 'file', name: f.name } });
        docs.push({ id: f.name.replace(/\.(txt|md)$/i, ''), title: f.name.replace(/\.(txt|md)$/i, ''), text });
      }
    }
    return c.json(await service.ingest(docs), 201);
  });

  describeRoute(app, { method: 'delete', path: '/api/docs/:id', tag: 'documents', summary: 'Delete a document, its chunks and the graph facts only it supported', response: z.object({ removedChunks: z.number() }), writes: true });
  app.delete('/api/docs/:id', ctx.writes, async (c) => c.json(await service.remove(c.req.param('id'))));
}

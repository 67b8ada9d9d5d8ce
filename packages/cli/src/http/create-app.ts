// The HTTP API (hono): ask, trace over server-sent events, documents, graph nodes, curation,
// HITL proposals, MCP over Streamable HTTP, and the web UI. Bodies are size-limited and
// validated; anything that writes needs the bearer token when one is configured.
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { RagError, type TraceEvent } from '@rag/core';
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import type { RagService } from '../service/rag-service.js';
import type { DocInput } from '@rag/core';
import {
  AskBodySchema,
  AskStreamQuerySchema,
  DocListQuerySchema,
  ExportQuerySchema,
  IndexBodySchema,
  MergeBodySchema,
  NodeSearchQuerySchema,
  DecisionBodySchema,
  ProposalBodySchema,
  ProposalEditBodySchema,
  SplitBodySchema,
  UndoBodySchema,
  UploadNameSchema,
} from './schemas.js';
import type { UiAssets } from '../ui/ui-assets.js';
import { requestGuard } from './security/request-guard.js';

export interface HttpAppOptions {
  service: RagService;
  /** When set, every request that writes must send `Authorization: Bearer <token>`. */
  token?: string;
  /** Max JSON body in bytes (default 256 KiB). */
  maxJsonBytes?: number;
  /** Max upload body in bytes (default 8 MiB). */
  maxUploadBytes?: number;
  /** The bundled web UI; omit to serve the API only. */
  ui?: UiAssets;
  /**
   * The server listens on loopback only (default true): requests whose Host is not a loopback
   * name are refused (DNS rebinding). Cross-site writes and MCP calls are always refused.
   */
  loopbackOnly?: boolean;
  /** Browser origins (`scheme://host:port`) other than the server's own that may write. */
  allowedOrigins?: readonly string[];
}

type Env = { Bindings: HttpBindings };

const STATUS: Record<string, 400 | 404 | 409 | 413 | 422 | 500 | 503> = {
  RAG_INVALID_INPUT: 400,
  RAG_EMPTY_TEXT: 400,
  RAG_INVALID_TEXT: 400,
  RAG_SCHEMA_VIOLATION: 400,
  RAG_NOT_FOUND: 404,
  RAG_CONFLICT: 409,
  RAG_TOO_LARGE: 413,
  RAG_BUDGET_EXCEEDED: 422,
  RAG_UNSUPPORTED: 400,
  RAG_SERVICE_UNAVAILABLE: 503,
};

const problem = (c: Context, status: 400 | 401 | 404 | 405 | 409 | 413 | 415 | 422 | 500 | 503, code: string, message: string, details?: unknown) =>
  c.json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);

const zodMessage = (where: string, e: z.ZodError) =>
  `${where}: ${e.issues.map((i) => `${i.path.length ? i.path.join('.') : 'value'}: ${i.message}`).join('; ')}`;

/** Parse a JSON body with a schema; malformed JSON and schema violations both become 400. */
async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // Read first (a size-limit error must stay a 413), then parse.
  const text = await c.req.text();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new RagError('RAG_INVALID_INPUT', 'body: not valid JSON', { details: { input: 'body' } });
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw new RagError('RAG_INVALID_INPUT', zodMessage('body', r.error), { details: { input: 'body' } });
  return r.data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RagError('RAG_INVALID_INPUT', 'body: not valid JSON', { details: { input: 'body' } });
  }
}

function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const r = schema.safeParse(c.req.query());
  if (!r.success) throw new RagError('RAG_INVALID_INPUT', zodMessage('query', r.error), { details: { input: 'query' } });
  return r.data;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createHttpApp(options: HttpAppOptions): Hono<Env> {
  const { service } = options;
  const app = new Hono<Env>();
  app.use('*', requestGuard({ loopbackOnly: options.loopbackOnly ?? true, ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}) }));
  const maxJson = options.maxJsonBytes ?? 256 * 1024;
  const maxUpload = options.maxUploadBytes ?? 8 * 1024 * 1024;

  const limit = (maxSize: number) =>
    bodyLimit({ maxSize, onError: (c) => problem(c, 413, 'RAG_TOO_LARGE', `body: larger than the ${maxSize}-byte limit`) });
  const writes: MiddlewareHandler<Env> = async (c, next) => {
    if (options.token === undefined) return next();
    const h = c.req.header('authorization') ?? '';
    const m = /^Bearer (.+)$/.exec(h);
    if (!m || !sameSecret(m[1]!, options.token)) {
      c.header('WWW-Authenticate', 'Bearer');
      return problem(c, 401, 'RAG_UNAUTHORIZED', 'this request writes: send Authorization: Bearer <token>');
    }
    return next();
  };

  app.onError((err, c) => {
    if (RagError.isInstance(err)) return problem(c, STATUS[err.code] ?? 500, err.code, err.message, err.details);
    if (err instanceof z.ZodError) return problem(c, 400, 'RAG_INVALID_INPUT', zodMessage('input', err));
    return problem(c, 500, 'RAG_INTERNAL', 'internal error');
  });
  app.notFound((c) => problem(c, 404, 'RAG_NOT_FOUND', `no route ${c.req.method} ${c.req.path}`));

  // --- reads ---------------------------------------------------------------------------
  app.get('/api/info', (c) => c.json({ ...service.info(), writesNeedToken: options.token !== undefined }));

  app.post('/api/ask', limit(maxJson), async (c) => {
    const b = await body(c, AskBodySchema);
    const ac = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => ac.abort(), { once: true });
    return c.json(await service.ask({ ...b, signal: ac.signal }));
  });

  app.get('/api/ask/stream', (c) => {
    const q = query(c, AskStreamQuerySchema);
    // Validate the method before opening the stream so a bad one is a plain 400.
    if (q.method !== undefined && !service.stack.methods.has(q.method))
      throw new RagError('RAG_INVALID_INPUT', `method: unknown method "${q.method}"`, { details: { input: 'method' } });
    return streamSSE(c, async (stream) => {
      const ac = new AbortController();
      stream.onAbort(() => ac.abort());
      const pending: Promise<void>[] = [];
      const onEvent = (e: TraceEvent) => {
        pending.push(stream.writeSSE({ event: 'trace', data: JSON.stringify(e) }));
      };
      try {
        const result = await service.ask({ question: q.question, ...(q.method ? { method: q.method } : {}), ...(q.k ? { k: q.k } : {}), onEvent, signal: ac.signal });
        await Promise.all(pending);
        await stream.writeSSE({ event: 'result', data: JSON.stringify(result) });
      } catch (err) {
        await Promise.all(pending);
        const e = RagError.isInstance(err) ? { code: err.code, message: err.message } : { code: 'RAG_INTERNAL', message: 'internal error' };
        await stream.writeSSE({ event: 'error', data: JSON.stringify(e) });
      }
    });
  });

  app.get('/api/docs', (c) => c.json(service.listDocs(query(c, DocListQuerySchema))));
  app.get('/api/docs/:id', (c) => c.json(service.getDoc(c.req.param('id'))));
  app.get('/api/chunks/:id', (c) => c.json(service.getChunk(c.req.param('id'))));
  app.get('/api/nodes', (c) => {
    const q = query(c, NodeSearchQuerySchema);
    return c.json(service.findNodes(q.q, q.limit));
  });
  app.get('/api/nodes/:id', (c) => c.json(service.getNode(c.req.param('id'))));
  app.get('/api/graph/merges', (c) => c.json(service.mergeLog()));
  app.get('/api/graph/export', (c) => {
    const { format } = query(c, ExportQuerySchema);
    c.header('Content-Type', format === 'graphml' ? 'application/graphml+xml' : 'application/gexf+xml');
    c.header('Content-Disposition', `attachment; filename="graph.${format}"`);
    return c.body(service.exportGraph(format));
  });
  app.get('/api/proposals', (c) => {
    const s = c.req.query('status');
    const status = s === undefined ? undefined : z.enum(['pending', 'approved', 'rejected']).parse(s);
    return c.json(service.listProposals(status));
  });
  app.get('/api/proposals/audit', (c) => c.json(service.proposalAudit()));

  // --- writes --------------------------------------------------------------------------
  app.post('/api/docs', writes, limit(maxJson * 16), async (c) => {
    const b = await body(c, IndexBodySchema);
    return c.json(await service.ingest(b.docs as DocInput[]), 201);
  });

  app.post('/api/upload', writes, limit(maxUpload), async (c) => {
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

  app.delete('/api/docs/:id', writes, async (c) => c.json(await service.remove(c.req.param('id'))));
  app.post('/api/graph/merge', writes, limit(maxJson), async (c) => {
    const b = await body(c, MergeBodySchema);
    return c.json(await service.merge(b.keepId, b.mergeId, b.reason));
  });
  app.post('/api/graph/undo', writes, limit(maxJson), async (c) => {
    const b = await body(c, UndoBodySchema);
    return c.json(await service.undoMerge(b.recordId));
  });
  app.post('/api/graph/split', writes, limit(maxJson), async (c) => {
    const { nodeId, ...input } = await body(c, SplitBodySchema);
    return c.json(await service.split(nodeId, input));
  });
  app.post('/api/proposals', writes, limit(maxJson), async (c) => {
    const b = await body(c, ProposalBodySchema);
    return c.json(await service.addProposal(b), 201);
  });
  app.post('/api/proposals/:id/edit', writes, limit(maxJson), async (c) => {
    const b = await body(c, ProposalEditBodySchema);
    const changes = Object.fromEntries(Object.entries(b.changes).filter(([, v]) => v !== undefined));
    return c.json(await service.editProposal(c.req.param('id'), changes, b.reviewer));
  });
  app.post('/api/proposals/:id/:decision', writes, limit(maxJson), async (c) => {
    const d = z.enum(['approve', 'reject']).safeParse(c.req.param('decision'));
    if (!d.success) return problem(c, 404, 'RAG_NOT_FOUND', `no route POST ${c.req.path}`);
    // The body is optional (who decides, and a note); an empty body means the default reviewer.
    const raw = await c.req.text();
    let o: z.infer<typeof DecisionBodySchema> = {};
    if (raw.trim() !== '') {
      const parsed = DecisionBodySchema.safeParse(safeJson(raw));
      if (!parsed.success) throw new RagError('RAG_INVALID_INPUT', zodMessage('body', parsed.error), { details: { input: 'body' } });
      o = parsed.data;
    }
    return c.json(
      await service.decideProposal(c.req.param('id'), d.data === 'approve' ? 'approved' : 'rejected', {
        reviewer: o.reviewer ?? 'web-ui',
        ...(o.note ? { note: o.note } : {}),
      }),
    );
  });

  // --- MCP (Streamable HTTP, stateless: one server + transport per request) ----------------
  app.post('/mcp', limit(maxJson), async (c) => {
    const text = await c.req.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return c.json({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }, 400);
    }
    const server = createMcpServer({ service });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    c.env.outgoing.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(c.env.incoming, c.env.outgoing, parsed);
    return RESPONSE_ALREADY_SENT;
  });
  app.on(['GET', 'DELETE'], '/mcp', (c) => problem(c, 405, 'RAG_UNSUPPORTED', 'this MCP endpoint is stateless: POST JSON-RPC requests'));

  // --- web UI ----------------------------------------------------------------------------
  const ui = options.ui;
  if (ui) {
    const csp = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";
    app.get('/', (c) => {
      c.header('Content-Security-Policy', csp);
      return c.html(ui.html);
    });
    app.get('/ui/app.js', (c) => {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      return c.body(ui.js);
    });
    app.get('/ui/app.css', (c) => {
      c.header('Content-Type', 'text/css; charset=utf-8');
      return c.body(ui.css);
    });
  }
  return app;
}

// Human-in-the-loop proposals: facts an agent or a person suggests, reviewed before they count.
import { RagError } from '@rag/core';
import { z } from 'zod';
import { parseJsonText, problem, readBody, zodMessage, type HttpApp, type RouteContext } from '../http-kit.js';
import { decodeJsonBody, findBadString } from '../read-json.js';
import { describeRoute } from '../openapi/describe-route.js';
import { ReviewItemSchema } from '../openapi/response-schemas.js';
import { DecisionBodySchema, ProposalBodySchema, ProposalEditBodySchema } from '../schemas.js';

const StatusQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() });

export function registerProposalRoutes(app: HttpApp, ctx: RouteContext): void {
  const { service } = ctx;
  describeRoute(app, { method: 'get', path: '/api/proposals', tag: 'proposals', summary: 'List proposals, optionally by status', query: StatusQuery, response: z.array(ReviewItemSchema) });
  app.get('/api/proposals', (c) => {
    const s = c.req.query('status');
    const status = s === undefined ? undefined : z.enum(['pending', 'approved', 'rejected']).parse(s);
    return c.json(service.listProposals(status));
  });

  describeRoute(app, { method: 'get', path: '/api/proposals/audit', tag: 'proposals', summary: 'The audit trail of proposal decisions', response: z.array(z.looseObject({})) });
  app.get('/api/proposals/audit', (c) => c.json(service.proposalAudit()));

  describeRoute(app, { method: 'post', path: '/api/proposals', tag: 'proposals', summary: 'Propose a fact', body: ProposalBodySchema, response: ReviewItemSchema, status: 201, writes: true });
  app.post('/api/proposals', ctx.writes, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const b = await readBody(c, ProposalBodySchema);
    return c.json(await service.addProposal(b), 201);
  });

  describeRoute(app, { method: 'post', path: '/api/proposals/:id/edit', tag: 'proposals', summary: 'Edit a pending proposal', body: ProposalEditBodySchema, response: ReviewItemSchema, writes: true });
  app.post('/api/proposals/:id/edit', ctx.writes, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const b = await readBody(c, ProposalEditBodySchema);
    const changes = Object.fromEntries(Object.entries(b.changes).filter(([, v]) => v !== undefined));
    return c.json(await service.editProposal(c.req.param('id'), changes, b.reviewer));
  });

  describeRoute(app, {
    method: 'post',
    path: '/api/proposals/:id/:decision',
    tag: 'proposals',
    summary: 'Approve or reject a proposal (`decision` is `approve` or `reject`; the body is optional)',
    body: DecisionBodySchema,
    bodyOptional: true,
    response: ReviewItemSchema,
    writes: true,
  });
  app.post('/api/proposals/:id/:decision', ctx.writes, ctx.limit(ctx.maxJsonBytes), async (c) => {
    const d = z.enum(['approve', 'reject']).safeParse(c.req.param('decision'));
    if (!d.success) return problem(c, 404, 'RAG_NOT_FOUND', `no route POST ${c.req.path}`);
    // The body is optional (who decides, and a note); an empty body means the default reviewer.
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const raw = decodeJsonBody(bytes);
    let o: z.infer<typeof DecisionBodySchema> = {};
    if (raw.trim() !== '') {
      const value = parseJsonText(raw);
      const bad = findBadString(value);
      if (bad) throw new RagError('RAG_INVALID_TEXT', `${bad.path}: ${bad.problem}`, { details: { input: bad.path } });
      const parsed = DecisionBodySchema.safeParse(value);
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
}

// What every route module shares: the app type, the error body, and schema-checked reading of
// bodies and queries. Nothing from the network reaches the service before one of these parsed it.
import type { HttpBindings } from '@hono/node-server';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { RagError } from '@rag/core';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { RagService } from '../service/rag-service.js';
import { readJson } from './read-json.js';

export type Env = { Bindings: HttpBindings };
export type HttpApp = OpenAPIHono<Env>;

export type ProblemStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 500 | 503;

/** The one error body of the API: `{ error: { code, message, details? } }`. */
export const problem = (c: Context, status: ProblemStatus, code: string, message: string, details?: unknown) =>
  c.json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);

export const zodMessage = (where: string, e: z.ZodError) =>
  `${where}: ${e.issues.map((i) => `${i.path.length ? i.path.join('.') : 'value'}: ${i.message}`).join('; ')}`;

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RagError('RAG_INVALID_INPUT', 'body: not valid JSON', { details: { input: 'body' } });
  }
}

/** Parse a JSON body with a schema; malformed JSON and schema violations both become 400. */
export async function readBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  // Read first (a size-limit error must stay a 413), then decode (strict UTF-8) and parse.
  const raw = await readJson(c);
  const r = schema.safeParse(raw);
  if (!r.success) throw new RagError('RAG_INVALID_INPUT', zodMessage('body', r.error), { details: { input: 'body' } });
  return r.data;
}

export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const r = schema.safeParse(c.req.query());
  if (!r.success) throw new RagError('RAG_INVALID_INPUT', zodMessage('query', r.error), { details: { input: 'query' } });
  return r.data;
}

/** Where a request comes from: the peer's address, and whether it is this machine. */
export interface RemotePeer {
  address: string;
  loopback: boolean;
}

const LOOPBACK_ADDRESS = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** The peer of a request; an in-process request (app.request, tests) has no socket and counts as this machine. */
export function remotePeer(c: Context<Env>): RemotePeer {
  const address = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress;
  if (address === undefined) return { address: 'in-process', loopback: true };
  return { address, loopback: LOOPBACK_ADDRESS.test(address) };
}

/** What a route module gets from the app: the service and the shared middleware. */
export interface RouteContext {
  service: RagService;
  /** Requires the bearer token when one is configured (every route that writes uses it). */
  writes: MiddlewareHandler<Env>;
  /** Requires the bearer token for reads when one is configured and reads are not public. */
  reads: MiddlewareHandler<Env>;
  /** The request's peer (address, loopback or not). */
  remote(c: Context<Env>): RemotePeer;
  /** Who the edit log names for a write made by this request: the workspace, whether it had the token, the peer. */
  actor(c: Context<Env>): string;
  /** A body-size limit that answers 413 in the API's error shape. */
  limit(maxBytes: number): MiddlewareHandler<Env>;
  maxJsonBytes: number;
  maxUploadBytes: number;
  /** Throws the 503 (with Retry-After) an ask of `method` would get now, before a stream is opened. */
  admit(method?: string): void;
  /**
   * Middleware that refuses an ask with 503 (and Retry-After) before its body is read when no
   * method would be admitted now: under a burst, a refusal costs the main thread little, so
   * health, info and writes stay prompt.
   */
  admitAny: MiddlewareHandler<Env>;
  /** The 503 an ask would get now whatever its method, or undefined (for routes that render errors in their own shape). */
  busyForAny(): RagError | undefined;
  /** True when writes need a token (shown by /api/info). */
  tokenRequired: boolean;
  /** The request's bearer token against the configured one (routes that check it themselves, e.g. /mcp). */
  bearer(c: Context): BearerState;
}

/** 'not-required': the server has no token; 'missing' / 'invalid' / 'valid': what the request sent. */
export type BearerState = 'not-required' | 'missing' | 'invalid' | 'valid';

// Reads a compatible endpoint's JSON body: size-limited (413), parsed (400 on malformed JSON)
// and schema-checked (400 naming the offending field), with errors thrown as RagError so each
// dialect renders them in its own error shape.
import { RagError } from '@rag/core';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod';
import { zodMessage } from '../http-kit.js';
import { readJson } from '../read-json.js';

export async function readCompatBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const raw = await readJson(c);
  const r = schema.safeParse(raw);
  if (!r.success) throw new RagError('RAG_INVALID_INPUT', zodMessage('body', r.error), { details: { input: r.error.issues[0]?.path.join('.') || 'body' } });
  return r.data;
}

/** A body-size limit answering in the dialect's error shape. */
export function compatBodyLimit(maxSize: number, render: (c: Context, err: RagError) => Response): MiddlewareHandler {
  return bodyLimit({ maxSize, onError: (c) => render(c, new RagError('RAG_TOO_LARGE', `body: larger than the ${maxSize}-byte limit`, { details: { input: 'body' } })) });
}

/**
 * Refuses the ask before its body is read when no method would be admitted now (503 with
 * Retry-After, in the dialect's error shape), as POST /api/ask does.
 */
export function compatAdmitAny(busy: () => RagError | undefined, render: (c: Context, err: RagError) => Response): MiddlewareHandler {
  return (c, next) => {
    const err = busy();
    return err ? Promise.resolve(render(c, err)) : next();
  };
}

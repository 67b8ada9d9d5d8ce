// A JSON request body as the API reads it: the bytes decoded as strict UTF-8 (invalid bytes are
// a 400 naming the field they sit in, never silently turned into U+FFFD), parsed, and every
// string in it held to the text rules (no U+FFFD, no unpaired surrogates: `"\ud800"` is valid
// JSON but not text). Nothing from the network reaches a route before this.
import { RagError, textProblem } from '@rag/core';
import type { Context } from 'hono';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new RagError('RAG_INVALID_INPUT', 'body: not valid JSON', { details: { input: 'body' } });
  }
};

/** `docs[1].text` for the path ['docs', 1, 'text']. */
export const formatPath = (path: readonly (string | number)[]): string =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${p}` : p), '') || 'body';

/** The first string (or object key) in `value` the text rules refuse, with its path. */
export function findBadString(value: unknown, path: (string | number)[] = [], depth = 0): { path: string; problem: string } | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: formatPath(path), problem } : undefined;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadString(value[i], [...path, i], depth + 1);
      if (bad) return bad;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: formatPath(path), problem: `key ${JSON.stringify(key)} ${keyProblem}` };
    const bad = findBadString(v, [...path, key], depth + 1);
    if (bad) return bad;
  }
  return undefined;
}

/** Decode a body's bytes as strict UTF-8; on failure, name the field that holds the bad bytes. */
export function decodeJsonBody(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Decode leniently only to find where the bad bytes are; the body is refused either way.
    let where = 'body';
    try {
      where = findBadString(JSON.parse(new TextDecoder('utf-8').decode(bytes)))?.path ?? 'body';
    } catch {
      // not JSON either: the whole body is named
    }
    throw new RagError('RAG_INVALID_TEXT', `${where}: is not valid UTF-8 (the body must be UTF-8)`, { details: { input: where } });
  }
}

/** Read, decode (strict UTF-8), parse and text-check a JSON request body. */
export async function readJson(c: Context): Promise<unknown> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const value = parse(decodeJsonBody(bytes));
  const bad = findBadString(value);
  if (bad) throw new RagError('RAG_INVALID_TEXT', `${bad.path}: ${bad.problem}`, { details: { input: bad.path } });
  return value;
}

// Graph snapshots on disk: `graph.json` = one header line (format, version, byte length,
// sha256 of the body) + the JSON body. Writes are atomic (temp file, fsync, rename) and the
// last good snapshot is kept as `graph.prev.json`, so a torn or corrupted write is refused on
// load while the previous state stays loadable. (The new graph.json is written through a temp
// file + rename, so the hard link taken for graph.prev.json never sees the new bytes.)
import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RagError, writeFileAtomic } from '@rag/core';
import { z } from 'zod';
import { createGraphStore, type GraphStoreExtras, type GraphStoreOptions } from './graph-store.js';
import { GRAPH_FORMAT_VERSION } from './schemas.js';
import type { GraphStore } from './types.js';

export const GRAPH_FILE = 'graph.json';
export const GRAPH_PREV_FILE = 'graph.prev.json';
const FORMAT = 'rag-graph';

const HeaderSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export interface SaveGraphResult {
  path: string;
  bytes: number;
  sha256: string;
  /** True when the snapshot that was there before is now `graph.prev.json`. */
  rotated: boolean;
}

export async function saveGraph(store: GraphStore, dir: string): Promise<SaveGraphResult> {
  await mkdir(dir, { recursive: true }).catch((cause: unknown) => {
    throw new RagError('RAG_IO', `dir: cannot create ${dir}`, { cause, details: { input: 'dir', dir } });
  });
  const path = join(dir, GRAPH_FILE);
  const body = Buffer.from(JSON.stringify(store.toJSON()), 'utf8');
  const sha256 = createHash('sha256').update(body).digest('hex');
  const header = JSON.stringify({ format: FORMAT, formatVersion: GRAPH_FORMAT_VERSION, bytes: body.length, sha256 });
  // keep the current snapshot as the fallback only if it is itself intact
  let rotated = false;
  const existing = await readFile(path).catch(() => undefined);
  if (existing && verify(existing).ok) {
    await rotate(dir, path, existing);
    rotated = true;
  }
  await writeFileAtomic(path, Buffer.concat([Buffer.from(header + '\n', 'utf8'), body]));
  return { path, bytes: body.length + header.length + 1, sha256, rotated };
}

export interface LoadGraphOptions extends Omit<GraphStoreOptions, 'snapshot'> {
  /** "current" (default) reads graph.json; "previous" reads the last good one before it. */
  from?: 'current' | 'previous';
}

export async function loadGraph(dir: string, options: LoadGraphOptions = {}): Promise<GraphStore & GraphStoreExtras> {
  const { from = 'current', ...storeOptions } = options;
  const path = join(dir, from === 'previous' ? GRAPH_PREV_FILE : GRAPH_FILE);
  const raw = await readFile(path).catch((cause: unknown) => {
    throw new RagError('RAG_NOT_FOUND', `dir: no graph snapshot at ${path}`, { cause, details: { input: 'dir', path } });
  });
  const prevPath = join(dir, GRAPH_PREV_FILE);
  const hasPrev = from === 'current' && (await stat(prevPath).then(() => true, () => false));
  const hint = hasPrev ? `; the previous snapshot is intact in ${GRAPH_PREV_FILE} (load it with { from: "previous" })` : '';
  const checked = verify(raw);
  if (!checked.ok) {
    throw new RagError(checked.code, `${path}: ${checked.problem}${hint}`, {
      details: { input: 'dir', path, problem: checked.problem, previous: hasPrev ? prevPath : null },
    });
  }
  let snapshot: unknown;
  try {
    snapshot = JSON.parse(checked.body.toString('utf8'));
  } catch (cause) {
    throw new RagError('RAG_STORE_CORRUPT', `${path}: body is not valid JSON${hint}`, { cause, details: { input: 'dir', path } });
  }
  try {
    return createGraphStore({ ...storeOptions, snapshot });
  } catch (cause) {
    if (RagError.isInstance(cause, 'RAG_STORE_VERSION')) throw cause;
    throw new RagError('RAG_STORE_CORRUPT', `${path}: snapshot does not describe a valid graph${hint}`, {
      cause,
      details: { input: 'dir', path },
    });
  }
}

/**
 * graph.json → graph.prev.json without ever leaving graph.json missing: hard-link it under a
 * temp name and rename that over graph.prev.json (no copy of a file that may be hundreds of
 * MB); where hard links are unavailable, write a copy atomically instead.
 */
async function rotate(dir: string, path: string, bytes: Buffer): Promise<void> {
  const prev = join(dir, GRAPH_PREV_FILE);
  const tmp = join(dir, `.${GRAPH_PREV_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await link(path, tmp);
    await rename(tmp, prev);
  } catch {
    await rm(tmp, { force: true }).catch(() => undefined);
    await writeFileAtomic(prev, bytes);
  }
}

type Verified = { ok: true; body: Buffer } | { ok: false; code: 'RAG_STORE_CORRUPT' | 'RAG_STORE_VERSION'; problem: string };

function verify(raw: Buffer): Verified {
  const nl = raw.indexOf(0x0a);
  if (nl < 0) return { ok: false, code: 'RAG_STORE_CORRUPT', problem: 'no header line (truncated or not a graph snapshot)' };
  let header: unknown;
  try {
    header = JSON.parse(raw.subarray(0, nl).toString('utf8'));
  } catch {
    return { ok: false, code: 'RAG_STORE_CORRUPT', problem: 'header is not valid JSON' };
  }
  const parsed = HeaderSchema.safeParse(header);
  if (!parsed.success) return { ok: false, code: 'RAG_STORE_CORRUPT', problem: 'header is not a rag-graph header' };
  const h = parsed.data;
  if (h.formatVersion !== GRAPH_FORMAT_VERSION) {
    return { ok: false, code: 'RAG_STORE_VERSION', problem: `format version ${h.formatVersion} is not supported (expected ${GRAPH_FORMAT_VERSION})` };
  }
  const body = raw.subarray(nl + 1);
  if (body.length !== h.bytes) {
    return { ok: false, code: 'RAG_STORE_CORRUPT', problem: `body is ${body.length} bytes, header says ${h.bytes} (truncated?)` };
  }
  const sha = createHash('sha256').update(body).digest('hex');
  if (sha !== h.sha256) return { ok: false, code: 'RAG_STORE_CORRUPT', problem: 'checksum mismatch' };
  return { ok: true, body };
}

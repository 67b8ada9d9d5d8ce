// Builds the corpus index once and keeps it on disk under
// `<cacheRoot>/<corpus hash>-<config hash>/`, so later runs on an unchanged corpus with the
// same stack reuse it. A build goes to a temporary directory that is renamed into place only
// after its marker file is written: an interrupted build never looks like a finished one.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { contentHash, writeFileAtomic } from '@rag/core';
import type { DocInput } from '@rag/core';
import type { RagIndex } from '@rag/indexer';
import { z } from 'zod';

/** Bump when the cache layout or what goes into the key changes. */
// 2: keyword terms gained plain-digit number terms (`1M`, `1,000,000` → 1000000).
export const INDEX_CACHE_VERSION = 2;
const MARKER = 'eval-cache.json';

const MarkerSchema = z.object({
  version: z.literal(INDEX_CACHE_VERSION),
  corpusHash: z.string(),
  configHash: z.string(),
  docs: z.number().int().nonnegative(),
  indexMs: z.number().nonnegative(),
  createdAt: z.string(),
});

/** How an index is built, saved and reopened; @rag/indexer in production, fakes in tests. */
export interface IndexBackend {
  /** Identity of everything that shapes the built index (embedder, vectors, indexer options). */
  configKey: string;
  build(docs: DocInput[], onProgress?: (done: number, total: number, stage?: string) => void): Promise<RagIndex>;
  save(index: RagIndex, dir: string): Promise<void>;
  open(dir: string): Promise<RagIndex>;
}

export interface CachedIndexOptions {
  docs: DocInput[];
  backend: IndexBackend;
  /** Cache root, e.g. ".rag-cache"; undefined disables the cache (build in memory only). */
  cacheRoot?: string;
  /** Lines for stderr ("reusing cached index …"). */
  log?: (line: string) => void;
  onProgress?: (done: number, total: number, stage?: string) => void;
}

export interface CachedIndex {
  /** Directory of the saved index, when the cache is on. */
  dir?: string;
  reused: boolean;
  /** Build time of the index (measured now, or recorded when it was built). */
  indexMs: number;
  /** The index opened for this run. */
  index: RagIndex;
}

export function corpusHash(docs: readonly DocInput[]): string {
  return contentHash(...docs.flatMap((d) => [d.id, d.title ?? '', d.text]));
}

export async function openCachedIndex(options: CachedIndexOptions): Promise<CachedIndex> {
  const log = options.log ?? (() => undefined);
  const cHash = corpusHash(options.docs);
  const kHash = contentHash(String(INDEX_CACHE_VERSION), options.backend.configKey);
  if (options.cacheRoot === undefined) {
    const t0 = performance.now();
    const index = await options.backend.build(options.docs, options.onProgress);
    const indexMs = performance.now() - t0;
    return { reused: false, indexMs, index };
  }
  const dir = join(options.cacheRoot, `${cHash.slice(0, 16)}-${kHash.slice(0, 16)}`);
  const marker = await readMarker(dir);
  if (marker && marker.corpusHash === cHash && marker.configHash === kHash) {
    try {
      const index = await options.backend.open(join(dir, 'index'));
      log(`rag-eval: corpus unchanged, reusing the cached index in ${dir} (built in ${Math.round(marker.indexMs)} ms)`);
      return { dir, reused: true, indexMs: marker.indexMs, index };
    } catch (error) {
      log(`rag-eval: the cached index in ${dir} could not be opened (${(error as Error).message}); rebuilding it`);
    }
  }
  log(`rag-eval: indexing ${options.docs.length} documents into ${dir}`);
  const t0 = performance.now();
  const index = await options.backend.build(options.docs, options.onProgress);
  const indexMs = performance.now() - t0;
  const tmp = `${dir}.tmp-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(join(tmp, 'index'), { recursive: true });
    await options.backend.save(index, join(tmp, 'index'));
    await writeFileAtomic(
      join(tmp, MARKER),
      JSON.stringify({ version: INDEX_CACHE_VERSION, corpusHash: cHash, configHash: kHash, docs: options.docs.length, indexMs, createdAt: new Date().toISOString() }, null, 2),
    );
    await rm(dir, { recursive: true, force: true });
    await rename(tmp, dir);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  return { dir, reused: false, indexMs, index };
}

async function readMarker(dir: string): Promise<z.infer<typeof MarkerSchema> | undefined> {
  try {
    await stat(join(dir, MARKER));
    const parsed = MarkerSchema.safeParse(JSON.parse(await readFile(join(dir, MARKER), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

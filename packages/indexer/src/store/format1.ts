// Format 1 of an index directory (release 0.1.0): each checkpoint wrote a complete generation of
// JSON files (state.json, graph.json, keyword.json) and vectors.bin, then repointed CURRENT.
// Kept to open (migrate) stores written by that release, and for benchmarks that compare the
// two formats in one run; new stores are written in format 2 (format2.ts).
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ChunkSchema, DocSchema, RagError, writeFileAtomic } from '@rag/core';
import { z } from 'zod';

export const FORMAT_VERSION = 1;
export const CURRENT_FILE = 'CURRENT';

export const ManifestSchema = z.object({
  formatVersion: z.number().int(),
  embedderId: z.string(),
  dimensions: z.number().int().nonnegative(),
  docs: z.number().int().nonnegative(),
  chunks: z.number().int().nonnegative(),
  sentences: z.number().int().nonnegative(),
  nodes: z.number().int().nonnegative(),
  edges: z.number().int().nonnegative(),
  gearHeads: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  namespace: z.string(),
  vectorStoreId: z.string(),
  keywordIndexId: z.string(),
  extractorId: z.string(),
  txn: z.number().int().nonnegative(),
  vectorsPersisted: z.boolean(),
  keywordPersisted: z.boolean(),
  versions: z.record(z.string(), z.string()),
});
export type StoredManifest = z.infer<typeof ManifestSchema>;

export const StateSchema = z.object({
  docs: z.array(DocSchema),
  chunks: z.array(ChunkSchema),
  summaries: z.array(z.object({ docId: z.string(), text: z.string() })),
  communities: z.array(z.object({ id: z.number().int(), members: z.array(z.string()), summary: z.string() })),
  /** Documents changed since the communities were computed (absent in stores written before 26 Nov 2026). */
  communitiesAge: z.number().int().nonnegative().optional(),
  gear: z.object({ nodes: z.array(z.string()), edges: z.array(z.string()) }),
});
export type StoredState = z.infer<typeof StateSchema>;

export interface SnapshotFiles {
  manifest: StoredManifest;
  state: StoredState;
  graph: unknown;
  keyword?: unknown;
  vectors?: Uint8Array;
}

export function generationName(txn: number): string {
  return `gen-${String(txn).padStart(8, '0')}`;
}

export async function writeSnapshot(dir: string, files: SnapshotFiles): Promise<string> {
  const gen = generationName(files.manifest.txn);
  const gdir = join(dir, gen);
  await rm(gdir, { recursive: true, force: true });
  await mkdir(gdir, { recursive: true });
  await writeFileAtomic(join(gdir, 'state.json'), JSON.stringify(files.state));
  await writeFileAtomic(join(gdir, 'graph.json'), JSON.stringify(files.graph));
  if (files.keyword !== undefined) await writeFileAtomic(join(gdir, 'keyword.json'), JSON.stringify(files.keyword));
  if (files.vectors) await writeFileAtomic(join(gdir, 'vectors.bin'), files.vectors);
  // the manifest last: a generation without one is incomplete and never made current
  await writeFileAtomic(join(gdir, 'manifest.json'), JSON.stringify(files.manifest, null, 2));
  await writeFileAtomic(join(dir, CURRENT_FILE), gen);
  // also expose the manifest at the top level for tools that only peek
  await writeFileAtomic(join(dir, 'manifest.json'), JSON.stringify(files.manifest, null, 2));
  for (const entry of await readdir(dir)) {
    if (entry.startsWith('gen-') && entry !== gen) await rm(join(dir, entry), { recursive: true, force: true });
  }
  return gen;
}

export async function readCurrent(dir: string): Promise<string | undefined> {
  try {
    const gen = (await readFile(join(dir, CURRENT_FILE), 'utf8')).trim();
    return /^gen-\d{8}$/.test(gen) ? gen : undefined;
  } catch {
    return undefined;
  }
}

export async function readSnapshot(dir: string): Promise<SnapshotFiles | undefined> {
  const gen = await readCurrent(dir);
  if (!gen) return undefined;
  const gdir = join(dir, gen);
  const corrupt = (what: string, cause?: unknown) =>
    new RagError('RAG_STORE_CORRUPT', `index ${dir}: ${what}`, { ...(cause ? { cause } : {}), details: { dir, generation: gen } });
  const readJson = async (name: string, optional = false): Promise<unknown> => {
    try {
      return JSON.parse(await readFile(join(gdir, name), 'utf8'));
    } catch (e) {
      if (optional && (e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw corrupt(`cannot read ${gen}/${name}`, e);
    }
  };
  const manifest = ManifestSchema.safeParse(await readJson('manifest.json'));
  if (!manifest.success) throw corrupt(`invalid manifest: ${z.prettifyError(manifest.error)}`);
  if (manifest.data.formatVersion !== FORMAT_VERSION)
    throw new RagError('RAG_STORE_VERSION', `index ${dir} has format ${manifest.data.formatVersion}, this version reads ${FORMAT_VERSION}`, {
      details: { dir, found: manifest.data.formatVersion, expected: FORMAT_VERSION },
    });
  const state = StateSchema.safeParse(await readJson('state.json'));
  if (!state.success) throw corrupt(`invalid state: ${z.prettifyError(state.error).slice(0, 500)}`);
  const graph = await readJson('graph.json');
  const keyword = manifest.data.keywordPersisted ? await readJson('keyword.json') : undefined;
  let vectors: Uint8Array | undefined;
  if (manifest.data.vectorsPersisted) {
    try {
      vectors = new Uint8Array(await readFile(join(gdir, 'vectors.bin')));
    } catch (e) {
      throw corrupt(`cannot read ${gen}/vectors.bin`, e);
    }
  }
  return { manifest: manifest.data, state: state.data, graph, ...(keyword !== undefined ? { keyword } : {}), ...(vectors ? { vectors } : {}) };
}

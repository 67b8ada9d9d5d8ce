// Format 2 of an index directory (segments may be a base plus deltas: see persist.ts):
//
//   CURRENT                 names the live generation ("gen-00000012")
//   gen-00000012/manifest.json   counts, ids, and the segment files this generation is made of
//   seg/<kind>-<sha256>.bin      immutable, content-addressed binary files (state, graph,
//                                keyword index, one file per vector namespace)
//   journal.jsonl
//
// A commit writes only the segments whose content changed (an unchanged component keeps its
// file: same bytes, same name), fsyncs them, writes the generation's manifest, then repoints
// CURRENT atomically. The previous generation and its files are kept as the last good state;
// older ones are removed. A crash at any point leaves CURRENT naming a complete generation.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { RagError, writeFileAtomic } from '@rag/core';
import { z } from 'zod';
import { CURRENT_FILE, ManifestSchema as Format1ManifestSchema, generationName } from './format1.js';

export const FORMAT2_VERSION = 2;
export const SEGMENT_DIR = 'seg';

const RefSchema = z.object({ file: z.string().regex(/^[a-z0-9-]+\.bin$/), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type SegmentRef = z.infer<typeof RefSchema>;
/** A delta segment of a vector namespace: `records` upserted and `deleted` ids (vector-delta.ts). */
const DeltaRefSchema = RefSchema.extend({ records: z.number().int().nonnegative(), deleted: z.number().int().nonnegative() });
export type DeltaSegmentRef = z.infer<typeof DeltaRefSchema>;
/** A vector namespace: its base segment (`file`), then its deltas in commit order. */
const VectorRefSchema = RefSchema.extend({ dims: z.number().int().positive(), count: z.number().int().nonnegative(), deltas: z.array(DeltaRefSchema).default([]) });
export type VectorSegmentRef = z.infer<typeof VectorRefSchema>;

export const Manifest2Schema = Format1ManifestSchema.extend({
  formatVersion: z.literal(FORMAT2_VERSION),
  files: z.object({
    state: RefSchema,
    /** Deltas applied to the state in commit order (state-delta.ts); `docs`: documents each touched. */
    stateDeltas: z.array(RefSchema.extend({ docs: z.number().int().nonnegative() })).default([]),
    graph: RefSchema,
    /** Deltas applied to the graph in commit order (@rag/graph-store's graph-delta.ts); `records`: nodes and edges each changed. */
    graphDeltas: z.array(RefSchema.extend({ records: z.number().int().nonnegative() })).default([]),
    keyword: RefSchema.optional(),
    /** Chunk ids the keyword index changed since its base, per commit (keyword-delta.ts). */
    keywordDeltas: z.array(RefSchema.extend({ chunks: z.number().int().nonnegative() })).default([]),
    vectors: z.record(z.string(), VectorRefSchema),
    /** Vector namespaces not stored but recomputed from the graph on first use (GEAR views). */
    derived: z.record(z.string(), z.object({ kind: z.enum(['node', 'edge']), head: z.number().int().nonnegative(), dims: z.number().int().positive(), count: z.number().int().nonnegative() })).default({}),
  }),
});
export type DerivedRef = Manifest2['files']['derived'][string];
export type Manifest2 = z.infer<typeof Manifest2Schema>;

/** Write `bytes` as a content-addressed segment (skipped when that exact file is there). */
export async function writeSegment(dir: string, kind: string, bytes: Uint8Array): Promise<SegmentRef & { written: boolean }> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file = `${kind}-${sha256.slice(0, 24)}.bin`;
  const path = join(dir, SEGMENT_DIR, file);
  const existing = await stat(path).catch(() => undefined);
  if (!existing || existing.size !== bytes.byteLength) {
    await mkdir(join(dir, SEGMENT_DIR), { recursive: true });
    await writeFileAtomic(path, bytes);
  }
  return { file, bytes: bytes.byteLength, sha256, written: !existing || existing.size !== bytes.byteLength };
}

/** A segment's bytes; the size is checked here (truncation), the content by its decoder's CRC. */
export function readSegmentSync(dir: string, ref: SegmentRef): Uint8Array {
  const path = join(dir, SEGMENT_DIR, ref.file);
  let bytes: Buffer;
  try {
    bytes = readWholeFileSync(path);
  } catch (cause) {
    throw new RagError('RAG_STORE_CORRUPT', `${path}: cannot read (${(cause as Error).message})`, { cause, details: { file: path } });
  }
  if (bytes.byteLength !== ref.bytes)
    throw new RagError('RAG_STORE_CORRUPT', `${path}: ${bytes.byteLength} bytes, the manifest says ${ref.bytes} (truncated or replaced)`, { details: { file: path } });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Largest read handed to one `readSync` (Node's `readFileSync` refuses files over 2 GiB: a
 * million-passage store's sentence vectors come close to that). */
const READ_PIECE = 1 << 30;

/** A whole file, read in pieces of at most `piece` bytes (files up to Buffer's 4 GiB limit). */
export function readWholeFileSync(path: string, piece = READ_PIECE): Buffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, out, at, Math.min(piece, size - at), at);
      if (n === 0) break; // the file shrank while read: the caller's size check reports it
      at += n;
    }
    return at === size ? out : out.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/** Check that every segment the manifest names is there with its size (cheap: no reads). */
export function checkSegments(dir: string, m: Manifest2): void {
  for (const ref of allRefs(m)) {
    const path = join(dir, SEGMENT_DIR, ref.file);
    const size = existsSync(path) ? statSync(path).size : -1;
    if (size !== ref.bytes)
      throw new RagError('RAG_STORE_CORRUPT', `${path}: ${size < 0 ? 'missing' : `${size} bytes, the manifest says ${ref.bytes}`} (open the previous generation with { generation: "previous" })`, {
        details: { file: path },
      });
  }
}

const allRefs = (m: Manifest2): SegmentRef[] => [
  m.files.state,
  ...m.files.stateDeltas,
  m.files.graph,
  ...m.files.graphDeltas,
  ...(m.files.keyword ? [m.files.keyword] : []),
  ...m.files.keywordDeltas,
  ...Object.values(m.files.vectors).flatMap((v) => [v, ...v.deltas]),
];

/**
 * Commit a generation: its manifest, then CURRENT; then drop every generation but it and `keep`
 * (default: the one it replaces; null: none) and the segments only they used.
 */
export async function commitGeneration(dir: string, manifest: Manifest2, keep?: string | null): Promise<string> {
  const gen = generationName(manifest.txn);
  const previous = (await readFile(join(dir, CURRENT_FILE), 'utf8').catch(() => '')).trim();
  const gdir = join(dir, gen);
  await rm(gdir, { recursive: true, force: true });
  await mkdir(gdir, { recursive: true });
  const text = JSON.stringify(manifest, null, 2);
  await writeFileAtomic(join(gdir, 'manifest.json'), text);
  await writeFileAtomic(join(dir, CURRENT_FILE), gen);
  await writeFileAtomic(join(dir, 'manifest.json'), text);
  await collectGarbage(dir, new Set([gen, ...(keep === null ? [] : [keep ?? previous])]));
  return gen;
}

async function collectGarbage(dir: string, keep: Set<string>): Promise<void> {
  const referenced = new Set<string>();
  for (const entry of await readdir(dir)) {
    if (!entry.startsWith('gen-')) continue;
    if (!keep.has(entry)) {
      await rm(join(dir, entry), { recursive: true, force: true });
      continue;
    }
    const m = Manifest2Schema.safeParse(JSON.parse(await readFile(join(dir, entry, 'manifest.json'), 'utf8').catch(() => '{}')));
    if (m.success) for (const ref of allRefs(m.data)) referenced.add(ref.file);
  }
  const segDir = join(dir, SEGMENT_DIR);
  if (!existsSync(segDir)) return;
  for (const file of await readdir(segDir)) if (!referenced.has(file)) await rm(join(segDir, file), { force: true });
}

/** The generation to open: CURRENT's, or the one before it. */
export async function generationToOpen(dir: string, which: 'current' | 'previous'): Promise<string | undefined> {
  const current = (await readFile(join(dir, CURRENT_FILE), 'utf8').catch(() => '')).trim();
  if (!/^gen-\d{8}$/.test(current)) return undefined;
  if (which === 'current') return current;
  const older = (await readdir(dir)).filter((e) => /^gen-\d{8}$/.test(e) && e < current).sort();
  const prev = older[older.length - 1];
  if (!prev) throw new RagError('RAG_NOT_FOUND', `index ${dir}: there is no generation before ${current}`, { details: { dir } });
  return prev;
}

/** Read a generation's manifest and tell the formats apart. */
export async function readManifest(dir: string, gen: string): Promise<{ version: 1 } | { version: 2; manifest: Manifest2 }> {
  const path = join(dir, gen, 'manifest.json');
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    throw new RagError('RAG_STORE_CORRUPT', `${path}: cannot read the manifest`, { cause, details: { file: path } });
  }
  const version = (raw as { formatVersion?: unknown })?.formatVersion;
  if (version === 1) return { version: 1 };
  if (version !== FORMAT2_VERSION)
    throw new RagError('RAG_STORE_VERSION', `index ${dir} has format ${String(version)}; this version reads formats 1 and ${FORMAT2_VERSION}`, {
      details: { dir, found: version },
    });
  const m = Manifest2Schema.safeParse(raw);
  if (!m.success) throw new RagError('RAG_STORE_CORRUPT', `${path}: invalid manifest: ${z.prettifyError(m.error).slice(0, 400)}`, { details: { file: path } });
  return { version: 2, manifest: m.data };
}

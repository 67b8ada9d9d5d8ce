// Crash-safe file replacement: write a temp file beside the target, fsync it, rename over
// the target, fsync the directory. A reader sees the old file or the new one, never half.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RagError } from '../errors.js';

export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
    await fsyncDir(dirname(path));
  } catch (cause) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw new RagError('RAG_IO', `could not write ${path}`, { cause, details: { path } });
  }
}

async function fsyncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    // some platforms cannot fsync a directory; the rename is still atomic
  }
}

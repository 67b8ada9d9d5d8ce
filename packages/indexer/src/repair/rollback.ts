// Roll a store back to its previous generation: CURRENT (and the root manifest copy) are
// repointed, atomically, at the generation before the current one, after that generation's
// manifest was read and its segments found. The current generation's directory is left as it
// is (the next commit collects it); nothing else is rewritten. For a store whose current
// generation cannot be opened (a torn write, a missing segment) or holds what should go.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '@rag/core';
import { CURRENT_FILE } from '../store/format1.js';
import { checkSegments, generationToOpen, readManifest } from '../store/format2.js';

export interface Rollback {
  /** The generation CURRENT named before. */
  from: string;
  /** The generation it names now. */
  to: string;
}

/** The generation `rag repair --previous` would open and roll back to (throws RAG_NOT_FOUND when there is none). */
export async function previousGeneration(dir: string): Promise<{ current: string | undefined; previous: string }> {
  const current = await generationToOpen(dir, 'current');
  const previous = await generationToOpen(dir, 'previous');
  return { current, previous: previous! };
}

export async function rollbackGeneration(dir: string): Promise<Rollback> {
  const { current, previous } = await previousGeneration(dir);
  const found = await readManifest(dir, previous);
  if (found.version === 2) checkSegments(dir, found.manifest);
  const text = await readFile(join(dir, previous, 'manifest.json'), 'utf8');
  // the root manifest first: CURRENT is the switch, written last
  await writeFileAtomic(join(dir, 'manifest.json'), text);
  await writeFileAtomic(join(dir, CURRENT_FILE), previous);
  return { from: current ?? '(none)', to: previous };
}

// Before an indexer writes its directory: take the store's writer lock (store-lock.ts) and check
// that the store is still at the generation this indexer opened or last committed. Another
// process may have written it in between (it held the lock then, and released it): writing on
// from the older state would drop its commits, so that is refused (reopen the store instead).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { CURRENT_FILE } from './format1.js';
import { acquireStoreLock, type StoreLock } from './store-lock.js';

/**
 * `expected`: the generation this indexer holds (undefined: it has none; the store must have none
 * either). Returns the lock's handle: release it when the write is done.
 */
export function claimStore(dir: string, expected: string | undefined): StoreLock {
  const lock = acquireStoreLock(dir);
  let current: string | undefined;
  try {
    current = readFileSync(join(dir, CURRENT_FILE), 'utf8').trim() || undefined;
  } catch {
    current = undefined;
  }
  if (current === expected) return lock;
  lock.release();
  throw new RagError(
    'RAG_CONFLICT',
    `store ${dir} was written by another process since this one opened it (it is at ${current ?? 'no generation'}, this process holds ${expected ?? 'none'}); ` +
      'nothing was written: open the store again and repeat the request',
    { details: { dir, current: current ?? null, expected: expected ?? null } },
  );
}

import { createHash } from 'node:crypto';

/** sha256 hex of the given parts, joined unambiguously. */
export function contentHash(...parts: (string | undefined)[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    h.update(String(p?.length ?? -1));
    h.update(':');
    h.update(p ?? '');
  }
  return h.digest('hex');
}

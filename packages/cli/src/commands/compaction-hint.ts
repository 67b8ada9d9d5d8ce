// The one-line note `rag ask`, `rag serve` and `rag mcp` print on stderr when the store they
// opened replays more delta segments than a finished build leaves behind (the indexer's
// DeltaSummary.overBudget: deltas past the delta policy's steady allowance, which only a build
// interrupted between its batches produces). Read from the manifest: it costs no segment read.
import type { RagStack } from '../types.js';
import { formatBytes, segmentCount } from './format-bytes.js';

/** `dir` as the user can paste it back into a shell. */
const shellWord = (dir: string) => (/^[\w./~:@%+=,-]+$/.test(dir) ? dir : `'${dir.replace(/'/g, `'\\''`)}'`);

/** The note for `stack`, or undefined when its store needs no compaction (or cannot tell). */
export function compactionHint(stack: RagStack, storeArg: string): string | undefined {
  const d = stack.deltas?.();
  if (!d || d.overBudget.length === 0) return undefined;
  return `note: this store holds ${segmentCount(d.segments)} (${formatBytes(d.deltaBytes)}) left by an interrupted build; \`rag compact --store ${shellWord(storeArg)}\` makes it open faster`;
}

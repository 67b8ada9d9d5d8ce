// `rag compact --store DIR`: fold the delta segments of a store's live generation into new
// bases (the indexer's compact(): every component written whole, one atomic commit), and say
// what it did. A store with no delta segment and no segment in an older format version is left
// as it is (one in an older version is rewritten in the current one). The figures come from the live
// generation's manifest before and after (RagStack.deltas), and from the commit itself.
import { RagError } from '@rag/core';
import type { RagStack } from '../types.js';
import { formatBytes, segmentCount } from './format-bytes.js';

export interface CompactIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export async function compactStore(stack: RagStack, storeArg: string, io: CompactIo): Promise<void> {
  const out = (s: string) => io.stdout.write(`${s}\n`);
  if (!stack.compact || !stack.deltas)
    throw new RagError('RAG_UNSUPPORTED', `--store ${storeArg}: this store does not support compaction (its backend offers no compact)`, { details: { dir: stack.dir } });
  const before = stack.deltas();
  const outdated = stack.outdated?.() ?? [];
  const older = outdated.map((o) => `${o.component} (version ${o.version} → ${o.current})`).join(', ');
  if ((!before || before.segments === 0) && outdated.length === 0) {
    out(`Nothing to fold: ${stack.dir} holds no delta segments${before ? ` (${formatBytes(before.liveBytes)} on disk)` : ''} and no segment in an older format. Nothing was written.`);
    return;
  }
  const folding = before && before.segments > 0 ? `folding ${segmentCount(before.segments)} (${formatBytes(before.deltaBytes)}) into new bases` : 'rewriting its segments';
  io.stderr.write(
    `compacting ${stack.dir}: ${folding}${older ? `; segments in an older format: ${older}` : ''}; ` +
      'the components are read and written whole, which can take minutes on a large store\n',
  );
  const ticker = elapsedTicker(io.stderr);
  const t0 = performance.now();
  const done = await stack.compact().finally(() => ticker.stop());
  const seconds = (performance.now() - t0) / 1000;
  const after = stack.deltas();
  out(
    `Compacted ${stack.dir} in ${seconds.toFixed(1)} s: ${before && before.segments > 0 ? `folded ${segmentCount(before.segments)} (${formatBytes(before.deltaBytes)}) into new bases` : 'no delta segment to fold'}` +
      `${older ? `; rewrote in the current format: ${older}` : ''}.\n` +
      `Wrote ${formatBytes(done.bytesWritten)}; the live generation is ${formatBytes(after?.liveBytes ?? 0)} on disk (was ${formatBytes(before?.liveBytes ?? 0)}), ` +
      `${segmentCount(after?.segments ?? 0)} left.`,
  );
}

/** On a terminal, the seconds spent so far on one rewritten line (it moves whenever the commit yields). */
function elapsedTicker(stream: CompactIo['stderr']): { stop(): void } {
  if (!stream.isTTY) return { stop: () => undefined };
  const t0 = performance.now();
  const timer = setInterval(() => stream.write(`\r  compacting… ${((performance.now() - t0) / 1000).toFixed(0)} s`), 1000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      stream.write('\r\x1b[2K');
    },
  };
}

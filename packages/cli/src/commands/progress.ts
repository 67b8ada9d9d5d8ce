// Ingest progress on the terminal: one cli-progress bar per stage on a TTY, one line per
// finished stage otherwise (CI logs, pipes).
import cliProgress from 'cli-progress';
import type { IngestProgress } from '../types.js';

export interface StageProgress {
  update(p: IngestProgress): void;
  stop(): void;
}

export function createStageProgress(stream: NodeJS.WritableStream & { isTTY?: boolean }): StageProgress {
  if (stream.isTTY) {
    const multi = new cliProgress.MultiBar(
      { stream: stream as NodeJS.WritableStream & NodeJS.WriteStream, format: '  {stage} |{bar}| {value}/{total}', hideCursor: true, clearOnComplete: false, barsize: 30 },
      cliProgress.Presets.shades_classic,
    );
    const bars = new Map<string, cliProgress.SingleBar>();
    return {
      update(p) {
        let bar = bars.get(p.stage);
        if (!bar) {
          bar = multi.create(Math.max(1, p.total), 0, { stage: p.stage.padEnd(11) });
          bars.set(p.stage, bar);
        }
        bar.setTotal(Math.max(1, p.total));
        bar.update(p.done, { stage: p.stage.padEnd(11) });
      },
      stop: () => multi.stop(),
    };
  }
  const finished = new Set<string>();
  return {
    update(p) {
      if (p.done >= p.total && !finished.has(p.stage)) {
        finished.add(p.stage);
        stream.write(`  ${p.stage.padEnd(11)} ${p.done}/${p.total} done\n`);
      }
    },
    stop: () => undefined,
  };
}

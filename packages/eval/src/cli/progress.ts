// Progress on stderr: a cli-progress bar on a TTY, plain lines (every 10%) otherwise, so logs
// of CI runs stay readable.
import cliProgress from 'cli-progress';
import type { RunProgress } from '../runner.js';

export interface ProgressReporter {
  update(p: RunProgress): void;
  stop(): void;
}

export function createProgressReporter(stream: NodeJS.WritableStream & { isTTY?: boolean }): ProgressReporter {
  const label = (p: RunProgress) => (p.kgDeletion !== undefined ? `${p.method} @ kg-deletion ${p.kgDeletion}%` : p.method);
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | undefined;
    let current = '';
    return {
      update(p) {
        const name = label(p);
        if (name !== current) {
          bar?.stop();
          current = name;
          bar = new cliProgress.SingleBar(
            { stream, format: `${name.padEnd(28)} [{bar}] {value}/{total} {percentage}% eta {eta_formatted}`, hideCursor: true, clearOnComplete: false },
            cliProgress.Presets.shades_classic,
          );
          bar.start(p.total, p.done);
        } else bar?.update(p.done);
      },
      stop() {
        bar?.stop();
        bar = undefined;
      },
    };
  }
  let lastStep = new Map<string, number>();
  return {
    update(p) {
      const name = label(p);
      const step = p.total === 0 ? 10 : Math.floor((p.done / p.total) * 10);
      if (p.done !== 0 && p.done !== p.total && lastStep.get(name) === step) return;
      if (p.done === 0 && lastStep.has(name)) return;
      lastStep.set(name, step);
      stream.write(`${name}: ${p.done}/${p.total}\n`);
    },
    stop() {
      lastStep = new Map();
    },
  };
}

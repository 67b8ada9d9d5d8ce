// Readers share, writers are exclusive: asks run concurrently, while an ingest, delete or
// merge never interleaves with a read of the half-changed index.
export interface RwLock {
  read<T>(fn: () => Promise<T>): Promise<T>;
  write<T>(fn: () => Promise<T>): Promise<T>;
}

export function createRwLock(): RwLock {
  let readers = 0;
  let writing = false;
  const waiting: { write: boolean; wake: () => void }[] = [];

  const pump = () => {
    while (waiting.length > 0 && !writing) {
      const next = waiting[0]!;
      if (next.write) {
        if (readers > 0) return;
        waiting.shift();
        writing = true;
        next.wake();
        return;
      }
      waiting.shift();
      readers += 1;
      next.wake();
    }
  };

  const acquire = (write: boolean) =>
    new Promise<void>((wake) => {
      waiting.push({ write, wake });
      pump();
    });

  return {
    async read(fn) {
      await acquire(false);
      try {
        return await fn();
      } finally {
        readers -= 1;
        pump();
      }
    },
    async write(fn) {
      await acquire(true);
      try {
        return await fn();
      } finally {
        writing = false;
        pump();
      }
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createRwLock } from './rw-lock.js';

const tick = () => new Promise((r) => setImmediate(r));

describe('createRwLock', () => {
  it('lets readers overlap', async () => {
    const lock = createRwLock();
    let inside = 0;
    let most = 0;
    const reader = () =>
      lock.read(async () => {
        most = Math.max(most, ++inside);
        await tick();
        inside--;
      });
    await Promise.all([reader(), reader(), reader()]);
    expect(most).toBe(3);
  });

  it('runs a writer alone and in arrival order between readers', async () => {
    const lock = createRwLock();
    const log: string[] = [];
    const step = (name: string, write: boolean) =>
      (write ? lock.write : lock.read)(async () => {
        log.push(`${name}:start`);
        await tick();
        log.push(`${name}:end`);
      });
    await Promise.all([step('r1', false), step('w', true), step('r2', false)]);
    expect(log).toEqual(['r1:start', 'r1:end', 'w:start', 'w:end', 'r2:start', 'r2:end']);
  });

  it('releases the lock when the holder throws', async () => {
    const lock = createRwLock();
    await expect(lock.write(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.read(async () => 42)).resolves.toBe(42);
  });
});

import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_CORPUS, fakeBackend } from '../test/fakes.js';
import { corpusHash, openCachedIndex } from './index-cache.js';

describe('openCachedIndex', () => {
  it('builds once, then reuses; a different config key builds a separate entry', async () => {
    const root = await mkdtemp(join(tmpdir(), 'rag-eval-cache-'));
    const backend = fakeBackend();
    const logs: string[] = [];
    const a = await openCachedIndex({ docs: FIXTURE_CORPUS, backend, cacheRoot: root, log: (l) => logs.push(l) });
    const b = await openCachedIndex({ docs: FIXTURE_CORPUS, backend, cacheRoot: root, log: (l) => logs.push(l) });
    expect([a.reused, b.reused]).toEqual([false, true]);
    expect(b.dir).toBe(a.dir);
    expect(b.indexMs).toBeCloseTo(a.indexMs, 6);
    expect(logs.some((l) => l.includes('reusing the cached index'))).toBe(true);
    await openCachedIndex({ docs: FIXTURE_CORPUS, backend: { ...backend, configKey: 'other' }, cacheRoot: root });
    expect(backend.counter.builds).toBe(2);
    expect((await readdir(root)).filter((d) => !d.includes('.tmp-'))).toHaveLength(2);
  });

  it('rebuilds when the saved index cannot be opened, and says so', async () => {
    const root = await mkdtemp(join(tmpdir(), 'rag-eval-cache-'));
    const backend = fakeBackend();
    const a = await openCachedIndex({ docs: FIXTURE_CORPUS, backend, cacheRoot: root });
    await writeFile(join(a.dir!, 'index', 'fake.json'), '{broken');
    const logs: string[] = [];
    const b = await openCachedIndex({ docs: FIXTURE_CORPUS, backend, cacheRoot: root, log: (l) => logs.push(l) });
    expect(b.reused).toBe(false);
    expect(backend.counter.builds).toBe(2);
    expect(logs.join('\n')).toMatch(/could not be opened .*rebuilding/);
  });

  it('leaves no cache entry when saving fails', async () => {
    const root = await mkdtemp(join(tmpdir(), 'rag-eval-cache-'));
    const backend = { ...fakeBackend(), save: async () => Promise.reject(new Error('disk full')) };
    await expect(openCachedIndex({ docs: FIXTURE_CORPUS, backend, cacheRoot: root })).rejects.toThrow('disk full');
    expect(await readdir(root)).toEqual([]);
  });

  it('hashes the corpus content, not object identity', () => {
    expect(corpusHash(FIXTURE_CORPUS.map((d) => ({ ...d })))).toBe(corpusHash(FIXTURE_CORPUS));
    expect(corpusHash([{ ...FIXTURE_CORPUS[0]!, text: 'changed' }])).not.toBe(corpusHash([FIXTURE_CORPUS[0]!]));
  });
});

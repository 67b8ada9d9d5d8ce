import { describe, expect, it } from 'vitest';
import { lazyDefault } from './lazy-module.js';

describe('lazyDefault', () => {
  it('requires the module on the first call only and returns it when it has no default export', () => {
    const load = lazyDefault<typeof import('node:path')>('node:path', import.meta.url);
    const first = load();
    expect(typeof first.join).toBe('function');
    expect(load()).toBe(first);
  });

  it('returns the default export of an ES-module-shaped export object', () => {
    const load = lazyDefault<() => string>('./fixtures/default-export.cjs', import.meta.url);
    expect(load()()).toBe('tagged');
  });

  it('names the missing module when it cannot be resolved', () => {
    const load = lazyDefault<unknown>('no-such-package-for-rag-tests', import.meta.url);
    expect(() => load()).toThrow(/no-such-package-for-rag-tests/);
  });
});

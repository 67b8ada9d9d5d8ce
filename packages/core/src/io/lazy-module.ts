// A package loaded on first use instead of at import time. Heavy optional libraries (an NLP
// tagger, say) can cost a large share of a cold CLI start although many calls never use them.
// The module is required synchronously, resolved from the caller's own location (its
// `import.meta.url`, so the caller's dependency is found), and cached.
import { createRequire } from 'node:module';

/**
 * A function returning `specifier`'s default export, required once on the first call. Plain
 * Node resolves a dual package's CommonJS build (the export itself); a runner that adds the
 * "import" condition (vitest) hands back the ES module, whose `default` is the export.
 */
export function lazyDefault<T>(specifier: string, fromUrl: string): () => T {
  let loaded: T | undefined;
  return () => {
    if (loaded !== undefined) return loaded;
    const mod = createRequire(fromUrl)(specifier) as T | { default: T; __esModule?: boolean };
    loaded = mod !== null && typeof mod === 'object' && 'default' in mod ? mod.default : (mod as T);
    return loaded;
  };
}

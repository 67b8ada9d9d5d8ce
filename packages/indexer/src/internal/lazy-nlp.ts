// The `compromise` tagger, loaded on first use instead of at import. Importing it costs
// ~0.3–0.4 s of a cold CLI start, and many callers (a bm25 question, opening an index) never
// parse text with it. The package is required synchronously the first time text is parsed and
// cached; the function has the same type as compromise's default export.
import { createRequire } from 'node:module';
import type nlp from 'compromise';

type Nlp = typeof nlp;
let loaded: Nlp | undefined;

/** compromise's `nlp` function, required (once) on the first call. */
export function loadNlp(): Nlp {
  if (loaded) return loaded;
  // Plain Node resolves the package's CommonJS build (the function itself); a runner that adds
  // the "import" condition (vitest) hands back its ES module, whose default export is the function.
  const mod = createRequire(import.meta.url)('compromise') as Nlp | { default: Nlp };
  loaded = typeof mod === 'function' ? mod : mod.default;
  return loaded;
}

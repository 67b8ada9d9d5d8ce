// Embedded GEAR path views: H deterministic feature views of the same text. GEAR (§III-A,
// Alg. 1) encodes every node and edge text with H attention heads of a Transformer so each
// path sees different cues; with no model we approximate "different cues" with different
// feature families (words; character n-grams; words + bigrams) hashed with different seeds.
// These are lexical views, not learned subspaces (see docs/indexer.md).
import { invalidInput, type Embedder } from '@rag/core';

export type FeatureFamily = 'words' | 'chars' | 'bigrams';
export const FEATURE_FAMILIES: readonly FeatureFamily[] = ['words', 'chars', 'bigrams'];

export interface FeatureViewEmbedderOptions {
  family: FeatureFamily;
  seed: number;
  /** Vector length (default 128). */
  dimensions?: number;
}

function fnv1a(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function features(text: string, family: FeatureFamily): string[] {
  const words = text.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (family === 'words') return words;
  if (family === 'bigrams') {
    const out = [...words];
    for (let i = 0; i + 1 < words.length; i++) out.push(`${words[i]}_${words[i + 1]}`);
    return out;
  }
  const out: string[] = [];
  for (const w of words) {
    const p = `#${w}#`;
    for (let n = 3; n <= 4; n++) for (let i = 0; i + n <= p.length; i++) out.push(p.slice(i, i + n));
  }
  return out;
}

/** A view embedder: a pure function of the text, so it can also embed synchronously. */
export interface FeatureViewEmbedder extends Embedder {
  readonly dimensions: number;
  embedSync(texts: string[]): Float32Array[];
}

export function createFeatureViewEmbedder(options: FeatureViewEmbedderOptions): FeatureViewEmbedder {
  const dims = options.dimensions ?? 128;
  if (!Number.isInteger(dims) || dims < 8) throw invalidInput('dimensions', 'must be an integer ≥ 8', { value: dims });
  const embedSync = (texts: string[]) =>
    texts.map((t) => {
      const v = new Float32Array(dims);
      for (const f of features(t, options.family)) {
        const h = fnv1a(f, options.seed);
        v[h % dims]! += h & 0x80000000 ? -1 : 1;
      }
      let n = 0;
      for (let i = 0; i < dims; i++) n += v[i]! * v[i]!;
      n = Math.sqrt(n);
      if (n > 0) for (let i = 0; i < dims; i++) v[i]! /= n;
      return v;
    });
  return {
    id: `feature-view:${options.family}:${options.seed}:${dims}`,
    dimensions: dims,
    embedSync,
    async embed(texts) {
      return embedSync(texts);
    },
  };
}

/** H view embedders: families cycle, seeds differ, so every head is a distinct projection. */
export function createGearViewEmbedders(heads: number, dimensions = 128): FeatureViewEmbedder[] {
  if (!Number.isInteger(heads) || heads < 0) throw invalidInput('gearHeads', 'must be an integer ≥ 0', { value: heads });
  return Array.from({ length: heads }, (_, h) =>
    createFeatureViewEmbedder({ family: FEATURE_FAMILIES[h % FEATURE_FAMILIES.length]!, seed: 0x9e3779b1 * (h + 1), dimensions }),
  );
}

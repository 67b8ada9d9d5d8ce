// Conformance suite for Embedder implementations. Holds for any real embedding model, so
// adapters (Ollama, yours) can run it against a live service in *.int.test.ts files.
import { describe, expect, it } from 'vitest';
import type { Embedder } from '../contracts/embedder.js';

const cosine = (a: Float32Array, b: Float32Array) => {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return d / Math.sqrt(na * nb);
};

export function runEmbedderConformance(name: string, make: () => Embedder | Promise<Embedder>): void {
  const texts = ['The cat sat on the mat.', 'Quarterly revenue grew in Asia.', 'Paris is the capital of France.'];

  describe(`Embedder conformance: ${name}`, () => {
    it('has a non-empty id and returns one Float32Array per text with its dimensions', async () => {
      const e = await make();
      expect(typeof e.id).toBe('string');
      expect(e.id.length).toBeGreaterThan(0);
      const vs = await e.embed(texts);
      expect(vs).toHaveLength(texts.length);
      for (const v of vs) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v.length).toBeGreaterThan(0);
        expect(v.length).toBe(vs[0]!.length);
        if (e.dimensions !== undefined) expect(v.length).toBe(e.dimensions);
        expect(Array.from(v).every(Number.isFinite)).toBe(true);
      }
    });

    it('returns L2-normalised vectors', async () => {
      const e = await make();
      for (const v of await e.embed(texts)) expect(Math.hypot(...v)).toBeCloseTo(1, 3);
    });

    it('is deterministic across calls and instances', async () => {
      const a = await (await make()).embed(texts);
      const again = await make();
      const b = await again.embed(texts);
      const c = await again.embed(texts);
      for (let i = 0; i < texts.length; i++) {
        expect(cosine(a[i]!, b[i]!)).toBeGreaterThan(0.9999);
        expect(cosine(b[i]!, c[i]!)).toBeGreaterThan(0.9999);
      }
    });

    it('keeps batch order: a batch equals one call per text', async () => {
      const e = await make();
      const batch = await e.embed(texts);
      for (let i = 0; i < texts.length; i++) {
        const [single] = await e.embed([texts[i]!]);
        expect(cosine(batch[i]!, single!)).toBeGreaterThan(0.9999);
      }
      const reversed = await e.embed([...texts].reverse());
      expect(cosine(reversed[0]!, batch[texts.length - 1]!)).toBeGreaterThan(0.9999);
    });

    it('returns [] for an empty batch', async () => {
      expect(await (await make()).embed([])).toEqual([]);
    });

    it('places a near-paraphrase closer than an unrelated text', async () => {
      const e = await make();
      const [a, b, c] = await e.embed(['The cat sat on the mat.', 'A cat was sitting on the mat.', 'Quarterly revenue grew in Asia.']);
      expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!));
    });

    it('gives different texts different vectors', async () => {
      const [a, b] = await (await make()).embed(['alpha beta gamma', 'delta epsilon zeta']);
      expect(cosine(a!, b!)).toBeLessThan(0.99);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { createHashingEmbedder, restoreHashingEmbedder } from './hashing-embedder.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('createHashingEmbedder', () => {
  it('encodes its settings, and the fitted state, in its id', () => {
    const e = createHashingEmbedder();
    expect(e.id).toBe('hashing-v1:d=512:w=1:b=0.5:c=3-5@0.2:stop=english:seed=0');
    expect(createHashingEmbedder({ dimensions: 256 }).id).not.toBe(e.id);
    const f1 = e.fit(['one text', 'two texts']);
    const f2 = e.fit(['other corpus entirely']);
    expect(f1.fitted).toBe(true);
    expect(e.fitted).toBe(false);
    expect(f1.id).toMatch(/:idf=[0-9a-f]{12}-n2$/);
    expect(f1.id).not.toBe(f2.id);
  });

  it('captures morphology through character n-grams', () => {
    const e = createHashingEmbedder({ stopWords: false });
    const [a, b, c] = e.embedSync(['photographer', 'photographers', 'volcano']);
    expect(dot(a!, b!)).toBeGreaterThan(0.5);
    expect(dot(a!, c!)).toBeLessThan(0.2);
  });

  it('down-weights corpus-common words once fitted', () => {
    const corpus = ['river bank loans', 'river boats', 'river fish', 'river water', 'mortgage bank'];
    const plain = createHashingEmbedder({ dimensions: 2048 });
    const fitted = plain.fit(corpus);
    const sim = (e: typeof plain, x: string, y: string) => {
      const [a, b] = e.embedSync([x, y]);
      return dot(a!, b!);
    };
    // Sharing the common "river" counts for less than sharing the rare "mortgage"/"loans" topic words.
    expect(sim(fitted, 'river', 'river fish')).toBeLessThan(sim(plain, 'river', 'river fish'));
    expect(sim(fitted, 'bank', 'mortgage bank')).toBeGreaterThan(0);
  });

  it('embeds symbol-only text through a character fallback and refuses empty text', async () => {
    const e = createHashingEmbedder();
    const [v] = e.embedSync(['!!! ???']);
    expect(Math.hypot(...v!)).toBeCloseTo(1, 5);
    await expect(e.embed(['ok', '  '])).rejects.toMatchObject({ code: 'RAG_EMPTY_TEXT', details: { input: 'texts[1]' } });
  });

  it('round-trips fitted state through JSON with identical vectors', () => {
    const fitted = createHashingEmbedder({ dimensions: 128, seed: 7 }).fit(['alpha beta', 'beta gamma', 'gamma delta']);
    const back = restoreHashingEmbedder(JSON.parse(JSON.stringify(fitted.toJSON())));
    expect(back.id).toBe(fitted.id);
    expect(Array.from(back.embedSync(['beta delta'])[0]!)).toEqual(Array.from(fitted.embedSync(['beta delta'])[0]!));
    expect(() => restoreHashingEmbedder({ format: 'x' })).toThrowError(expect.objectContaining({ code: 'RAG_STORE_CORRUPT' }));
  });

  it('refuses bad settings', () => {
    expect(() => createHashingEmbedder({ dimensions: 0 })).toThrowError(expect.objectContaining({ code: 'RAG_CONFIG' }));
    expect(() => createHashingEmbedder({ charNgramRange: [5, 3] })).toThrowError(expect.objectContaining({ code: 'RAG_CONFIG' }));
  });
});

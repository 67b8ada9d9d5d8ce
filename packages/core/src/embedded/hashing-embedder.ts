// Deterministic embedder that needs no model: signed feature hashing ("the hashing trick",
// Weinberger et al. 2009) of word unigrams, word bigrams and character n-grams of each word,
// with sublinear term frequency (1 + ln tf) and, once fitted on a corpus, smoothed IDF
// weights, L2-normalised. It captures lexical overlap, word order within bigrams and
// morphology/spelling variants through character n-grams; it knows no synonyms or meaning.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Embedder, EmbedOptions } from '../contracts/embedder.js';
import { RagError } from '../errors.js';
import { ENGLISH_STOP_WORDS } from '../text/stop-words.js';
import { tokenize } from '../text/tokenize.js';
import { assertValidText } from '../validate/assert-valid-text.js';
import { FeatureCounts } from './feature-counts.js';

export interface HashingEmbedderOptions {
  /** Output vector length (default 512). More dimensions mean fewer hash collisions. */
  dimensions?: number;
  /** Weight of word unigram features (default 1). */
  wordWeight?: number;
  /** Weight of adjacent content-word bigrams (default 0.5; 0 disables). */
  bigramWeight?: number;
  /** Weight of each character n-gram feature (default 0.2; 0 disables). */
  charNgramWeight?: number;
  /** Character n-gram lengths, inclusive, over "<word>" with boundary marks (default [3, 5]). */
  charNgramRange?: [number, number];
  /** Stop words dropped before featurising (default English; `false` keeps every word). */
  stopWords?: ReadonlySet<string> | false;
  /** Hash seed: different seeds give independent projections (default 0). */
  seed?: number;
}

export interface HashingEmbedder extends Embedder {
  readonly dimensions: number;
  /** True once IDF weights were learnt by `fit`. */
  readonly fitted: boolean;
  /** Synchronous embedding (the embedder does no I/O). */
  embedSync(texts: string[]): Float32Array[];
  /**
   * A new embedder with IDF weights learnt from `texts` (the corpus being indexed). The
   * original is unchanged; the new one's `id` includes a hash of the fitted state, so an
   * index records exactly which weights made its vectors.
   */
  fit(texts: string[]): HashingEmbedder;
  toJSON(): HashingEmbedderSnapshot;
}

/** IDF is kept per hashed feature in a space of 2^18 buckets, independent of `dimensions`. */
const IDF_BITS = 18;
const IDF_MASK = (1 << IDF_BITS) - 1;

const SnapshotSchema = z.object({
  format: z.literal('rag-hashing-embedder'),
  version: z.literal(1),
  options: z.object({
    dimensions: z.number().int().positive(),
    wordWeight: z.number().nonnegative(),
    bigramWeight: z.number().nonnegative(),
    charNgramWeight: z.number().nonnegative(),
    charNgramRange: z.tuple([z.number().int().positive(), z.number().int().positive()]),
    stopWords: z.union([z.literal('english'), z.literal('none'), z.array(z.string())]),
    seed: z.number().int(),
  }),
  /** Fitted state: document count and base64 of a Uint32Array of [bucket, df] pairs. */
  idf: z.object({ documents: z.number().int().positive(), df: z.string() }).nullable(),
});
export type HashingEmbedderSnapshot = z.infer<typeof SnapshotSchema>;

interface Fitted {
  documents: number;
  pairs: Uint32Array;
  weights: Float32Array;
}

export function createHashingEmbedder(options: HashingEmbedderOptions = {}): HashingEmbedder {
  return build(resolve(options), null);
}

/** Rebuild an embedder (fitted or not) from `toJSON()`. Throws RAG_STORE_CORRUPT on bad input. */
export function restoreHashingEmbedder(snapshot: unknown): HashingEmbedder {
  const parsed = SnapshotSchema.safeParse(snapshot);
  if (!parsed.success)
    throw new RagError('RAG_STORE_CORRUPT', `hashing embedder snapshot is invalid: ${z.prettifyError(parsed.error)}`, {
      cause: parsed.error,
    });
  const { options: o, idf } = parsed.data;
  const settings = resolve({
    ...o,
    stopWords: o.stopWords === 'none' ? false : o.stopWords === 'english' ? ENGLISH_STOP_WORDS : new Set(o.stopWords),
  });
  if (!idf) return build(settings, null);
  const bytes = Buffer.from(idf.df, 'base64');
  if (bytes.length % 8 !== 0) throw new RagError('RAG_STORE_CORRUPT', 'hashing embedder snapshot: df table has a bad length');
  const pairs = new Uint32Array(new Uint8Array(bytes).buffer);
  for (let i = 0; i < pairs.length; i += 2)
    if (pairs[i]! > IDF_MASK || pairs[i + 1]! > idf.documents)
      throw new RagError('RAG_STORE_CORRUPT', 'hashing embedder snapshot: df table is out of range');
  return build(settings, fittedFrom(idf.documents, pairs));
}

interface Settings {
  dimensions: number;
  wordWeight: number;
  bigramWeight: number;
  charNgramWeight: number;
  charNgramRange: [number, number];
  stopWords: ReadonlySet<string> | undefined;
  stopLabel: 'english' | 'none' | string[];
  seed: number;
}

function resolve(options: HashingEmbedderOptions): Settings {
  const dimensions = options.dimensions ?? 512;
  const range = options.charNgramRange ?? [3, 5];
  const bad = (what: string) => new RagError('RAG_CONFIG', `hashing embedder: ${what}`);
  if (!Number.isInteger(dimensions) || dimensions < 1) throw bad(`dimensions must be a positive integer, got ${dimensions}`);
  if (!(Number.isInteger(range[0]) && Number.isInteger(range[1]) && range[0] >= 1 && range[1] >= range[0]))
    throw bad(`charNgramRange must be [min, max] with 1 ≤ min ≤ max, got [${range.join(', ')}]`);
  const weights = {
    wordWeight: options.wordWeight ?? 1,
    bigramWeight: options.bigramWeight ?? 0.5,
    charNgramWeight: options.charNgramWeight ?? 0.2,
  };
  for (const [k, v] of Object.entries(weights)) if (!(v >= 0) || !Number.isFinite(v)) throw bad(`${k} must be ≥ 0, got ${v}`);
  if (weights.wordWeight + weights.bigramWeight + weights.charNgramWeight === 0) throw bad('every feature weight is 0');
  const stop = options.stopWords === false ? undefined : (options.stopWords ?? ENGLISH_STOP_WORDS);
  return {
    dimensions,
    ...weights,
    charNgramRange: [range[0], range[1]],
    stopWords: stop,
    stopLabel: options.stopWords === false ? 'none' : stop === ENGLISH_STOP_WORDS ? 'english' : [...stop!].sort(),
    seed: options.seed ?? 0,
  };
}

function fittedFrom(documents: number, pairs: Uint32Array): Fitted {
  // Smoothed IDF (as scikit-learn's TfidfVectorizer): ln((N + 1) / (df + 1)) + 1; unseen
  // features get the largest weight, ln(N + 1) + 1.
  const weights = new Float32Array(1 << IDF_BITS).fill(Math.log(documents + 1) + 1);
  for (let i = 0; i < pairs.length; i += 2) weights[pairs[i]!] = Math.log((documents + 1) / (pairs[i + 1]! + 1)) + 1;
  return { documents, pairs, weights };
}

function build(settings: Settings, fitted: Fitted | null): HashingEmbedder {
  const { dimensions, wordWeight, bigramWeight, charNgramWeight, seed } = settings;
  const [nMin, nMax] = settings.charNgramRange;
  const stopPart = typeof settings.stopLabel === 'string' ? settings.stopLabel : `custom-${shortHash(settings.stopLabel.join(' '))}`;
  let id = `hashing-v1:d=${dimensions}:w=${wordWeight}:b=${bigramWeight}:c=${nMin}-${nMax}@${charNgramWeight}:stop=${stopPart}:seed=${seed}`;
  if (fitted) id += `:idf=${shortHash(Buffer.from(fitted.pairs.buffer, fitted.pairs.byteOffset, fitted.pairs.byteLength))}-n${fitted.documents}`;

  const SEED_WORD = mix(seed ^ 0x9e3779b9);
  const SEED_BIGRAM = mix(seed ^ 0x85ebca6b);
  const SEED_CHAR = mix(seed ^ 0xc2b2ae35);
  const SEED_RAW = mix(seed ^ 0x27d4eb2f);

  /** Feature hash → count, one table per feature kind (each kind has its own weight). */
  type Counts = [words: FeatureCounts, bigrams: FeatureCounts, chars: FeatureCounts];
  const kindWeights = [wordWeight, bigramWeight, charNgramWeight] as const;
  const stopOptions = settings.stopWords ? { stopWords: settings.stopWords } : {};
  // character n-gram hashes of one word, in the order n = nMin..nMax, then by start
  let grams = new Uint32Array(64);
  const charGrams = (word: string, into: FeatureCounts) => {
    // "<word>" with boundary marks, read without building the string
    const len = word.length + 2;
    const at = (j: number) => (j === 0 ? 60 : j === len - 1 ? 62 : word.charCodeAt(j - 1));
    if (len <= nMin) {
      into.add(fnvRange(SEED_CHAR, at, 0, len));
      return;
    }
    const top = Math.min(nMax, len);
    // FNV-1a extends a prefix one unit at a time, so the grams starting at i are steps of one pass
    let total = 0;
    for (let n = nMin; n <= top; n++) total += len - n + 1;
    if (grams.length < total) grams = new Uint32Array(total * 2);
    for (let i = 0; i + nMin <= len; i++) {
      let h = (0x811c9dc5 ^ SEED_CHAR) >>> 0;
      let base = 0;
      for (let k = 0; k < top && i + k < len; k++) {
        h ^= at(i + k);
        h = Math.imul(h, 0x01000193);
        const n = k + 1;
        if (n >= nMin) {
          grams[base + i] = h >>> 0;
          base += len - n + 1;
        }
      }
    }
    for (let g = 0; g < total; g++) into.add(grams[g]!);
  };
  const features = (text: string, into: Counts) => {
    for (const m of into) m.clear();
    const [wordsMap, bigramMap, charMap] = into;
    const words = tokenize(text, stopOptions);
    if (words.length === 0) {
      // No word at all (symbols only): fall back to character trigrams of the raw text.
      const raw = text.replace(/\s+/g, ' ').trim();
      for (let i = 0; i + 3 <= Math.max(raw.length, 3); i++) wordsMap.add(fnv(SEED_RAW, raw, i, Math.min(i + 3, raw.length)));
      return;
    }
    let prev = -1;
    for (const word of words) {
      const wh = fnv(SEED_WORD, word, 0, word.length);
      if (wordWeight > 0) wordsMap.add(wh);
      if (bigramWeight > 0 && prev !== -1) bigramMap.add(mix(prev ^ Math.imul(wh, 0x9e3779b1) ^ SEED_BIGRAM));
      prev = wh;
      if (charNgramWeight > 0) charGrams(word, charMap);
    }
  };

  const scratch: Counts = [new FeatureCounts(), new FeatureCounts(), new FeatureCounts()];
  const embedOne = (text: string): Float32Array => {
    features(text, scratch);
    const v = new Float32Array(dimensions);
    for (let kind = 0; kind < 3; kind++) {
      // The raw-trigram fallback lands in the word table; give it weight 1 if words are off.
      const weight = kindWeights[kind]! || (kind === 0 ? 1 : 0);
      const { keys, counts, size } = scratch[kind]!;
      for (let i = 0; i < size; i++) {
        const g = mix(keys[i]!);
        // Sublinear tf keeps a repeated word from dominating: weight·(1 + ln count)·idf.
        let w = weight * (1 + logOf(counts[i]!));
        if (fitted) w *= fitted.weights[g & IDF_MASK]!;
        v[g % dimensions]! += g & 0x80000000 ? -w : w;
      }
    }
    let norm = 0;
    for (let i = 0; i < dimensions; i++) norm += v[i]! * v[i]!;
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let i = 0; i < dimensions; i++) v[i]! *= inv;
    }
    return v;
  };

  const validate = (texts: unknown): string[] => {
    if (!Array.isArray(texts)) throw new RagError('RAG_INVALID_INPUT', 'texts: expected an array of strings', { details: { input: 'texts' } });
    texts.forEach((t, i) => assertValidText(`texts[${i}]`, t));
    return texts as string[];
  };

  const embedder: HashingEmbedder = {
    id,
    dimensions,
    fitted: fitted !== null,
    embedSync(texts) {
      return validate(texts).map(embedOne);
    },
    async embed(texts: string[], options?: EmbedOptions) {
      if (options?.signal?.aborted) throw new RagError('RAG_ABORTED', 'embedding was aborted', { cause: options.signal.reason });
      return embedder.embedSync(texts);
    },
    fit(texts) {
      const docs = validate(texts);
      if (docs.length === 0) throw new RagError('RAG_INVALID_INPUT', 'texts: fit needs at least one text', { details: { input: 'texts' } });
      const df = new Uint32Array(1 << IDF_BITS);
      const seen = new Set<number>();
      const feats: Counts = [new FeatureCounts(), new FeatureCounts(), new FeatureCounts()];
      for (const text of docs) {
        features(text, feats);
        seen.clear();
        for (const m of feats) for (let i = 0; i < m.size; i++) seen.add(mix(m.keys[i]!) & IDF_MASK);
        for (const b of seen) df[b]!++;
      }
      const pairs: number[] = [];
      for (let b = 0; b < df.length; b++) if (df[b]! > 0) pairs.push(b, df[b]!);
      return build(settings, fittedFrom(docs.length, Uint32Array.from(pairs)));
    },
    toJSON() {
      return {
        format: 'rag-hashing-embedder',
        version: 1,
        options: {
          dimensions,
          wordWeight,
          bigramWeight,
          charNgramWeight,
          charNgramRange: [nMin, nMax],
          stopWords: settings.stopLabel,
          seed,
        },
        idf: fitted
          ? { documents: fitted.documents, df: Buffer.from(fitted.pairs.buffer, fitted.pairs.byteOffset, fitted.pairs.byteLength).toString('base64') }
          : null,
      };
    },
  };
  return embedder;
}

/** FNV-1a over UTF-16 code units of s[start, end), seeded. */
function fnv(seed: number, s: string, start: number, end: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** FNV-1a over `len` code units read through `at`, seeded (as `fnv` over the string they form). */
function fnvRange(seed: number, at: (j: number) => number, start: number, end: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i++) {
    h ^= at(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const LOG_TABLE = Float64Array.from({ length: 256 }, (_, i) => Math.log(i));
/** Math.log of a count, from a table for small counts (the same values). */
function logOf(count: number): number {
  return count < 256 ? LOG_TABLE[count]! : Math.log(count);
}

/** murmur3 finaliser: spreads FNV's weak low bits before taking index, sign and IDF bucket. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function shortHash(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 12);
}

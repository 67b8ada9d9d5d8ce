// How much a question's graph signal should move the plain lexical ranking (base-fusion.ts).
// The signal is measured per question from quantities that do not depend on the corpus's genre:
// which share of the question's content words lies inside mentions that aligned to graph nodes,
// weighted by each alignment's confidence and the node's specificity (an IDF over provenance
// chunks, seeds.ts). A question whose words are mostly names of specific entities ("Were Scott
// Derrickson and Ed Wood of the same nationality?") is one the entity graph can route; one whose
// words are options, identifiers or common section titles ("What's the default per-test timeout
// in browser mode?") is one it cannot, and the base ranking is kept.
import { isStopWord, words } from '../internal/text.js';
import type { EntitySeed } from './seeds.js';

/** A seed as the signal reads it: its mention, strength, how it aligned, and whether a passage is titled by it. */
export interface SignalSeed extends Pick<EntitySeed, 'mention' | 'weight' | 'how'> {
  /** Some passage's title is the node's name (the entity has passages of its own). */
  defines: boolean;
}

export interface GraphSignal {
  /** Fusion weight of the graph ranking, in [0, 1]. */
  weight: number;
  /** Share of content words inside aligned mentions, weighted by seed strength, in [0, 1]. */
  coverage: number;
  /** Content words of the question. */
  contentWords: number;
  /** Seeds that counted (aligned named mentions). */
  seeds: number;
}

/** Question words and auxiliaries that carry no topic. */
const FUNCTION_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'name', 'did', 'does', 'do', 'is', 'are', 'was', 'were']);

/** Words of `text` that carry its topic: no stop words, question words or auxiliaries. */
export const contentWords = (text: string): string[] => words(text).filter((w) => !isStopWord(w) && !FUNCTION_WORDS.has(w));

export interface GraphSignalOptions {
  /**
   * Coverage at which the graph ranking gets full weight (default 0.5: half of the question's
   * content words are names of specific graph entities). Below it the weight grows linearly.
   */
  fullAt?: number;
}

/**
 * The graph weight of a question: the strength-weighted share of its content words covered by
 * aligned mentions, scaled so that `fullAt` coverage gives 1. No seeds → 0 (the base ranking).
 */
export function graphSignal(query: string, seeds: readonly SignalSeed[], options: GraphSignalOptions = {}): GraphSignal {
  const fullAt = options.fullAt ?? 0.5;
  if (!(fullAt > 0 && fullAt <= 1)) throw new RangeError(`graphSignal: fullAt must be in (0, 1], got ${fullAt}`);
  const content = contentWords(query);
  if (content.length === 0) return { weight: 0, coverage: 0, contentWords: 0, seeds: 0 };
  // Strength of each content word: the strongest aligned mention containing it.
  const strength = new Map<string, number>();
  let counted = 0;
  for (const s of seeds) {
    // A lower-case phrase found by scanning the question is a class or section name, not a named entity.
    if (s.how === 'query-ngram') continue;
    // The graph routes from an entity to the passages about it: a name no passage is titled by
    // (a section heading's word, an option, a product mentioned everywhere) has none to route to.
    if (!s.defines) continue;
    counted += 1;
    for (const w of contentWords(s.mention)) strength.set(w, Math.max(strength.get(w) ?? 0, s.weight));
  }
  let covered = 0;
  for (const w of content) covered += strength.get(w) ?? 0;
  const coverage = covered / content.length;
  return { weight: Math.min(1, coverage / fullAt), coverage, contentWords: content.length, seeds: counted };
}

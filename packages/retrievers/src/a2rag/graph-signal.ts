// How much a question's graph signal may move the plain lexical ranking (base-fusion.ts). Two
// measured quantities, neither a per-dataset switch:
// - anchoring, per corpus: the share of documents titled by a typed named entity (a person,
//   organisation, place, work or event), as the articles of an encyclopaedia are. The graph's
//   routing rests on it — a mention reaches the entity's node, and the node maps back to the
//   passages about it ("defining chunks"). Documentation sections ("Context — redirect()") and
//   policy clauses are titled by headings, which the extractor cannot type as entities.
// - coverage, per question: the share of the question's content words inside mentions aligned
//   to graph nodes, each word weighted by its strongest seed (confidence × specificity, an IDF
//   over provenance chunks, seeds.ts). Lower-case phrases found by scanning the question
//   ("browser mode", "largest city") are class or section names and do not count.
// weight = min(1, anchoring² × max(1 / 0.5, coverage / fullAt)). A graph hop needs an entity
// with passages of its own at both ends, so anchoring enters squared. Two routes reach the graph:
// every question's best lexical passages personalise the walk with the entities they define
// (pseudo-relevance feedback), fully trusted once most two-hop routes land on articles
// (anchoring² ≥ 0.5); aligned mentions seed it directly, in proportion to their coverage. A
// corpus without entity articles gives ≈ 0 (the base ranking); an encyclopaedic corpus gives 1.
import type { RagIndex } from '@rag/indexer';
import { isStopWord, normalize, titleForms, words } from '../internal/text.js';
import { nodesNamed, type EntitySeed } from './seeds.js';

export interface GraphSignal {
  /** Fusion weight of the graph ranking, in [0, 1]. */
  weight: number;
  /** Share of content words inside aligned mentions, weighted by seed strength, in [0, 1]. */
  coverage: number;
  /** The corpus's anchoring (`entityAnchoring`), in [0, 1]. */
  anchoring: number;
  /** Content words of the question. */
  contentWords: number;
  /** Seeds that counted (aligned named mentions). */
  seeds: number;
}

/** A seed as the signal reads it. */
export type SignalSeed = Pick<EntitySeed, 'mention' | 'weight' | 'how'>;

/** Node types of named entities (KG_ENTITY_TYPES minus classes, dates and numbers). */
export const NAMED_ENTITY_TYPES: ReadonlySet<string> = new Set(['Person', 'Organization', 'Place', 'Work', 'Event']);

/** Question words and auxiliaries that carry no topic. */
const FUNCTION_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'name', 'did', 'does', 'do', 'is', 'are', 'was', 'were']);

/** Words of `text` that carry its topic: no stop words, question words or auxiliaries. */
export const contentWords = (text: string): string[] => words(text).filter((w) => !isStopWord(w) && !FUNCTION_WORDS.has(w));

export interface GraphSignalOptions {
  /**
   * Anchored coverage (anchoring² × coverage) at which the graph ranking gets full weight
   * (default 0.05); below it the weight grows linearly from 0.
   */
  fullAt?: number;
  /** anchoring² at which the feedback route alone gives full weight (default 0.5). */
  feedbackFullAt?: number;
}

/** The graph weight of a question over a corpus of the given anchoring. */
export function graphSignal(query: string, seeds: readonly SignalSeed[], anchoring: number, options: GraphSignalOptions = {}): GraphSignal {
  const fullAt = options.fullAt ?? 0.05;
  const feedbackFullAt = options.feedbackFullAt ?? 0.5;
  if (!(fullAt > 0 && fullAt <= 1)) throw new RangeError(`graphSignal: fullAt must be in (0, 1], got ${fullAt}`);
  if (!(anchoring >= 0 && anchoring <= 1)) throw new RangeError(`graphSignal: anchoring must be in [0, 1], got ${anchoring}`);
  const content = contentWords(query);
  const a2 = anchoring * anchoring;
  if (content.length === 0) return { weight: Math.min(1, a2 / feedbackFullAt), coverage: 0, anchoring, contentWords: 0, seeds: 0 };
  // Strength of each content word: the strongest aligned mention containing it.
  const strength = new Map<string, number>();
  let counted = 0;
  for (const s of seeds) {
    if (s.how === 'query-ngram') continue;
    counted += 1;
    for (const w of contentWords(s.mention)) strength.set(w, Math.max(strength.get(w) ?? 0, Math.min(1, Math.max(0, s.weight))));
  }
  let covered = 0;
  for (const w of content) covered += strength.get(w) ?? 0;
  const coverage = covered / content.length;
  return { weight: Math.min(1, a2 * Math.max(1 / feedbackFullAt, coverage / fullAt)), coverage, anchoring, contentWords: content.length, seeds: counted };
}

const anchoringCache = new WeakMap<RagIndex, { version: number; share: number }>();

// An entity that titles more documents than this is the subject of one long document's sections
// (a licence's clauses "GNU General Public License, version 3 — 5. Conveying …", a manual page's
// options), not of articles: those documents do not anchor graph routes. An encyclopaedia splits
// an article into a handful of passages (round value; MuSiQue's corpora have up to about ten).
const MAX_ARTICLE_DOCS = 10;

/**
 * Share of the corpus's documents whose title (or a title form, `titleForms`) names a graph node
 * of a named-entity type that titles at most MAX_ARTICLE_DOCS documents. Computed once per graph
 * version.
 */
export function entityAnchoring(index: RagIndex): number {
  const version = index.graph.version;
  const hit = anchoringCache.get(index);
  if (hit && hit.version === version) return hit.share;
  const docs = index.docs();
  const titledBy = new Map<string, number>();
  for (const d of docs) {
    if (!d.title) continue;
    const named = titleForms(d.title).flatMap((f) => nodesNamed(index.graph, normalize(f)));
    const entity = named.filter((id) => NAMED_ENTITY_TYPES.has(index.graph.getNode(id)?.type ?? '')).sort()[0];
    if (entity !== undefined) titledBy.set(entity, (titledBy.get(entity) ?? 0) + 1);
  }
  let anchored = 0;
  for (const n of titledBy.values()) if (n <= MAX_ARTICLE_DOCS) anchored += n;
  const share = docs.length === 0 ? 0 : anchored / docs.length;
  anchoringCache.set(index, { version, share });
  return share;
}

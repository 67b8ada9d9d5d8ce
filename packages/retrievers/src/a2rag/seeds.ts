// A2RAG seed extraction and alignment (Section III-C): query entity mentions are aligned to
// graph nodes by a hybrid lexical–semantic matcher (exact name/alias match, sub-phrase match,
// token Jaccard + embedding cosine for near matches) keeping only confident matches (S_V);
// relation-intent phrases are aligned to the relation types present in the graph (S_R).
import { columnSlice, MATCH_KEY_VERSION, type GraphNodeRef, type QueryAnalysis, type RunContext } from '@rag/core';
import { getAdjacency, type GraphStore, type GraphViewExtras } from '@rag/graph-store';
import type { RagIndex } from '@rag/indexer';
import { isStopWord, jaccard, normalize, words } from '../internal/text.js';
import { cosine } from '../internal/vector.js';
import { RELATION_CUES, schemaRelationsOf } from './relation-lexicon.js';

export interface EntitySeed {
  node: GraphNodeRef;
  /** Index in the cached adjacency. */
  index: number;
  mention: string;
  /** Match confidence in [0, 1]. */
  confidence: number;
  /** confidence × specificity; used to weight PPR personalisation and chunk scores. */
  weight: number;
  how: 'exact' | 'sub-phrase' | 'fuzzy' | 'query-ngram';
}

export interface SeedOptions {
  /** Keep matches at or above this confidence (default 0.75). */
  minConfidence?: number;
  /** At most this many nodes per mention (default 3). */
  perMention?: number;
  /** Also scan the whole query for multi-word node names (default true). */
  scanQuery?: boolean;
}

/** Node indexes by key: a Map built here, or the graph file's stored index (read in place). */
interface Postings {
  get(key: string): ArrayLike<number> | undefined;
}

interface NameIndex {
  version: number;
  byName: Postings;
  /** Node indices by name token (stop words are never asked for); built on first call unless stored. */
  byToken(): Postings;
  relations: Set<string>;
  /** Relation type → its words, most frequent types first. */
  relationWords: Map<string, string[]>;
}

const nameCache = new WeakMap<GraphStore, NameIndex>();

function nameIndexOf(graph: GraphStore): NameIndex {
  const hit = nameCache.get(graph);
  if (hit && hit.version === graph.version) return hit;
  const freq = new Map<string, number>();
  // A graph opened from disk and not edited hands over its columns: no node or edge objects, and
  // a graph file written whole keeps the name index made with the same `normalize` (matchKey).
  const cols = (graph as Partial<GraphViewExtras>).columns?.();
  let byName: Postings;
  let byToken: () => Postings;
  if (cols?.nameIndex && cols.nameIndex.version === MATCH_KEY_VERSION) {
    const stored = cols.nameIndex;
    byName = stored.names;
    byToken = () => stored.tokens;
  } else {
    const names = new Map<string, number[]>();
    const push = (m: Map<string, number[]>, k: string, i: number) => {
      const a = m.get(k);
      if (!a) m.set(k, [i]);
      else if (a[a.length - 1] !== i) a.push(i);
    };
    // Normalised keys in node order, kept so the token table needs no second normalisation.
    const keyNodes: number[] = [];
    const keys: string[] = [];
    const index = (i: number, list: string[]) => {
      for (const name of list) {
        const key = normalize(name);
        if (!key) continue;
        push(names, key, i);
        keyNodes.push(i);
        keys.push(key);
      }
    };
    if (cols) for (let i = 0; i < cols.nodeIds.length; i++) index(i, [cols.names.at(i)!, ...columnSlice(cols.aliases, cols.aliasOffsets[i]!, cols.aliasOffsets[i + 1]!)]);
    else {
      const adj = getAdjacency(graph);
      for (let i = 0; i < adj.ids.length; i++) {
        const n = graph.getNode(adj.ids.at(i)!)!;
        index(i, [n.name, ...n.aliases]);
      }
    }
    let tokens: Map<string, number[]> | undefined;
    // Only fuzzy matching needs it; an exact or sub-phrase match (most cold questions) does not.
    byToken = () => {
      if (tokens) return tokens;
      tokens = new Map();
      for (let k = 0; k < keys.length; k++) for (const t of keys[k]!.split(' ')) if (!isStopWord(t)) push(tokens, t, keyNodes[k]!);
      return tokens;
    };
    byName = names;
  }
  if (cols) {
    const counts = new Uint32Array(cols.dict.length);
    for (let e = 0; e < cols.relations.length; e++) counts[cols.relations[e]!]!++;
    counts.forEach((c, r) => c > 0 && freq.set(cols.dict[r]!, c));
  } else for (const e of graph.edges()) freq.set(e.relation, (freq.get(e.relation) ?? 0) + 1);
  const relations = new Set(freq.keys());
  const relationWords = new Map([...freq].sort((a, b) => b[1] - a[1]).map(([r]) => [r, r.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)] as [string, string[]]));
  const idx = { version: graph.version, byName, byToken, relations, relationWords };
  nameCache.set(graph, idx);
  return idx;
}

/** Ids of the nodes of `graph` with this normalised name or alias (at most `max`). */
export function nodesNamed(graph: GraphStore, key: string, max = 3): string[] {
  const adj = getAdjacency(graph);
  return first(nameIndexOf(graph).byName.get(key), max).map((i) => adj.ids.at(i)!);
}

/** The first `n` entries of a posting list. */
const first = (list: ArrayLike<number> | undefined, n: number): number[] => (list ? Array.from({ length: Math.min(n, list.length) }, (_, k) => list[k]!) : []);

/** Specificity of a node: rarer nodes (fewer provenance chunks) are stronger seeds. */
export function specificity(chunkCount: number, totalChunks: number): number {
  return Math.log(1 + totalChunks / Math.max(1, chunkCount)) / Math.log(1 + totalChunks);
}

export async function alignEntitySeeds(index: RagIndex, analysis: QueryAnalysis, options: SeedOptions = {}, context?: RunContext): Promise<EntitySeed[]> {
  const graph = index.graph;
  const adj = getAdjacency(graph);
  const names = nameIndexOf(graph);
  const minConf = options.minConfidence ?? 0.75;
  const per = options.perMention ?? 3;
  const total = Math.max(1, index.manifest().chunks);
  const found = new Map<number, EntitySeed>();
  const add = (i: number, mention: string, confidence: number, how: EntitySeed['how']) => {
    if (confidence < minConf) return;
    const prev = found.get(i);
    if (prev && prev.confidence >= confidence) return;
    const weight = confidence * specificity(graph.chunksOfNode(adj.ids.at(i)!).length, total);
    found.set(i, { node: graph.toRef(adj.ids.at(i)!), index: i, mention, confidence, weight, how });
  };
  const fuzzyWanted: { mention: string; candidates: number[] }[] = [];
  /** Multi-word names the mentions matched exactly or as a sub-phrase. */
  const matchedKeys: string[] = [];
  for (const mention of analysis.entities) {
    const key = normalize(mention);
    const exact = names.byName.get(key);
    if (exact) {
      matchedKeys.push(key);
      for (const i of first(exact, per)) add(i, mention, 1, 'exact');
      continue;
    }
    const toks = key.split(' ');
    // Longest sub-phrases first: "Haymo of Faversham era" → "Haymo of Faversham".
    let matched = false;
    for (let len = toks.length - 1; len >= 1 && !matched; len -= 1) {
      for (let s = 0; s + len <= toks.length; s += 1) {
        const sub = toks.slice(s, s + len);
        if (sub.every(isStopWord)) continue;
        const hit = names.byName.get(sub.join(' '));
        if (!hit) continue;
        matched = true;
        matchedKeys.push(sub.join(' '));
        for (const i of first(hit, per)) add(i, mention, 0.6 + 0.4 * (len / toks.length), 'sub-phrase');
      }
    }
    const cands = new Map<number, number>();
    for (const t of toks) if (!isStopWord(t)) for (const i of first(names.byToken().get(t), 200)) cands.set(i, (cands.get(i) ?? 0) + 1);
    const top = [...cands].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([i]) => i);
    if (top.length > 0) fuzzyWanted.push({ mention, candidates: top });
  }
  if (fuzzyWanted.length > 0) {
    // One embedding batch for all fuzzy candidates keeps the cost at one call per query.
    const texts = fuzzyWanted.flatMap((f) => [f.mention, ...f.candidates.map((i) => graph.getNode(adj.ids.at(i)!)!.name)]);
    context?.meter.assertCanSpend('embedding');
    const vecs = await index.embedder.embed(texts, { kind: 'query' });
    context?.meter.recordEmbedding(1);
    let at = 0;
    for (const f of fuzzyWanted) {
      const mv = vecs[at]!;
      const mt = words(f.mention);
      at += 1;
      const scored = f.candidates.map((i) => {
        const v = vecs[at]!;
        at += 1;
        const name = graph.getNode(adj.ids.at(i)!)!.name;
        return { i, conf: 0.5 * jaccard(mt, words(name)) + 0.5 * Math.max(0, cosine(mv, v)) };
      });
      for (const s of scored.sort((a, b) => b.conf - a.conf).slice(0, per)) add(s.i, f.mention, s.conf, 'fuzzy');
    }
  }
  if (options.scanQuery ?? true) {
    // Lower-case multi-word names the capitalisation rule misses ("the pirate movie").
    // A phrase inside a name a mention matched is part of that name, not a name of its own
    // ("deputy prime minister" in "Deputy Prime Minister of Australia").
    const exactKeys = matchedKeys.filter((k) => k.includes(' '));
    const ws = words(analysis.query);
    for (let len = Math.min(12, ws.length); len >= 2; len -= 1) {
      for (let s = 0; s + len <= ws.length; s += 1) {
        const sub = ws.slice(s, s + len);
        if (sub.filter((w) => !isStopWord(w)).length < 2) continue;
        if (exactKeys.some((k) => k !== sub.join(' ') && ` ${k} `.includes(` ${sub.join(' ')} `))) continue;
        for (const i of first(names.byName.get(sub.join(' ')), per)) if (!found.has(i)) add(i, sub.join(' '), 0.8, 'query-ngram');
      }
    }
  }
  return [...found.values()].sort((a, b) => b.weight - a.weight);
}

/**
 * S_R: relation intents aligned to the relation types present in the graph. An intent matches a
 * type equal to it, or — for open-vocabulary labels such as "was_born_in" — a type whose words
 * include the intent's cue word ("born"), or its relation-schema label ("played_for" → `member_of`). At most `maxTypes` types per intent, most frequent first.
 */
export function alignRelationSeeds(graph: GraphStore, analysis: QueryAnalysis, maxTypes = 12): string[] {
  const idx = nameIndexOf(graph);
  const out = new Set<string>();
  for (const intent of analysis.relations) {
    if (idx.relations.has(intent)) out.add(intent);
    // The schema label of the intent ("directed_by" → `director`), for graphs that store it.
    for (const r of schemaRelationsOf(intent)) if (idx.relations.has(r)) out.add(r);
    const cues = new Set([intent.split('_')[0]!, ...Object.entries(RELATION_CUES).filter(([, r]) => r === intent).map(([w]) => w)]);
    const matches = [...idx.relationWords]
      .filter(([rel, ws]) => rel !== intent && ws.some((w) => cues.has(w)))
      .map(([rel]) => rel)
      .slice(0, maxTypes);
    for (const m of matches) out.add(m);
  }
  return [...out];
}

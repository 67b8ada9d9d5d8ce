// Entity resolution as stages, most certain first: normalisation → exact and alias match →
// lexical similarity (edit distance, acronyms) → embedding similarity → an optional LLM
// arbiter for the pairs still ambiguous. Same-name entities of different (specific) types
// stay apart. Every merge goes through GraphStore.merge, so it is logged and undoable.
// Conservative by design: a wrong merge joins two neighbourhoods and misleads every graph
// retriever, while a missed merge only costs some recall.
import { RagError, type ChatModel, type Embedder, type RunContext } from '@rag/core';
import type { EntityNode, GraphStore, MergeRecord } from '@rag/graph-store';
import { z } from 'zod';
import { askJson } from '../extraction/ask-json.js';
import { editSimilarity, numbersAgree } from './lexical-similarity.js';
import { NameIndex } from './name-index.js';
import { asAcronym, normalizeEntityName } from './normalize-name.js';

export type ResolutionStage = 'exact' | 'alias' | 'lexical' | 'acronym' | 'embedding' | 'llm';

export interface ResolutionMerge {
  keptId: string;
  mergedId: string;
  stage: ResolutionStage;
  score: number;
  record: MergeRecord;
}

export interface EntityResolverOptions {
  /** Edit similarity at or above which two same-type names merge (default 0.92). */
  lexicalThreshold?: number;
  /** Embedding stage: cosine at or above which names merge (default 0.95). */
  embeddingThreshold?: number;
  /** Pairs whose best score lies in [ambiguousFloor, threshold) go to the arbiter (default 0.85). */
  ambiguousFloor?: number;
  /** Names shorter than this never merge lexically (default 6 characters). */
  minLexicalLength?: number;
  embedder?: Embedder;
  /** Optional LLM arbiter, asked only about ambiguous pairs. */
  arbiter?: ChatModel;
  /** Types that carry no type information and may merge into a typed node (default ["Entity"]). */
  genericTypes?: string[];
}

export interface EntityResolver {
  /**
   * Resolve `candidates` (node ids, default all) against the whole graph. `changed`: the ids of
   * every node written since this resolver's previous call on the same graph (added, renamed,
   * given aliases or removed; the merges it made itself need not be listed). With it the resolver
   * updates its name index from those ids instead of rebuilding it from every node; without it
   * (or on another graph) the index is rebuilt.
   */
  resolve(graph: GraphStore, candidates?: Iterable<string>, context?: RunContext, changed?: Iterable<string>): Promise<ResolutionMerge[]>;
  /**
   * Optional: build the name index of `graph` now, so the next `resolve` on it, given the ids
   * changed since (`changed`), updates that index instead of building it.
   */
  prepare?(graph: GraphStore): void;
}

const MAX_BLOCK = 150;

const ArbiterSchema = z.object({ same: z.boolean(), reason: z.string().optional() });

export function createEntityResolver(options: EntityResolverOptions = {}): EntityResolver {
  const lexT = options.lexicalThreshold ?? 0.92;
  const embT = options.embeddingThreshold ?? 0.95;
  const floor = options.ambiguousFloor ?? 0.85;
  const minLen = options.minLexicalLength ?? 6;
  const generic = new Set(options.genericTypes ?? ['Entity']);
  const compatible = (a: EntityNode, b: EntityNode) => a.type === b.type || generic.has(a.type) || generic.has(b.type);

  /** The name index of the graph of the previous call, in line with it as that call ended. */
  let cached: { graph: GraphStore; index: NameIndex } | undefined;

  return {
    prepare(graph) {
      cached = { graph, index: NameIndex.of(graph) };
    },
    async resolve(graph, candidates, context, changed) {
      const merges: ResolutionMerge[] = [];
      let index: NameIndex;
      if (changed && cached?.graph === graph) {
        index = cached.index;
        index.update(graph, changed);
      } else index = NameIndex.of(graph);
      // the tables stay as they were at the start of the call (merges update them at its end)
      cached = undefined;
      const alive = (id: string) => graph.hasNode(id);
      const doMerge = (a: EntityNode, b: EntityNode, stage: ResolutionStage, score: number) => {
        // keep the typed node, then the better-supported one
        const aScore = (generic.has(a.type) ? 0 : 1e6) + a.provenance.length;
        const bScore = (generic.has(b.type) ? 0 : 1e6) + b.provenance.length;
        const [keep, drop] = aScore >= bScore ? [a, b] : [b, a];
        const record = graph.merge(keep.id, drop.id, { reason: `${stage} (${score.toFixed(3)}): "${drop.name}" → "${keep.name}"` });
        merges.push({ keptId: keep.id, mergedId: drop.id, stage, score, record });
        context?.trace.add({ kind: 'decision', name: 'entity-resolution', decision: `merge ${drop.id} into ${keep.id}`, data: { stage, score } });
        return keep;
      };
      const ambiguous: [EntityNode, EntityNode, number][] = [];
      const ids = candidates ? [...candidates] : [...index.ids()];
      for (const id of ids) {
        if (!alive(id)) continue;
        let node = graph.getNode(id)!;
        const k = index.keyOf(id) ?? normalizeEntityName(node.name);
        // stages 1–2: exact and alias match on the normalised key
        const same = index.withKey(k).filter((o) => o !== id && alive(o)).map((o) => graph.getNode(o)!);
        const typed = new Set(same.filter((o) => !generic.has(o.type)).map((o) => o.type));
        for (const o of same) {
          if (!alive(node.id) || !alive(o.id)) continue;
          if (o.type === node.type) node = doMerge(node, o, index.keyOf(o.id) === k ? 'exact' : 'alias', 1);
          else if (compatible(node, o) && (generic.has(node.type) ? typed.size === 1 : !same.some((x) => !generic.has(x.type) && x.type !== node.type)))
            // a generic-typed name merges only when the typed reading is unambiguous
            node = doMerge(node, o, index.keyOf(o.id) === k ? 'exact' : 'alias', 1);
        }
        if (!alive(node.id)) continue;
        // stage 3a: acronyms, only with a unique expansion that shares a chunk with the acronym
        const acr = asAcronym(node.name);
        if (acr) {
          const exp = index.withInitials(acr).filter((o) => alive(o) && o !== node.id).map((o) => graph.getNode(o)!).filter((o) => compatible(node, o));
          if (exp.length === 1) {
            const chunks = new Set(node.provenance.map((p) => p.chunkId));
            if (exp[0]!.provenance.some((p) => chunks.has(p.chunkId))) node = doMerge(exp[0]!, node, 'acronym', 1);
          }
        }
        if (!alive(node.id) || k.length < minLen) continue;
        // stage 3b: edit distance within blocks (same first word, same last word, same prefix)
        // a key shared by hundreds of names ("l:film", "f:john") does not discriminate; the other keys still apply
        for (const slot of index.block(k, MAX_BLOCK)) {
          const o = index.idAt(slot);
          if (o === node.id || !alive(o)) continue;
          // the key's length first: most candidates stop there, before their key is built
          const okLength = index.keyLengthAt(slot);
          // lengths this far apart cannot reach the ambiguity floor: skip the edit distance
          if (okLength < minLen || Math.abs(okLength - k.length) > (1 - floor) * Math.max(okLength, k.length)) continue;
          const ok = index.keyAtSlot(slot);
          if (ok === k || !numbersAgree(k, ok)) continue;
          // the key tests above are cheap; fetching the node (a copy out of the graph) is not
          const other = graph.getNode(o)!;
          if (!compatible(node, other)) continue;
          const sim = editSimilarity(k, ok);
          if (sim >= lexT) node = doMerge(node, other, 'lexical', sim);
          else if (sim >= floor) ambiguous.push([node, other, sim]);
          if (!alive(node.id)) break;
        }
      }
      // stage 4: embedding similarity of the ambiguous pairs; stage 5: the arbiter for what remains
      let pending = ambiguous.filter(([a, b]) => alive(a.id) && alive(b.id));
      if (pending.length > 0 && options.embedder) {
        const texts = pending.flatMap(([a, b]) => [`${a.name} (${a.type})`, `${b.name} (${b.type})`]);
        // a name is often in many pairs (a common name against each of its near-namesakes): embed it once
        const unique = [...new Set(texts)];
        context?.meter.assertCanSpend('embedding');
        const embedded = await options.embedder.embed(unique);
        const slot = new Map(unique.map((t, i) => [t, i]));
        const vecs = texts.map((t) => embedded[slot.get(t)!]!);
        context?.meter.recordEmbedding();
        const next: typeof pending = [];
        pending.forEach(([a, b, s], i) => {
          const cos = dot(vecs[2 * i]!, vecs[2 * i + 1]!);
          if (cos >= embT && alive(a.id) && alive(b.id)) doMerge(a, b, 'embedding', cos);
          else next.push([a, b, Math.max(s, cos)]);
        });
        pending = next;
      }
      if (options.arbiter) {
        for (const [a, b] of pending) {
          if (!alive(a.id) || !alive(b.id)) continue;
          try {
            const verdict = await askJson(options.arbiter, ArbiterSchema, {
              system: 'You decide whether two entity names from a knowledge graph refer to the same real-world entity. Answer only from the names, types and contexts given. Be conservative: answer false when unsure.',
              user: JSON.stringify({ a: describe(a), b: describe(b) }),
              context,
              maxRetries: 1,
            });
            if (verdict.same) doMerge(a, b, 'llm', 1);
          } catch (e) {
            if (RagError.isInstance(e, 'RAG_BUDGET_EXCEEDED') || RagError.isInstance(e, 'RAG_ABORTED')) throw e;
            // an arbiter failure leaves the pair apart (the conservative outcome)
          }
        }
      }
      index.update(
        graph,
        merges.flatMap((m) => [m.keptId, m.mergedId]),
      );
      cached = { graph, index };
      return merges;
    },
  };
}

function describe(n: EntityNode) {
  return { name: n.name, type: n.type, aliases: n.aliases.slice(0, 5), description: n.description };
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

// Linking mentions to subgraph nodes by string (normalised equality, containment, token
// Jaccard ≥ 0.5) and, when an embedder is given, by embedding similarity.
import type { Embedder, GraphNodeRef, RunContext } from '@rag/core';
import { isStopWord, normTokens } from '../text/normalize.js';

export interface NodeLink {
  mention: string;
  nodeId: string;
  how: 'string' | 'embedding';
  similarity: number;
}

const terms = (s: string) => [...new Set(normTokens(s).filter((t) => !isStopWord(t)))];

/** String similarity of a mention to a node's name and aliases (0 when unrelated). */
export function stringSimilarity(mention: string, node: Pick<GraphNodeRef, 'name' | 'aliases'>): number {
  const m = terms(mention);
  if (m.length === 0) return 0;
  let best = 0;
  for (const label of [node.name, ...(node.aliases ?? [])]) {
    const n = terms(label);
    if (n.length === 0) continue;
    const nSet = new Set(n);
    const inter = m.filter((t) => nSet.has(t)).length;
    if (inter === m.length && inter === n.length) return 1;
    // The mention inside the label ("Nolan" ⊂ "Christopher Nolan") is a strong link; the label
    // inside a longer mention ("Paris" ⊂ "Paris, Texas") only as strong as its share of it.
    const sim = inter === m.length ? 0.9 : inter === n.length ? 0.1 + 0.8 * (n.length / m.length) : inter / new Set([...m, ...n]).size;
    best = Math.max(best, sim);
  }
  return best;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export async function embedTexts(embedder: Embedder, texts: string[], context?: RunContext): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  context?.meter.assertCanSpend('embedding');
  const vectors = await embedder.embed(texts, context?.signal ? { signal: context.signal } : {});
  context?.meter.recordEmbedding(1);
  context?.trace.add({ kind: 'embedding', name: 'verify.embed', calls: 1, data: { texts: texts.length, embedder: embedder.id } });
  return vectors;
}

/** Link each mention to its best node; string links first, embeddings for the rest. */
export async function linkMentions(
  mentions: string[],
  nodes: GraphNodeRef[],
  options: { embedder?: Embedder; stringThreshold?: number; embeddingThreshold?: number; context?: RunContext } = {},
): Promise<{ links: NodeLink[]; unmatched: string[] }> {
  const stringThreshold = options.stringThreshold ?? 0.5;
  const links: NodeLink[] = [];
  const rest: string[] = [];
  for (const mention of mentions) {
    let best: NodeLink | undefined;
    for (const node of nodes) {
      const sim = stringSimilarity(mention, node);
      if (sim >= stringThreshold && (!best || sim > best.similarity)) best = { mention, nodeId: node.id, how: 'string', similarity: sim };
    }
    if (best) links.push(best);
    else rest.push(mention);
  }
  if (!options.embedder || rest.length === 0 || nodes.length === 0) return { links, unmatched: rest };
  const threshold = options.embeddingThreshold ?? 0.8;
  const vectors = await embedTexts(options.embedder, [...rest, ...nodes.map((n) => n.name)], options.context);
  const unmatched: string[] = [];
  rest.forEach((mention, i) => {
    let best: NodeLink | undefined;
    nodes.forEach((node, j) => {
      const sim = cosine(vectors[i]!, vectors[rest.length + j]!);
      if (sim >= threshold && (!best || sim > best.similarity)) best = { mention, nodeId: node.id, how: 'embedding', similarity: sim };
    });
    if (best) links.push(best);
    else unmatched.push(mention);
  });
  return { links, unmatched };
}

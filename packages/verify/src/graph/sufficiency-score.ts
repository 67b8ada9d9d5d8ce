// Academic agentic RAG, Section 3.3, eq. 4: S_suf(q, G) = α·Cov(q, G) + (1−α)·Rel(q, G), with
// Cov the share of the query's entity mentions matched to subgraph nodes (string, then
// embedding matching) and Rel the mean query–node similarity over the subgraph's nodes.
import { invalidInput } from '@rag/core';
import type { Embedder, GraphNodeRef, RunContext, Subgraph } from '@rag/core';
import { extractMentions } from '../text/mentions.js';
import { contentTokens } from '../text/normalize.js';
import { QUESTION_WORDS } from '../text/stop-words.js';
import { cosine, embedTexts, linkMentions, type NodeLink } from './node-match.js';

export interface SufficiencyScoreOptions {
  query: string;
  subgraph: Subgraph;
  /** Weight of coverage against relevance, in [0, 1] (default 0.5). */
  alpha?: number;
  /** Query entity mentions E(q); extracted by surface form when absent. */
  entities?: string[];
  /** Enables embedding matching for Cov and embedding similarity for Rel. */
  embedder?: Embedder;
  /** Cosine needed for an embedding match (default 0.8). */
  embeddingThreshold?: number;
  context?: RunContext;
}

export interface SufficiencyScore {
  score: number;
  coverage: number;
  relevance: number;
  alpha: number;
  links: NodeLink[];
  unmatched: string[];
}

/** The text of a node that Rel compares with the query. */
export function nodeText(node: GraphNodeRef): string {
  return [node.name, node.type, ...(node.aliases ?? []), node.description ?? ''].filter(Boolean).join(' ');
}

function lexicalSimilarity(a: string[], b: string[]): number {
  // Cosine of binary term vectors: |A ∩ B| / sqrt(|A|·|B|).
  if (a.length === 0 || b.length === 0) return 0;
  const bs = new Set(b);
  const inter = new Set(a.filter((t) => bs.has(t))).size;
  return inter / Math.sqrt(new Set(a).size * bs.size);
}

export async function sufficiencyScore(options: SufficiencyScoreOptions): Promise<SufficiencyScore> {
  const { query, subgraph } = options;
  if (typeof query !== 'string' || query.trim() === '') throw invalidInput('query', 'must be a non-empty string');
  if (!subgraph || !Array.isArray(subgraph.nodes)) throw invalidInput('subgraph', 'must be a Subgraph with a "nodes" array');
  const alpha = options.alpha ?? 0.5;
  if (!Number.isFinite(alpha) || alpha < 0 || alpha > 1) throw invalidInput('alpha', 'must be a number in [0, 1]', { value: alpha });
  const nodes = subgraph.nodes;
  let mentions = options.entities ?? extractMentions(query).filter((m) => m.kind !== 'number').map((m) => m.text);
  // No named entity in the query: its content terms stand in for E(q).
  if (mentions.length === 0) mentions = contentTokens(query).filter((t) => !QUESTION_WORDS.has(t));
  const { links, unmatched } = await linkMentions(mentions, nodes, {
    ...(options.embedder ? { embedder: options.embedder } : {}),
    ...(options.embeddingThreshold !== undefined ? { embeddingThreshold: options.embeddingThreshold } : {}),
    ...(options.context ? { context: options.context } : {}),
  });
  const coverage = mentions.length === 0 ? 0 : links.length / mentions.length;
  let relevance = 0;
  if (nodes.length > 0) {
    if (options.embedder) {
      const v = await embedTexts(options.embedder, [query, ...nodes.map(nodeText)], options.context);
      relevance = nodes.reduce((s, _, i) => s + Math.max(0, cosine(v[0]!, v[i + 1]!)), 0) / nodes.length;
    } else {
      const q = contentTokens(query).filter((t) => !QUESTION_WORDS.has(t));
      relevance = nodes.reduce((s, n) => s + lexicalSimilarity(q, contentTokens(nodeText(n))), 0) / nodes.length;
    }
  }
  const score = alpha * coverage + (1 - alpha) * relevance;
  return { score, coverage, relevance, alpha, links, unmatched };
}

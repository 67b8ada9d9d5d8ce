// Embedded AgentPolicy for the A-RAG loop. This is a fixed SCRIPT, not model reasoning: it
// plays the tool sequence a careful agent uses on multi-hop questions, reading only what the
// tools returned so far (the policy is stateless; its state is the step history):
//   1. keyword_search on the question's entity mentions (or its rarest content words);
//   2. semantic_search with the whole question;
//   3. chunk_read of the best chunks of both searches (reciprocal-rank fused);
//   4. keyword_search on a bridge entity: a name in the read chunks that the question does
//      not mention, found in the sentences that match the question best;
//   5. chunk_read of the bridge search's best unread chunks;
//   6. answer.
import { invalidInput, type AgentAction, type AgentPolicy, type AgentStep } from '@rag/core';
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';

export interface ScriptedAgentPolicyOptions {
  /** Chunks read after the first two searches (default 3). */
  readFirst?: number;
  /** Chunks read after the bridge search (default 2). */
  readBridge?: number;
  /** Results per search (default 5). */
  topK?: number;
}

const ID_LINE = /^\[([^\]]+)\]/gm;

/** Chunk ids a search observation lists, in order. */
export function idsInObservation(observation: string): string[] {
  return [...observation.matchAll(ID_LINE)].map((m) => m[1]!);
}

function fuse(lists: string[][]): string[] {
  const s = new Map<string, number>();
  for (const l of lists) l.forEach((id, r) => s.set(id, (s.get(id) ?? 0) + 1 / (60 + r)));
  return [...s.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

function readIds(steps: AgentStep[]): Set<string> {
  const out = new Set<string>();
  for (const s of steps) if (s.tool === 'chunk_read') for (const id of idsInObservation(s.observation)) out.add(id);
  return out;
}

/** A name in the read text that the question does not contain, near the question's words. */
export function bridgeEntity(question: string, readText: string): string | undefined {
  const q = new Set(contentTerms(question));
  const asked = new Set(nameSpans(question).map((n) => phraseKey(n.text)));
  const score = new Map<string, { text: string; score: number }>();
  for (const sentence of readText.split(/(?<=[.!?])\s+/)) {
    const overlap = contentTerms(sentence).filter((t) => q.has(t)).length;
    if (overlap === 0) continue;
    for (const n of nameSpans(sentence)) {
      const key = phraseKey(n.text);
      const terms = contentTerms(n.text);
      if (!key || asked.has(key) || terms.length === 0 || terms.every((t) => q.has(t))) continue;
      const cur = score.get(key) ?? { text: n.text, score: 0 };
      cur.score += overlap;
      score.set(key, cur);
    }
  }
  return [...score.values()].sort((a, b) => b.score - a.score)[0]?.text;
}

export function createScriptedAgentPolicy(options: ScriptedAgentPolicyOptions = {}): AgentPolicy {
  const readFirst = options.readFirst ?? 3;
  const readBridge = options.readBridge ?? 2;
  const topK = options.topK ?? 5;
  for (const [k, v] of Object.entries({ readFirst, readBridge, topK }))
    if (!Number.isInteger(v) || v < 1 || v > 20) throw invalidInput(k, 'must be an integer in 1..20', { value: v });
  return {
    async next({ question, steps, tools }): Promise<AgentAction> {
      const has = (t: string) => tools.includes(t);
      const n = steps.length;
      if (n === 0 && has('keyword_search')) {
        const names = nameSpans(question).map((s) => s.text);
        const keywords = names.length ? names.slice(0, 4) : [...new Set(contentTerms(question))].sort((a, b) => b.length - a.length).slice(0, 3);
        if (keywords.length) return { type: 'tool', tool: 'keyword_search', args: { keywords, k: topK }, thought: 'script: keyword search on the question entities' };
      }
      if (!steps.some((s) => s.tool === 'semantic_search') && has('semantic_search'))
        return { type: 'tool', tool: 'semantic_search', args: { query: question, k: topK }, thought: 'script: semantic search with the question' };
      const read = readIds(steps);
      if (read.size === 0 && has('chunk_read')) {
        const ids = fuse(steps.filter((s) => s.tool !== 'chunk_read').map((s) => idsInObservation(s.observation))).slice(0, readFirst);
        if (ids.length) return { type: 'tool', tool: 'chunk_read', args: { ids }, thought: 'script: read the best chunks of both searches' };
      }
      const bridgeSearched = steps.filter((s) => s.tool === 'keyword_search').length >= 2;
      if (!bridgeSearched && has('keyword_search')) {
        const text = steps.filter((s) => s.tool === 'chunk_read').map((s) => s.observation).join('\n');
        const bridge = bridgeEntity(question, text);
        if (bridge) return { type: 'tool', tool: 'keyword_search', args: { keywords: [bridge], k: topK }, thought: `script: follow bridge entity "${bridge}"` };
      }
      const last = steps[n - 1];
      if (bridgeSearched && last?.tool === 'keyword_search' && has('chunk_read')) {
        const ids = idsInObservation(last.observation).filter((id) => !read.has(id)).slice(0, readBridge);
        if (ids.length) return { type: 'tool', tool: 'chunk_read', args: { ids }, thought: 'script: read the bridge chunks' };
      }
      return { type: 'answer', thought: 'script: done' };
    },
  };
}

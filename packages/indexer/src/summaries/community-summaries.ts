// Louvain communities of the entity graph with an extractive summary each (GraphRAG-style
// community reports, in embedded mode built from the graph itself: the most connected
// members and the strongest non-co-occurrence relations among them).
import type { GraphStore } from '@rag/graph-store';
import { detectCommunities } from '@rag/graph-store';
import type { Community } from '../types.js';
import { edgeText } from '../gear/path-texts.js';

export interface CommunityOptions {
  /** Communities smaller than this are not reported (default 3). */
  minSize?: number;
  /** Members named in a summary (default 8). */
  maxNamed?: number;
  /** Relations quoted in a summary (default 5). */
  maxRelations?: number;
  seed?: number;
}

const WEAK = new Set(['co_occurs_with', 'mentions']);

export function buildCommunities(graph: GraphStore, options: CommunityOptions = {}): Community[] {
  if (graph.nodeCount === 0) return [];
  const result = detectCommunities(graph, { seed: options.seed ?? 1 });
  const minSize = options.minSize ?? 3;
  const out: Community[] = [];
  for (const [id, members] of result.members) {
    if (members.length < minSize) continue;
    const memberSet = new Set(members);
    const degree = new Map<string, number>();
    const strong: { text: string; confidence: number }[] = [];
    for (const m of members) {
      const edges = graph.edgesOf(m, { direction: 'out' });
      for (const e of edges) {
        if (!memberSet.has(e.target)) continue;
        degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
        degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
        if (!WEAK.has(e.relation)) strong.push({ text: edgeText(graph, e), confidence: e.confidence });
      }
    }
    const top = [...members].sort((a, b) => (degree.get(b) ?? 0) - (degree.get(a) ?? 0) || (a < b ? -1 : 1)).slice(0, options.maxNamed ?? 8);
    const names = top.map((m) => {
      const n = graph.getNode(m);
      return n ? (n.type !== 'Entity' ? `${n.name} (${n.type})` : n.name) : m;
    });
    strong.sort((a, b) => b.confidence - a.confidence);
    const rels = [...new Set(strong.map((s) => s.text))].slice(0, options.maxRelations ?? 5);
    const summary = `Community of ${members.length} entities: ${names.join(', ')}.${rels.length ? ` Relations: ${rels.join('; ')}.` : ''}`;
    out.push({ id, members, summary });
  }
  return out;
}

/**
 * The communities with the members the graph no longer has left out (between two computations:
 * the kept summaries still name them); communities left empty are dropped, their ids returned.
 * A community that keeps every member keeps its object, its member list re-pointed at the
 * graph's id strings (the same ids).
 */
export function keepLiveMembers(communities: readonly Community[], graph: GraphStore): { kept: Community[]; dropped: Community['id'][] } {
  const kept: Community[] = [];
  const dropped: Community['id'][] = [];
  for (const c of communities) {
    // the graph's own id strings: members read from a store are parsed copies of every id
    const members: string[] = [];
    for (const m of c.members) {
      const id = graph.getNode(m)?.id;
      if (id !== undefined) members.push(id === m ? id : m);
    }
    if (members.length === 0) dropped.push(c.id);
    else if (members.length === c.members.length) {
      // the same ids: the community keeps its object (a state delta holds only changed ones)
      c.members = members;
      kept.push(c);
    } else kept.push({ ...c, members });
  }
  return { kept, dropped };
}

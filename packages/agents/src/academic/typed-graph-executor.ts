// Executes a typed-graph plan (typed-graph-plan.ts) over the retrieved subgraph G_q only:
//  - relation: the other end of an edge carrying an asked relation (Rel: an edge of the start
//    node; Multi: an edge one hop further out), else the nearest node of the expected answer
//    type joined by a schema relation, else by any edge;
//  - relation-count: how many asked relations the start node has;
//  - compare: two named entities by their dates (older / first) or, for yes/no questions,
//    whether both have a schema fact whose tail shares a word with the question.
// Weak edges (co-occurrence, page mentions) count only as a last resort, after schema edges.
import { isSchemaRelation, KG_WEAK_RELATIONS } from '@rag/core';
import type { GraphStore, RelationEdge } from '@rag/graph-store';
import type { Execution, SubgraphView } from './graph-executor.js';
import type { QueryPlan } from './query-plan.js';

const STOP = new Set(['the', 'a', 'an', 'of', 'in', 'on', 'at', 'and', 'or', 'is', 'are', 'was', 'were', 'both', 'which', 'what', 'who', 'did', 'do', 'does', 'for', 'from', 'by', 'to', 'with', 'that', 'this', 'same', 'have', 'has', 'had', 'be', 'been', 'one', 'more', 'than', 'as', 'their', 'its', 'his', 'her', 'they', 'them', 'either']);

const words = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !STOP.has(w));
/** "films" ~ "film", "directors" ~ "director". */
const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?:es|s)$/, '');

/** A comparable number from a date node's name: year, then month and day when written. */
function dateValue(name: string): number | undefined {
  const y = /\b(\d{3,4})\b/.exec(name);
  if (!y) return undefined;
  const t = Date.parse(name);
  return Number.isFinite(t) && new Date(t).getUTCFullYear() === Number(y[1]) ? t : Date.UTC(Number(y[1]), 0, 1);
}

export interface TypedExecutionInput {
  graph: GraphStore;
  plan: QueryPlan;
  g: SubgraphView;
  /** Node ids the question's mentions resolved to, the start node first. */
  named: readonly string[];
  question: string;
  /** Which relations count as typed facts (default: the core schema's; typed-graph-schema.ts gives a graph's own). */
  isFact?: (relation: string) => boolean;
}

export function executeTypedPlan({ graph, plan, g, named, question, isFact = isSchemaRelation }: TypedExecutionInput): Execution | undefined {
  const start = graph.getNode(g.start);
  if (!start) return undefined;
  const wanted = new Set(plan.relations ?? []);
  const types = new Set(plan.answerTypes ?? []);
  const inG = (e: RelationEdge) => g.edges.has(e.id) && g.nodes.has(e.source) && g.nodes.has(e.target);
  const edgesOf = (id: string) => graph.edgesOf(id, { direction: 'both' }).filter(inG);
  const other = (e: RelationEdge, id: string) => (e.source === id ? e.target : e.source);
  const name = (id: string) => graph.getNode(id)?.name ?? id;
  const namedSet = new Set(named);

  if (plan.target === 'compare' && named.length >= 2) return compare(named[0]!, named[1]!);
  // a yes/no comparison whose second entity is not in the graph: judged on the one that is
  if (plan.target === 'compare' && plan.yesNo) return compare(named[0]!, named[0]!);
  if (plan.target === 'relation-count') {
    const es = edgesOf(start.id).filter((e) => (wanted.size ? wanted.has(e.relation) : isFact(e.relation)));
    return es.length ? { items: [String(new Set(es.map((e) => other(e, start.id))).size)], basis: es.map((e) => name(other(e, start.id))), support: es.map((e) => e.id) } : undefined;
  }

  // depth of every node of G_q from the start
  const depth = new Map<string, number>([[start.id, 0]]);
  let frontier = [start.id];
  for (let d = 1; frontier.length > 0 && d <= plan.hops; d++) {
    const next: string[] = [];
    for (const id of frontier) for (const e of edgesOf(id)) if (!depth.has(other(e, id))) (depth.set(other(e, id), d), next.push(other(e, id)));
    frontier = next;
  }
  const typeOk = (id: string) => {
    const n = graph.getNode(id);
    return !!n && (types.size === 0 ? n.type !== 'Concept' || wanted.has('instance_of') || wanted.has('occupation') || wanted.has('genre') : types.has(n.type));
  };
  interface Cand { id: string; edge: string; score: number }
  const cands: Cand[] = [];
  for (const [id, d] of depth) {
    if (d >= plan.hops + 1) continue;
    for (const e of edgesOf(id)) {
      const o = other(e, id);
      const od = depth.get(o) ?? 99;
      if (od <= d || namedSet.has(o) || !typeOk(o)) continue;
      const rel = wanted.has(e.relation) ? 4 : isFact(e.relation) ? 2 : KG_WEAK_RELATIONS.has(e.relation) ? 0 : 1;
      // Rel / Attr: the start's own edges first; Multi: an edge of the entity the start leads to
      const place = plan.type === 'multi' ? (d === 1 ? 1 : 0.5) : d === 0 ? 1 : 0.3;
      cands.push({ id: o, edge: e.id, score: rel + place + e.confidence * 0.5 });
    }
  }
  if (cands.length === 0) return undefined;
  cands.sort((a, b) => b.score - a.score);
  const best = cands[0]!;
  return { items: [name(best.id)], basis: [start.name], support: [best.edge] };

  function compare(a: string, b: string): Execution | undefined {
    const [na, nb] = [graph.getNode(a), graph.getNode(b)];
    // a === b: a yes/no comparison judged on the one entity found
    if (!na || !nb) return undefined;
    const facts = (id: string) => graph.edgesOf(id, { direction: 'out' }).filter((e) => isFact(e.relation));
    if (plan.order) {
      const dateOf = (id: string) => {
        for (const r of plan.relations ?? []) {
          const e = facts(id).find((x) => x.relation === r);
          const v = e ? dateValue(name(e.target)) : undefined;
          if (e && v !== undefined) return { v, e: e.id };
        }
        return undefined;
      };
      const [da, db] = [dateOf(a), dateOf(b)];
      if (!da || !db || da.v === db.v) return undefined;
      const aWins = plan.order === 'min' ? da.v < db.v : da.v > db.v;
      return { items: [aWins ? na.name : nb.name], basis: [na.name, nb.name], support: [da.e, db.e] };
    }
    const qWords = new Set(words(question).map(stem));
    for (const n of [na, nb]) for (const w of words(n.name)) qWords.delete(stem(w));
    const matching = (id: string) => facts(id).filter((e) => words(name(e.target)).some((w) => qWords.has(stem(w))));
    const [ma, mb] = [matching(a), matching(b)];
    if (plan.yesNo) {
      const both = ma.length > 0 && mb.length > 0;
      return { items: [both ? 'yes' : 'no'], basis: [na.name, nb.name], support: [...ma, ...mb].map((e) => e.id) };
    }
    if (ma.length === mb.length) return undefined;
    return { items: [ma.length > mb.length ? na.name : nb.name], basis: [na.name, nb.name], support: [...ma, ...mb].map((e) => e.id) };
  }
}

// Scores a typed graph against the gold: entity precision/recall and typing accuracy, and
// typed-fact precision/recall where a fact counts when head, relation and tail all match after
// entity resolution (gold entity ↔ graph node by normalised name or alias). Precision of
// facts is over the graph's schema-relation edges in the gold passages; open-ended labels and
// weak edges (co-occurrence, page mentions) are counted but not scored.
import { isSchemaRelation, KG_LITERAL_TYPES, KG_WEAK_RELATIONS, relationSpec } from '@rag/core';
import type { GoldEntity, GoldFact, GoldPassage } from './gold-schema.js';
import { entityKeys, literalMatches, normName } from './kg-match.js';

export interface PassageGraph {
  nodes: { id: string; name: string; type: string; aliases: string[] }[];
  edges: { source: string; target: string; relation: string }[];
}

export interface KgScore {
  passages: number;
  goldEntities: number;
  goldFacts: number;
  predictedEntities: number;
  entityPrecision: number;
  entityRecall: number;
  typingAccuracy: number;
  typedEdges: number;
  openEdges: number;
  weakEdges: number;
  factPrecision: number;
  factRecall: number;
  /** Recall per schema relation: [matched, gold]. */
  perRelation: Record<string, [number, number]>;
  /** Up to 400 unmatched typed edges, missed gold facts and typing differences, for reading. */
  samples: { falsePositives: string[]; misses: string[]; typing: string[] };
}

function nodeKeys(n: { name: string; aliases: string[] }): string[] {
  return [n.name, ...n.aliases].map(normName).filter(Boolean);
}

export function scorePassages(gold: readonly GoldPassage[], graphs: ReadonlyMap<string, PassageGraph>): KgScore {
  let goldEntities = 0, matchedGold = 0, typedRight = 0;
  let predicted = 0, predictedMatched = 0;
  let goldFacts = 0, factHits = 0, typedEdges = 0, typedHits = 0, openEdges = 0, weakEdges = 0;
  const perRelation: Record<string, [number, number]> = {};
  const falsePositives: string[] = [];
  const misses: string[] = [];
  const typing: string[] = [];
  for (const p of gold) {
    const g = graphs.get(p.id) ?? { nodes: [], edges: [] };
    const byId = new Map(g.nodes.map((n) => [n.id, n]));
    const keyIndex = new Map<string, GoldEntity>();
    for (const e of p.entities) for (const k of entityKeys(e)) if (!keyIndex.has(k)) keyIndex.set(k, e);
    const goldOf = (n: { name: string; aliases: string[] }): GoldEntity | undefined => {
      for (const k of nodeKeys(n)) {
        const e = keyIndex.get(k);
        if (e) return e;
      }
      return undefined;
    };
    // entities: literal nodes (dates, numbers) are attributes; class nodes (Concept) count only when gold names them
    const matchedNodes = new Map<GoldEntity, { type: string; exact: boolean }[]>();
    for (const n of g.nodes) {
      if (KG_LITERAL_TYPES.has(n.type)) continue;
      const e = goldOf(n);
      if (n.type !== 'Concept' || e) predicted++;
      if (!e) continue;
      predictedMatched++;
      const list = matchedNodes.get(e) ?? [];
      list.push({ type: n.type, exact: normName(n.name) === normName(e.name) });
      matchedNodes.set(e, list);
    }
    for (const e of p.entities) {
      goldEntities++;
      const m = matchedNodes.get(e);
      if (!m) continue;
      matchedGold++;
      const best = m.find((x) => x.exact) ?? m[0]!;
      if (best.type === e.type) typedRight++;
      else if (typing.length < 400) typing.push(`${p.id}: ${e.name} gold ${e.type}, graph ${best.type}`);
    }
    // facts
    const gfacts = p.facts;
    const hit = new Set<GoldFact>();
    const tailMatches = (f: GoldFact, tail: { name: string; aliases: string[] }) => {
      const te = p.entities.find((e) => e.name === f.tail);
      if (te) return nodeKeys(tail).some((k) => entityKeys(te).has(k));
      return [tail.name, ...tail.aliases].some((t) => literalMatches(t, f.tail));
    };
    const headMatches = (f: GoldFact, head: { name: string; aliases: string[] }) => goldOf(head)?.name === f.head || nodeKeys(head).some((k) => entityKeys(p.entities.find((e) => e.name === f.head)!).has(k));
    for (const edge of g.edges) {
      if (KG_WEAK_RELATIONS.has(edge.relation)) {
        weakEdges++;
        continue;
      }
      if (!isSchemaRelation(edge.relation)) {
        openEdges++;
        continue;
      }
      typedEdges++;
      const h = byId.get(edge.source);
      const t = byId.get(edge.target);
      if (!h || !t) continue;
      const symmetric = relationSpec(edge.relation)?.symmetric === true;
      const matches = gfacts.filter(
        (f) => f.relation === edge.relation && ((headMatches(f, h) && tailMatches(f, t)) || (symmetric && headMatches(f, t) && tailMatches(f, h))),
      );
      if (matches.length > 0) {
        typedHits++;
        for (const f of matches) hit.add(f);
      } else if (falsePositives.length < 400) falsePositives.push(`${p.id}: (${h.name}, ${edge.relation}, ${t.name})`);
    }
    for (const f of gfacts) {
      goldFacts++;
      const r = (perRelation[f.relation] ??= [0, 0]);
      r[1]++;
      if (hit.has(f)) {
        factHits++;
        r[0]++;
      } else if (misses.length < 400) misses.push(`${p.id}: (${f.head}, ${f.relation}, ${f.tail})`);
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    passages: gold.length,
    goldEntities,
    goldFacts,
    predictedEntities: predicted,
    entityPrecision: ratio(predictedMatched, predicted),
    entityRecall: ratio(matchedGold, goldEntities),
    typingAccuracy: ratio(typedRight, matchedGold),
    typedEdges,
    openEdges,
    weakEdges,
    factPrecision: ratio(typedHits, typedEdges),
    factRecall: ratio(factHits, goldFacts),
    perRelation,
    samples: { falsePositives, misses, typing },
  };
}

// Embedded SufficiencyJudge for A2RAG's stage-wise checks: a documented heuristic, no model.
//   seedCoverage  = aligned query mentions / query mentions (1 when the query names none)
//   connectivity  = 1 if every seed touches the evidence subgraph and the seeds lie in one
//                   connected component of it (a single seed counts as connected), else the
//                   fraction of seeds in the largest component
//   termCoverage  = query keywords found in the top `topChunks` evidence chunks / keywords
//   score = wSeed·seedCoverage + wConn·connectivity + wTerms·termCoverage; sufficient ≥ threshold.
import { invalidInput, type SufficiencyJudge } from '@rag/core';
import { tokenize } from '../internal/text.js';

export interface HeuristicSufficiencyJudgeOptions {
  threshold?: number;
  weights?: { seedCoverage?: number; connectivity?: number; termCoverage?: number };
  topChunks?: number;
}

export function createHeuristicSufficiencyJudge(options: HeuristicSufficiencyJudgeOptions = {}): SufficiencyJudge {
  const threshold = options.threshold ?? 0.8;
  const ws = options.weights?.seedCoverage ?? 0.25;
  const wc = options.weights?.connectivity ?? 0.25;
  const wt = options.weights?.termCoverage ?? 0.5;
  const top = options.topChunks ?? 3;
  if (!(threshold >= 0 && threshold <= 1)) throw invalidInput('createHeuristicSufficiencyJudge(options.threshold)', 'must be in [0, 1]');
  return {
    async judge({ query, analysis, evidence, seeds }) {
      const mentions = analysis?.entities.length ?? 0;
      const seedList = seeds ?? [];
      const seedCoverage = mentions === 0 ? 1 : Math.min(1, new Set(seedList.map((s) => s.name.toLowerCase())).size / mentions);
      // Connectivity over the evidence subgraph (undirected union-find).
      const parent = new Map<string, string>();
      const find = (x: string): string => {
        let r = x;
        while (parent.get(r) !== r && parent.has(r)) r = parent.get(r)!;
        return r;
      };
      for (const n of evidence.subgraph?.nodes ?? []) parent.set(n.id, n.id);
      for (const e of evidence.subgraph?.edges ?? []) {
        if (!parent.has(e.source)) parent.set(e.source, e.source);
        if (!parent.has(e.target)) parent.set(e.target, e.target);
        parent.set(find(e.source), find(e.target));
      }
      let connectivity = 0;
      if (seedList.length === 1) connectivity = parent.has(seedList[0]!.id) ? 1 : 0;
      else if (seedList.length > 1) {
        const comp = new Map<string, number>();
        for (const s of seedList) if (parent.has(s.id)) comp.set(find(s.id), (comp.get(find(s.id)) ?? 0) + 1);
        connectivity = Math.max(0, ...comp.values()) / seedList.length;
      }
      const keywords = new Set(analysis?.keywords ?? tokenize(query));
      const seen = new Set(evidence.chunks.slice(0, top).flatMap((c) => tokenize(c.text)));
      let hit = 0;
      for (const k of keywords) if (seen.has(k)) hit += 1;
      const termCoverage = keywords.size === 0 ? 1 : hit / keywords.size;
      const score = (ws * seedCoverage + wc * connectivity + wt * termCoverage) / (ws + wc + wt || 1);
      const sufficient = score >= threshold;
      return {
        sufficient,
        score,
        reason: `seedCoverage=${seedCoverage.toFixed(2)} connectivity=${connectivity.toFixed(2)} termCoverage=${termCoverage.toFixed(2)} → ${score.toFixed(2)} ${sufficient ? '≥' : '<'} ${threshold}`,
      };
    },
  };
}

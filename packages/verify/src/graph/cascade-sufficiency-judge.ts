// A2RAG's stage-wise sufficiency check at the cost the paper intends (Section III-C): the cheap
// signal first, the model only when the stage decision needs it. The embedded judge's score
// decides outright when it is clearly high (stop) or clearly low (escalate: escalation costs
// graph computation, not model calls); only a score inside the uncertainty band [low, high)
// is put to the model judge. A stage the cheap judge cannot place is the one case where a
// wrong decision costs either recall (stopping early) or nothing a model call would save.
import { invalidInput, type SufficiencyJudge } from '@rag/core';

export interface CascadeSufficiencyJudgeOptions {
  /** The cheap judge (embedded heuristic; its `score` is in [0, 1]). */
  cheap: SufficiencyJudge;
  /** The expensive judge asked inside the band (an LLM judge). */
  model: SufficiencyJudge;
  /** Cheap scores in [low, high) go to the model (default [0.6, 0.8)); set low = high to never ask it. */
  band?: { low?: number; high?: number };
}

export function createCascadeSufficiencyJudge(options: CascadeSufficiencyJudgeOptions): SufficiencyJudge {
  if (typeof options?.cheap?.judge !== 'function') throw invalidInput('createCascadeSufficiencyJudge(options.cheap)', 'must be a SufficiencyJudge');
  if (typeof options?.model?.judge !== 'function') throw invalidInput('createCascadeSufficiencyJudge(options.model)', 'must be a SufficiencyJudge');
  const low = options.band?.low ?? 0.6;
  const high = options.band?.high ?? 0.8;
  if (!(low >= 0 && high <= 1 && low <= high)) throw invalidInput('createCascadeSufficiencyJudge(options.band)', 'needs 0 ≤ low ≤ high ≤ 1', { value: options.band });
  return {
    async judge(input, context) {
      const cheap = await options.cheap.judge(input, context);
      if (cheap.score >= high || cheap.score < low) {
        const sufficient = cheap.score >= high;
        context?.trace.decision('sufficiency-cascade', `cheap score ${cheap.score.toFixed(2)} ${sufficient ? `≥ ${high}: sufficient` : `< ${low}: insufficient`}, no model call`, { stage: input.stage, score: cheap.score });
        return { ...cheap, sufficient };
      }
      context?.trace.decision('sufficiency-cascade', `cheap score ${cheap.score.toFixed(2)} in [${low}, ${high}): the model decides`, { stage: input.stage, score: cheap.score });
      return options.model.judge(input, context);
    },
  };
}

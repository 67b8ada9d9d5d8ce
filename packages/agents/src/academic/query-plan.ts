// Query-aware retrieval plan (agentic heterogeneous-graph paper, Section 3.2):
// Q(q) = (t, s, h, E(q), π) — query type t ∈ {Attr, Rel, Agg, Multi}, start-node type s, hop
// budget h fixed by t, entity mentions E(q) and a traversal plan π. The paper's classifier is a
// prompted LLM (`createLlmQueryPlanner`); the embedded planner reads the same five fields from
// surface cues. It recognises the question forms of the scholarly fixture and phrasings close
// to them; it is a rule set, not language understanding.
import { decide, invalidInput, type ChatModel, type QueryType, type RunContext } from '@rag/core';
import { z } from 'zod';
import { buildPlanMessages } from '../prompts/academic-prompt.js';

export type StartType = 'Author' | 'Paper' | 'Venue';
export type ScholarlyTarget = 'year' | 'citations' | 'authors' | 'venue' | 'count' | 'sum' | 'argmax' | 'coauthors' | 'venue-of-argmax';
/** Targets over an open typed graph (typed-graph-plan.ts): follow the asked relations, count them, or compare two entities. */
export type TypedTarget = 'relation' | 'relation-count' | 'compare';
export type PlanTarget = ScholarlyTarget | TypedTarget;

export interface QueryPlan {
  type: QueryType;
  /** Scholarly: Author, Paper or Venue. Typed graph: the type of the node the first mention names (set by the agent). */
  startType: StartType | (string & {});
  hops: number;
  entities: string[];
  /** π: the traversal and the operation at its end. */
  steps: string[];
  target: PlanTarget;
  /** Typed graph: schema relations the question asks about. */
  relations?: string[];
  /** Typed graph: expected types of the answer (from the question word). */
  answerTypes?: string[];
  /** Typed graph, compare: a yes/no question. */
  yesNo?: boolean;
  /** Typed graph, compare: the earliest (min) or latest (max) date wins. */
  order?: 'min' | 'max';
}

export interface QueryPlanner {
  plan(query: string, context?: RunContext): Promise<QueryPlan>;
}

/** h is determined by t (Section 3.2, "fixed mapping"). */
export const HOPS_BY_TYPE: Record<QueryType, number> = { attr: 0, rel: 1, agg: 1, multi: 2 };

const STEPS: Record<ScholarlyTarget, string[]> = {
  year: ['lookup:Paper', 'attribute:year'],
  citations: ['lookup:Paper', 'attribute:citations'],
  authors: ['lookup:Paper', 'hop:writes←', 'collect:Author'],
  venue: ['lookup:Paper', 'hop:published_in→', 'collect:Venue'],
  count: ['lookup:Author', 'hop:writes→', 'aggregate:count'],
  sum: ['lookup:Author', 'hop:writes→', 'aggregate:sum(citations)'],
  argmax: ['lookup:Author', 'hop:writes→', 'aggregate:argmax(citations)'],
  coauthors: ['lookup:Author', 'hop:writes→', 'hop:writes←', 'collect:Author≠start'],
  'venue-of-argmax': ['lookup:Author', 'hop:writes→', 'aggregate:argmax(citations)', 'hop:published_in→', 'collect:Venue'],
};

const TYPE_OF: Record<ScholarlyTarget, QueryType> = {
  year: 'attr', citations: 'attr', authors: 'rel', venue: 'rel', count: 'agg', sum: 'agg', argmax: 'agg', coauthors: 'multi', 'venue-of-argmax': 'multi',
};

export function planFor(target: ScholarlyTarget, entities: string[]): QueryPlan {
  const type = TYPE_OF[target];
  const startType: StartType = ['year', 'citations', 'authors', 'venue'].includes(target) ? 'Paper' : 'Author';
  return { type, startType, hops: HOPS_BY_TYPE[type], entities, steps: STEPS[target], target };
}

function mentionsOf(query: string): string[] {
  const quoted = [...query.matchAll(/["“]([^"”]+)["”]/g)].map((m) => m[1]!.trim());
  if (quoted.length) return quoted;
  // An author name: the capitalised phrase after "by", "with" or "of", or the last one.
  const names = [...query.matchAll(/\b(?:[A-Z][\p{L}'-]+)(?:\s+[A-Z][\p{L}'-]+)+/gu)].map((m) => m[0]);
  return names.filter((n) => !/^(Who|What|Which|In|How)\b/.test(n)).slice(-1);
}

export function createHeuristicQueryPlanner(): QueryPlanner {
  return {
    async plan(query) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const q = query.toLowerCase();
      const entities = mentionsOf(query);
      const aboutPaper = /["“]/.test(query) || /\bpaper\s+["“]/.test(q);
      let target: ScholarlyTarget;
      if (/co-?author|collaborat|worked with/.test(q)) target = 'coauthors';
      else if (/\b(venue|journal|conference|where)\b/.test(q) && /\bmost (cited|citations)\b|\bmost-cited\b/.test(q)) target = 'venue-of-argmax';
      else if (aboutPaper && /\b(year|when)\b/.test(q)) target = 'year';
      else if (aboutPaper && /\bcitations?|cited\b/.test(q)) target = 'citations';
      else if (aboutPaper && /\b(who|authors?|wrote|written)\b/.test(q)) target = 'authors';
      else if (aboutPaper && /\b(venue|journal|conference|where|published in)\b/.test(q)) target = 'venue';
      else if (/\btotal\b|\bsum\b|\baltogether\b/.test(q)) target = 'sum';
      else if (/\bmost\b|\bhighest\b|\bbest cited\b/.test(q)) target = 'argmax';
      else if (/\bhow many\b|\bnumber of\b/.test(q)) target = 'count';
      else target = aboutPaper ? 'authors' : 'count';
      return planFor(target, entities);
    },
  };
}

export const PlanReplySchema = z.object({
  target: z.enum(['year', 'citations', 'authors', 'venue', 'count', 'sum', 'argmax', 'coauthors', 'venue-of-argmax']),
  entities: z.array(z.string().min(1).max(300)).max(5),
});


/** The paper's prompted LLM classifier f_θ (eq. 1–2), mapped to the fixed (s, h, π) table. */
export function createLlmQueryPlanner(options: { model: ChatModel; fallback?: QueryPlanner }): QueryPlanner {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('model', 'must be a ChatModel');
  const fallback = options.fallback ?? createHeuristicQueryPlanner();
  return {
    async plan(query, context) {
      const { value } = await decide({
        decision: 'academic-plan',
        model: options.model,
        schema: PlanReplySchema,
        messages: buildPlanMessages(query),
        ...(context ? { context } : {}),
        temperature: 0,
        map: (object) => planFor(object.target, object.entities),
        fallback: () => fallback.plan(query, context),
      });
      return value;
    },
  };
}

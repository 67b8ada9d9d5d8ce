// The paper's prompted planner f_θ (eqs. 1–2, Q(q) = (t, s, h, E(q), π)) on ANY typed graph:
// the model is shown the graph's own schema (its node types and relation types with the types
// they join, read from the store by typed-graph-schema.ts) and replies with a plan whose
// relation and type names are zod enums built from that schema. A plan naming a type or relation
// the graph does not have fails validation; the model is re-asked once with the validation error
// (which lists the allowed names), and when the second reply fails too — or the model errors —
// the rule planner of typed-graph-plan.ts plans instead, recorded as a `fallback` warning
// (decision "academic-plan") in the trace. h follows from t by the fixed mapping; π is built
// from the plan's fields as the rule planner builds it. One model call per question (two when
// the first reply is invalid).
import { decide, invalidInput, type ChatModel, type QueryType } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';
import { z } from 'zod';
import { buildTypedPlanMessages } from '../prompts/academic-prompt.js';
import type { QueryPlan, QueryPlanner } from './query-plan.js';
import { createTypedGraphPlanner, TYPED_HOPS_BY_TYPE, typedStepsOf } from './typed-graph-plan.js';
import { describeTypedGraphSchema, readTypedGraphSchema, type TypedGraphSchema } from './typed-graph-schema.js';

export interface LlmTypedGraphPlannerOptions {
  model: ChatModel;
  /** The graph planned over; its schema is read on every plan (cached per graph version). */
  graph: GraphStore;
  /** Plans when the model's plan stays invalid (default: the rule planner over the same graph). */
  fallback?: QueryPlanner;
  /** Relation types shown to the model, most frequent first (default 40). */
  maxRelations?: number;
}

const names = (values: string[]) => (values.length > 0 ? z.enum(values as [string, ...string[]]) : z.never());

/** The reply schema for one graph: relation and type names restricted to the graph's own. */
export function typedPlanReplySchema(schema: TypedGraphSchema) {
  const relation = names(schema.relations.map((r) => r.relation));
  const nodeType = names(schema.nodeTypes.map((t) => t.type));
  return z.object({
    type: z.enum(['attr', 'rel', 'agg', 'multi']),
    target: z.enum(['relation', 'relation-count', 'compare']),
    entities: z.array(z.string().trim().min(1).max(300)).max(5),
    startType: nodeType.nullable().default(null),
    relations: z.array(relation).max(8).default([]),
    answerTypes: z.array(nodeType).max(4).default([]),
    order: z.enum(['min', 'max', 'none']).default('none'),
    yesNo: z.boolean().default(false),
  });
}

export function createLlmTypedGraphPlanner(options: LlmTypedGraphPlannerOptions): QueryPlanner {
  if (!options?.model || typeof options.model.chat !== 'function') throw invalidInput('createLlmTypedGraphPlanner(options.model)', 'must be a ChatModel');
  if (!options.graph || typeof options.graph.nodes !== 'function') throw invalidInput('createLlmTypedGraphPlanner(options.graph)', 'must be a GraphStore');
  const { model, graph } = options;
  const fallback = options.fallback ?? createTypedGraphPlanner({ graph });
  return {
    async plan(query, context) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const schema = readTypedGraphSchema(graph, { ...(options.maxRelations !== undefined ? { maxRelations: options.maxRelations } : {}) });
      // an empty graph has no schema to plan over: the rule planner (no call), and the agent abstains
      if (schema.nodeTypes.length === 0) return fallback.plan(query, context);
      const { value } = await decide({
        decision: 'academic-plan',
        model,
        schema: typedPlanReplySchema(schema),
        messages: buildTypedPlanMessages(query, describeTypedGraphSchema(schema)),
        ...(context ? { context } : {}),
        temperature: 0,
        map: (reply): QueryPlan => {
          const type = reply.type as QueryType;
          const order = reply.order === 'none' ? undefined : reply.order;
          const relations = [...new Set(reply.relations as string[])];
          const answerTypes = [...new Set(reply.answerTypes as string[])];
          const plan = { type, target: reply.target, entities: reply.entities, relations, answerTypes, yesNo: reply.yesNo, ...(order ? { order } : {}) };
          return { ...plan, startType: (reply.startType as string | null) ?? '', hops: TYPED_HOPS_BY_TYPE[type], steps: typedStepsOf(plan) };
        },
        fallback: () => fallback.plan(query, context),
      });
      return value;
    },
  };
}

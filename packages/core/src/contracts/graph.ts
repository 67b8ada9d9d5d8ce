import { z } from 'zod';
import { MetadataSchema } from './doc.js';

/** Where a fact was read: a span of a chunk (offsets into the source document). */
export const ProvenanceSchema = z.object({
  chunkId: z.string().min(1),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
});
export type Provenance = z.infer<typeof ProvenanceSchema>;

export const EntitySchema = z.object({
  name: z.string().min(1),
  type: z.string().min(1).default('Entity'),
  aliases: z.array(z.string()).default([]),
  description: z.string().optional(),
  attributes: MetadataSchema.optional(),
  mentions: z.array(ProvenanceSchema).default([]),
});
export type Entity = z.infer<typeof EntitySchema>;

export const TripleSchema = z.object({
  head: z.string().min(1),
  relation: z.string().min(1),
  tail: z.string().min(1),
  headType: z.string().optional(),
  tailType: z.string().optional(),
  provenance: z.array(ProvenanceSchema),
  confidence: z.number().min(0).max(1),
  attributes: MetadataSchema.optional(),
});
export type Triple = z.infer<typeof TripleSchema>;

/** A node as seen by consumers outside the graph store (strategies, evidence, UIs). */
export interface GraphNodeRef {
  id: string;
  name: string;
  type: string;
  aliases: string[];
  description?: string;
  score?: number;
}

export interface GraphEdgeRef {
  id: string;
  source: string;
  target: string;
  relation: string;
  confidence: number;
  provenance: Provenance[];
  score?: number;
}

export interface Subgraph {
  nodes: GraphNodeRef[];
  edges: GraphEdgeRef[];
}

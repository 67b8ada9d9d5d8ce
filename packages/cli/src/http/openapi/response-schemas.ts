// Response shapes for the OpenAPI document. They describe what the service returns (see
// ../../types.ts and ../../service/rag-service.ts); fields beyond these may be added later, so
// the objects are open (`looseObject`).
import { z } from 'zod';

const Ref = z.looseObject({ id: z.string(), name: z.string(), type: z.string() });

export const VerificationSchema = z.object({ status: z.enum(['verified', 'unsure', 'failed']), reason: z.string() });

export const AskResultSchema = z.looseObject({
  question: z.string(),
  method: z.string(),
  kind: z.enum(['answer', 'evidence']),
  status: z.string(),
  answer: z.string().nullable(),
  /** "sentence": no phrase of the asked type was found; the answer is the best supporting sentence (labelled unsure). */
  form: z.enum(['span', 'sentence']).nullable().describe('"span": a phrase of the asked type; "sentence": no such phrase was found, the answer is the best supporting sentence (labelled unsure); null without an answer text'),
  citations: z.array(z.looseObject({ chunkId: z.string(), docId: z.string(), title: z.string(), quote: z.string() })),
  evidence: z.array(z.looseObject({ chunkId: z.string(), score: z.number(), text: z.string() })),
  stage: z.string().nullable(),
  retries: z.number(),
  cost: z.looseObject({}),
  verdicts: z.array(z.looseObject({})),
  verification: VerificationSchema.nullable(),
  subgraph: z.looseObject({ nodes: z.array(Ref), edges: z.array(z.looseObject({ id: z.string(), source: z.string(), target: z.string(), relation: z.string() })) }),
  trace: z.array(z.looseObject({ kind: z.string() })),
});

export const InfoSchema = z.looseObject({
  dir: z.string().optional().describe('the store directory; shown to clients on this machine only'),
  mode: z.string(),
  defaultMethod: z.string(),
  methods: z.array(z.object({ name: z.string(), kind: z.string(), description: z.string() })),
  samples: z.array(z.string()),
  docs: z.number(),
  chunks: z.number(),
  nodes: z.number(),
  edges: z.number(),
  writesNeedToken: z.boolean(),
});

export const IngestSummarySchema = z.looseObject({
  added: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  chunks: z.number(),
  nodes: z.number(),
  edges: z.number(),
  ms: z.number(),
});

export const DocListSchema = z.object({ total: z.number(), items: z.array(z.looseObject({ id: z.string(), title: z.string(), chars: z.number(), chunks: z.number() })) });
export const DocSchema = z.looseObject({ id: z.string(), title: z.string(), text: z.string(), chunks: z.array(z.looseObject({ id: z.string() })) });
export const ChunkSchema = z.looseObject({ id: z.string(), docId: z.string(), text: z.string(), title: z.string() });
export const NodeRefListSchema = z.array(Ref);
export const NodeViewSchema = z.looseObject({ node: z.looseObject({ id: z.string(), name: z.string(), type: z.string() }), provenance: z.array(z.looseObject({})), neighbours: z.array(z.looseObject({})) });
export const MergeRecordSchema = z.looseObject({ id: z.string(), keptId: z.string(), mergedId: z.string(), at: z.string(), undone: z.boolean().optional() });
export const EntitySchema = z.looseObject({ id: z.string(), name: z.string(), type: z.string(), aliases: z.array(z.string()) });
export const ReviewItemSchema = z.looseObject({ id: z.string(), status: z.string() });

import { z } from 'zod';

/** Half-open character range [start, end) into a document's text. */
export const SpanSchema = z.object({ start: z.number().int().nonnegative(), end: z.number().int().nonnegative() });
export type Span = z.infer<typeof SpanSchema>;

export const MetadataValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const MetadataSchema = z.record(z.string(), z.union([MetadataValueSchema, z.array(MetadataValueSchema)]));
export type Metadata = z.infer<typeof MetadataSchema>;

export const DocSchema = z.object({
  id: z.string().min(1),
  title: z.string().optional(),
  text: z.string(),
  metadata: MetadataSchema.default({}),
  /** sha256 of title + text; re-ingesting an unchanged doc is a no-op. */
  contentHash: z.string(),
});
export type Doc = z.infer<typeof DocSchema>;

/** A document as a user hands it in, before hashing. */
export const DocInputSchema = z.object({
  id: z.string().min(1),
  title: z.string().optional(),
  text: z.string(),
  metadata: MetadataSchema.optional(),
});
export type DocInput = z.infer<typeof DocInputSchema>;

export const ChunkSchema = z.object({
  id: z.string().min(1),
  docId: z.string().min(1),
  text: z.string(),
  /** Offsets into the source document's text. */
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  /** Sentence ranges, as offsets into the source document's text. */
  sentences: z.array(SpanSchema),
  metadata: MetadataSchema.optional(),
});
export type Chunk = z.infer<typeof ChunkSchema>;

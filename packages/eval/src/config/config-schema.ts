// The shape of rag.config.json / rag.config.mjs: which plugin supplies each collaborator, as a
// module specifier (a package name, or a path relative to the config file), the export to use
// (default: the module's default export) and options passed to that factory.
import { z } from 'zod';

export const PluginRefSchema = z
  .object({
    /** A package name ("my-rag-plugin", "@scope/pkg/sub") or a path relative to the config file ("./plugins/x.mjs"). */
    module: z.string().trim().min(1, 'must name a module'),
    /** The named export of the factory (default: "default"). */
    export: z.string().trim().min(1).optional(),
    /** Passed to the factory as its first argument. */
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type PluginRef = z.infer<typeof PluginRefSchema>;

export const PLUGIN_SLOTS = ['embedder', 'vectorStore', 'keywordIndex', 'chatModel', 'extractor'] as const;
export type PluginSlot = (typeof PLUGIN_SLOTS)[number];

export const RagConfigSchema = z
  .object({
    $schema: z.string().optional(),
    embedder: PluginRefSchema.optional(),
    vectorStore: PluginRefSchema.optional(),
    keywordIndex: PluginRefSchema.optional(),
    chatModel: PluginRefSchema.optional(),
    extractor: PluginRefSchema.optional(),
  })
  .strict();
export type RagConfig = z.infer<typeof RagConfigSchema>;

/** A config file read and validated, with where it came from (modules resolve from its directory). */
export interface LoadedRagConfig {
  file: string;
  config: RagConfig;
}

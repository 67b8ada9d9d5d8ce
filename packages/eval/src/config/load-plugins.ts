// Instantiates the plugins a config names. Each module specifier is resolved from the config
// file's directory with Node's ESM resolution (import-meta-resolve: the same algorithm as
// `import`, but from a chosen parent — Node 20's import.meta.resolve has no parent argument
// without a flag), imported, and its factory called with the options. The result must have the
// contract's methods; anything else is refused with the file, the key and what is missing.
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RagError, type ChatModel, type Embedder, type KeywordIndex, type TripleExtractor, type VectorStore } from '@rag/core';
import { resolve as resolveModule } from 'import-meta-resolve';
import { PLUGIN_SLOTS, type LoadedRagConfig, type PluginRef, type PluginSlot } from './config-schema.js';

export interface LoadedPlugins {
  embedder?: Embedder;
  vectorStore?: VectorStore;
  keywordIndex?: KeywordIndex;
  chatModel?: ChatModel;
  extractor?: TripleExtractor;
  /** The config file they came from. */
  file: string;
  /** slot → "module#export" for logs and cache keys. */
  sources: Partial<Record<PluginSlot, string>>;
}

/** What a plugin factory receives besides its options. */
export interface PluginContext {
  env: Record<string, string | undefined>;
  /** Directory of the config file. */
  configDir: string;
}

const REQUIRED_METHODS: Record<PluginSlot, readonly string[]> = {
  embedder: ['embed'],
  vectorStore: ['upsert', 'delete', 'deleteByDoc', 'search', 'count'],
  keywordIndex: ['add', 'remove', 'search', 'size'],
  chatModel: ['chat'],
  extractor: ['extract'],
};

async function instantiate(slot: PluginSlot, ref: PluginRef, file: string, context: PluginContext): Promise<unknown> {
  const where = `${file}: ${slot}.module "${ref.module}"`;
  let url: string;
  try {
    url = resolveModule(ref.module, pathToFileURL(file).href);
  } catch (e) {
    throw new RagError('RAG_CONFIG', `${where}: cannot be resolved from ${context.configDir} (${(e as Error).message.split('\n')[0]}); install it there or give a path like ./plugin.mjs`, {
      details: { input: `${slot}.module`, file },
      cause: e,
    });
  }
  let mod: Record<string, unknown>;
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (e) {
    throw new RagError('RAG_CONFIG', `${where}: failed to load (${(e as Error).message})`, { details: { input: `${slot}.module`, file }, cause: e });
  }
  const name = ref.export ?? 'default';
  const factory = mod[name];
  if (typeof factory !== 'function')
    throw new RagError('RAG_CONFIG', `${where}: export "${name}" is ${factory === undefined ? 'missing' : `a ${typeof factory}`}, not a factory function (exports: ${Object.keys(mod).join(', ') || 'none'})`, {
      details: { input: `${slot}.export`, file },
    });
  let instance: unknown;
  try {
    instance = await (factory as (options: Record<string, unknown>, context: PluginContext) => unknown)(ref.options ?? {}, context);
  } catch (e) {
    throw new RagError('RAG_CONFIG', `${where}: factory "${name}" threw: ${(e as Error).message}`, { details: { input: `${slot}.options`, file }, cause: e });
  }
  const obj = instance as Record<string, unknown> | null;
  const missing = obj && typeof obj === 'object' ? REQUIRED_METHODS[slot].filter((m) => typeof obj[m] !== 'function') : REQUIRED_METHODS[slot];
  if (missing.length > 0 || typeof obj?.id !== 'string')
    throw new RagError('RAG_CONFIG', `${where}: factory "${name}" did not return a ${slot} (${[...(typeof obj?.id !== 'string' ? ['id: string'] : []), ...missing.map((m) => `${m}()`)].join(', ')} missing)`, {
      details: { input: slot, file },
    });
  return instance;
}

/** Instantiates every plugin of a loaded config, in slot order. */
export async function loadPlugins(loaded: LoadedRagConfig, env: Record<string, string | undefined> = process.env): Promise<LoadedPlugins> {
  const context: PluginContext = { env, configDir: dirname(loaded.file) };
  const out: LoadedPlugins = { file: loaded.file, sources: {} };
  for (const slot of PLUGIN_SLOTS) {
    const ref = loaded.config[slot];
    if (!ref) continue;
    (out as unknown as Record<string, unknown>)[slot] = await instantiate(slot, ref, loaded.file, context);
    out.sources[slot] = `${ref.module}#${ref.export ?? 'default'}`;
  }
  return out;
}

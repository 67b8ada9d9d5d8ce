// A stack with the configured plugins in place of the env-selected collaborators. A configured
// chat model makes it a service-mode stack (LLM strategies); the keyword index and extractor
// are carried for the indexer. The cache key names the plugins, so a cached index built with
// other collaborators is never reused.
import type { EvalStack } from '../stack.js';
import type { LoadedPlugins } from './load-plugins.js';

export function withPlugins(stack: EvalStack, plugins: LoadedPlugins | undefined): EvalStack {
  if (!plugins || Object.keys(plugins.sources).length === 0) return stack;
  const chat = plugins.chatModel ?? stack.chat;
  const mode = plugins.chatModel ? 'service' : stack.mode;
  const listed = Object.entries(plugins.sources).map(([slot, src]) => `${slot} ${src}`);
  return {
    ...stack,
    mode,
    ...(chat ? { chat } : {}),
    ...(plugins.embedder ? { embedder: plugins.embedder } : {}),
    ...(plugins.vectorStore ? { vectors: plugins.vectorStore } : {}),
    ...(plugins.keywordIndex ? { keyword: plugins.keywordIndex } : {}),
    ...(plugins.extractor ? { extractor: plugins.extractor } : {}),
    describe: `${stack.describe}; plugins from ${plugins.file}: ${listed.join(', ')}`,
    configKey: JSON.stringify({
      stack: stack.configKey,
      embedder: plugins.embedder?.id,
      vectors: plugins.vectorStore?.id,
      keyword: plugins.keywordIndex?.id,
      extractor: plugins.extractor?.id,
    }),
  };
}

// Plugins chosen by configuration (rag.config.json / rag.config.mjs / --config FILE).
export { RagConfigSchema, PluginRefSchema, PLUGIN_SLOTS } from './config-schema.js';
export type { RagConfig, PluginRef, PluginSlot, LoadedRagConfig } from './config-schema.js';
export { CONFIG_FILE_NAMES, findRagConfig, loadRagConfig, takeConfigFlag } from './load-config.js';
export { loadPlugins } from './load-plugins.js';
export type { LoadedPlugins, PluginContext } from './load-plugins.js';
export { withPlugins } from './with-plugins.js';
export { loadStackConfig } from './load-stack-config.js';

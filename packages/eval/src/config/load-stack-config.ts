// One call for a CLI: find the config (explicit file or rag.config.* in cwd), load its plugins
// and put them in the env-selected stack. No config file: the env stack unchanged.
import { createStackFromEnv, type EvalStack } from '../stack.js';
import { findRagConfig, loadRagConfig } from './load-config.js';
import { loadPlugins } from './load-plugins.js';
import { withPlugins } from './with-plugins.js';

export async function loadStackConfig(options: { cwd: string; env?: Record<string, string | undefined>; config?: string }): Promise<EvalStack> {
  const env = options.env ?? process.env;
  const stack = createStackFromEnv(env);
  const file = findRagConfig(options.cwd, options.config);
  if (!file) return stack;
  return withPlugins(stack, await loadPlugins(await loadRagConfig(file), env));
}

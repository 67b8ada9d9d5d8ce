// Shared tsup settings: ESM + .d.ts for Node 20, built against the dependencies' built types
// (tooling/tsconfig/build.json drops the "@rag/source" condition). CLIs are separate entries
// without declarations; their "#!/usr/bin/env node" line is kept and the file made executable.
import { defineConfig, type Options } from 'tsup';

const common: Options = {
  format: ['esm'],
  sourcemap: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
};

export function libraryConfig(entry: string[], bins: Record<string, string> = {}) {
  const configs: Options[] = [{ ...common, entry, dts: true, clean: true }];
  if (Object.keys(bins).length > 0) configs.push({ ...common, entry: bins, dts: false, clean: false });
  return defineConfig(configs);
}

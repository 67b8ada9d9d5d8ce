import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: ['src/index.ts'],
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    tsconfig: 'tsconfig.build.json',
  },
  {
    // The CLI: src/bin/rag-eval.ts keeps its "#!/usr/bin/env node" line and tsup marks the
    // output executable.
    entry: { 'bin/rag-eval': 'src/bin/rag-eval.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: true,
    target: 'node20',
    tsconfig: 'tsconfig.build.json',
  },
]);

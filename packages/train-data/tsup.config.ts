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
    // The CLI: src/bin/rag-train-data.ts keeps its "#!/usr/bin/env node" line.
    entry: { 'bin/rag-train-data': 'src/bin/rag-train-data.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: true,
    target: 'node20',
    tsconfig: 'tsconfig.build.json',
  },
]);

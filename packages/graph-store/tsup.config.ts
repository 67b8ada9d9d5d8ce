import { defineConfig } from 'tsup';

export default defineConfig({
  // every algorithm file is its own deep-importable entry; tests are not
  entry: ['src/index.ts', 'src/algorithms/*.ts', '!src/**/*.test.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  tsconfig: 'tsconfig.build.json',
});

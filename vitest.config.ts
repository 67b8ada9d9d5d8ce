import { defineConfig } from 'vitest/config';
import { workspaceProjects } from './tooling/vitest.shared';

export default defineConfig({
  resolve: { conditions: ['@rag/source', 'import', 'module', 'node', 'default'] },
  ssr: { resolve: { conditions: ['@rag/source', 'import', 'module', 'node', 'default'] } },
  test: {
    projects: workspaceProjects(import.meta.dirname),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
  },
});

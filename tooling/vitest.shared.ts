// Shared vitest setup: one project per workspace package, sources resolved through the
// "@rag/source" export condition so tests never need a prior build.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/** Service tests (`*.int.test.ts`) run only when a service variable is set. */
export const serviceTestsEnabled = Boolean(
  process.env.OLLAMA_HOST || process.env.QDRANT_URL || process.env.OPENAI_BASE_URL || process.env.RAG_INT,
);

export function workspaceProjects(root: string): TestProjectInlineConfiguration[] {
  const dirs = ['packages', 'apps'].flatMap((group) =>
    existsSync(join(root, group)) ? readdirSync(join(root, group)).map((d) => join(group, d)) : [],
  );
  return dirs
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => {
      const { name } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string };
      return {
        extends: true,
        test: {
          name,
          root: join(root, dir),
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: serviceTestsEnabled ? ['**/node_modules/**'] : ['**/node_modules/**', '**/*.int.test.ts'],
        },
      };
    });
}

// The public surface: the root entry re-exports the main functions, and every algorithm file is
// reachable as `@rag/graph-store/algorithms/<file>` through package.json "exports".
// (Self-imports by package name are banned by tooling/scripts/check-deps.mjs, so this reads the
// exports map and imports the files it points at.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as root from './index.js';

const pkgDir = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
  exports: Record<string, Record<string, string>>;
};

describe('package exports', () => {
  it('exposes the store, persistence and algorithms from the root entry', () => {
    for (const name of ['createGraphStore', 'entityId', 'saveGraph', 'loadGraph', 'toGraphML', 'toGEXF', 'personalizedPageRank', 'bridgeCandidates', 'kHop', 'detectCommunities', 'prizeCollectingSteinerTree', 'shortestPath', 'inducedSubgraph', 'linearize', 'simulateExtractionLoss']) {
      expect(typeof (root as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('maps algorithms/<file> to src/algorithms/<file>.ts, and those modules are the ones re-exported', async () => {
    const pattern = pkg.exports['./algorithms/*']?.['@rag/source'] ?? '';
    expect(pattern).toBe('./src/algorithms/*.ts');
    const files = readdirSync(join(pkgDir, 'src/algorithms')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const f of ['k-hop', 'bridges', 'ppr', 'communities', 'pcst', 'shortest-paths', 'induced-subgraph', 'linearize', 'extraction-loss']) {
      expect(files).toContain(`${f}.ts`);
      expect(existsSync(join(pkgDir, pattern.replace('*', f)))).toBe(true);
    }
    const ppr = await import('./algorithms/ppr.js');
    expect(ppr.personalizedPageRank).toBe(root.personalizedPageRank);
  });
});

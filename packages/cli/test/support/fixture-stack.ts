// Test support: a real @rag/indexer store (embedded defaults: hashing embedder, in-memory
// vectors, heuristic extraction) over a slice of the bundled HotpotQA sample, opened through
// the same backend the `rag` CLI uses, so the HTTP, MCP and browser tests run the real stack.
// No vitest import here: the MCP stdio test spawns `rag mcp` on a store this module built.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocInput } from '@rag/core';
import { createRagService, type RagService } from '../../src/service/rag-service.js';
import { createIndexerBackend } from '../../src/stack/indexer-backend.js';
import type { RagStack } from '../../src/types.js';

export const SAMPLE_QUESTION = 'Who directed the film that was shot in or around Leland, North Carolina in 1986?';

export function readSampleCorpus(limit = 300): DocInput[] {
  const path = join(import.meta.dirname, '..', 'fixtures', 'sample', 'corpus.jsonl');
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, limit)
    .map((l) => JSON.parse(l) as DocInput);
}

/** Builds and saves a store in `dir` from `docs` (default: the first 80 sample passages); no service env is read. */
export async function buildFixtureStore(dir: string, docs: DocInput[] = readSampleCorpus(80)): Promise<RagStack> {
  const stack = await createIndexerBackend({ env: {} }).build(dir);
  await stack.ingest(docs);
  await stack.save();
  return stack;
}

export async function createFixtureService(options: { docs?: DocInput[]; dir: string }): Promise<{ service: RagService; stack: RagStack; index: { readonly saves: number } }> {
  const stack = await buildFixtureStore(options.dir, options.docs);
  // Count saves so tests can check that writes reach disk and rejected input does not.
  let saves = 0;
  const save = stack.save;
  stack.save = async () => {
    await save();
    saves++;
  };
  const service = createRagService({ stack, samples: [SAMPLE_QUESTION] });
  return {
    service,
    stack,
    index: {
      get saves() {
        return saves;
      },
    },
  };
}

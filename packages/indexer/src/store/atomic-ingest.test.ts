// All-or-nothing ingest across a crash: a process killed (SIGKILL) during an `atomic` ingest
// leaves none of the call's documents in the store, while a batched one (checkpointEvery) killed
// after its first commit leaves that batch: the contrast shows the crash lands mid-call.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createIndexer } from '../indexer.js';
import { openIndex } from '../open-index.js';

const root = mkdtempSync(join(tmpdir(), 'rag-atomic-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const small = { extractor: false as const, resolver: false as const, gearHeads: 0, communities: false as const };
const doc = (id: string) => ({ id, text: `Document ${id} says that store ${id} keeps its words together, all or none.` });

/** Run an ingest of 60 documents in a child process and SIGKILL it when it reports `killAt`. */
async function killedIngest(dir: string, atomic: boolean, killAt: string): Promise<void> {
  const indexer = fileURLToPath(new URL('../indexer.ts', import.meta.url));
  const openIdx = fileURLToPath(new URL('../open-index.ts', import.meta.url));
  const script = join(root, `child-${atomic}.mts`);
  writeFileSync(
    script,
    `import { openIndex } from ${JSON.stringify(openIdx)};\nvoid ${JSON.stringify(indexer)};\n` +
      `const ix = await openIndex(${JSON.stringify(dir)}, { extractor: false, resolver: false, gearHeads: 0, communities: false, checkpointEvery: 10 });\n` +
      `const docs = Array.from({ length: 60 }, (_, i) => ({ id: 'new-' + i, text: 'Document new-' + i + ' says that store new-' + i + ' keeps its words together, all or none.' }));\n` +
      `await ix.ingest(docs, { atomic: ${atomic}, onProgress: (p) => { console.log('stage ' + p.stage); if (p.stage === ${JSON.stringify(killAt)}) { console.log('KILL'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000); } } });\n` +
      `console.log('DONE');\n`,
  );
  const child = spawn(process.execPath, ['--conditions=@rag/source', '--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('KILL')) {
        child.kill('SIGKILL');
        resolve();
      }
      if (out.includes('DONE')) reject(new Error('the ingest finished before it was killed'));
    });
    child.once('exit', () => resolve());
  });
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
}

async function seeded(name: string): Promise<string> {
  const dir = join(root, name);
  await createIndexer({ ...small, dir }).ingest(['a', 'b', 'c'].map(doc));
  return dir;
}

describe('ingest across a crash', () => {
  it('atomic: a process killed before the commit leaves none of the call documents; the journal names them', async () => {
    const dir = await seeded('atomic');
    await killedIngest(dir, true, 'summaries');
    const after = await openIndex(dir, small);
    expect(after.docs().map((d) => d.id).sort()).toEqual(['a', 'b', 'c']);
    expect(after.interrupted.flatMap((r) => r.docs)).toHaveLength(60);
    // and the store takes writes again (the dead writer's lock is taken over)
    await after.ingest([doc('d')]);
    expect((await openIndex(dir, small)).docs()).toHaveLength(4);
  }, 120_000);

  it('batched: a process killed after its first commit leaves that batch (what atomic prevents)', async () => {
    const dir = await seeded('batched');
    await killedIngest(dir, false, 'persist');
    const n = (await openIndex(dir, small)).docs().length;
    expect(n).toBeGreaterThan(3);
    expect(n).toBeLessThan(63);
  }, 120_000);
});

// One store, one answer (issue 33): does an index written to disk and reopened rank and answer
// exactly as the in-memory index that wrote it? Runs `rag-eval` three times on one dataset:
//   1. --no-cache                     (the index built in memory, never saved)
//   2. --cache-dir TMP --limit 1      (builds the same index and saves it; one question only)
//   3. --cache-dir TMP                (reopens the saved index: what every `rag index` user runs)
// and compares runs 1 and 3 question by question: retrieved documents in order, answer, status,
// verification label and calibrated score. Exit code 1 when anything differs.
//
//   node --conditions=@rag/source --import tsx packages/eval/bench/cache-identity.ts \
//     --dataset ../shared/datasets/realdocs-vitest [--methods bm25,dense,a2rag,a2rag-agent] [--limit N]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dataset: { type: 'string' },
    methods: { type: 'string', default: 'bm25,dense,a2rag,a2rag-agent' },
    limit: { type: 'string' },
    'keep-tmp': { type: 'boolean', default: false },
  },
});
if (!values.dataset) {
  process.stderr.write('usage: cache-identity.ts --dataset DIR [--methods LIST] [--limit N]\n');
  process.exit(2);
}

interface Row {
  method: string;
  questionId: string;
  retrievedDocIds: string[];
  answer?: string;
  status?: string;
  verification?: string;
  correctness?: { score?: number };
  recall: Record<string, number | null>;
}

const tmp = mkdtempSync(join(tmpdir(), 'rag-cache-identity-'));
const cacheDir = join(tmp, 'cache');

function ragEval(name: string, extra: string[]): Row[] {
  const out = join(tmp, `${name}.json`);
  const args = ['-s', 'rag-eval', '--dataset', values.dataset!, '--methods', values.methods!, '--k', '2,5', '--out', out, ...extra];
  const t0 = Date.now();
  const r = spawnSync('pnpm', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) {
    process.stderr.write(`rag-eval (${name}) failed:\n${r.stderr}`);
    process.exit(2);
  }
  process.stderr.write(`… ${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  return readFileSync(out.replace(/\.json$/, '.questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Row);
}

const limit = values.limit ? ['--limit', values.limit] : [];
const memory = ragEval('in-memory', ['--no-cache', ...limit]);
ragEval('build-and-save', ['--cache-dir', cacheDir, '--limit', '1']);
const reopened = ragEval('reopened', ['--cache-dir', cacheDir, ...limit]);

const key = (r: Row) => `${r.method}\u0000${r.questionId}`;
const byKey = new Map(reopened.map((r) => [key(r), r]));
const fields = (r: Row) =>
  JSON.stringify([r.retrievedDocIds, r.answer ?? null, r.status ?? null, r.verification ?? null, r.correctness?.score ?? null, r.recall]);
const perMethod = new Map<string, { n: number; differ: number; examples: string[] }>();
for (const a of memory) {
  const m = perMethod.get(a.method) ?? { n: 0, differ: 0, examples: [] };
  perMethod.set(a.method, m);
  m.n++;
  const b = byKey.get(key(a));
  if (b && fields(a) === fields(b)) continue;
  m.differ++;
  if (m.examples.length < 3) m.examples.push(`${a.questionId}: ${b ? `${JSON.stringify(a.answer)} vs ${JSON.stringify(b.answer)}` : 'missing after reopen'}`);
}
let differ = 0;
console.log(`dataset ${values.dataset}${values.limit ? `, first ${values.limit} questions` : ''}`);
console.log('| method | questions | differ after reopen |\n|---|---|---|');
for (const [method, m] of perMethod) {
  differ += m.differ;
  console.log(`| ${method} | ${m.n} | ${m.differ} |`);
  for (const e of m.examples) console.log(`  e.g. ${e}`);
}
if (!values['keep-tmp']) rmSync(tmp, { recursive: true, force: true });
else console.log(`runs kept in ${tmp}`);
process.exit(differ === 0 ? 0 : 1);

// Child of update-writes.ts: open a store in a fresh process and answer one keyword question.
// Prints one JSON line: open and first-search milliseconds.
import { openIndex } from '../src/open-index.js';

const [dir, question] = process.argv.slice(2);
const t0 = performance.now();
const index = await openIndex(dir!);
const t1 = performance.now();
const hits = await index.keyword.search(question!, 5);
const t2 = performance.now();
console.log(JSON.stringify({ openMs: t1 - t0, firstSearchMs: t2 - t1, hits: hits.length }));

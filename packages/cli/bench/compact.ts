// Fold every delta segment of a store into new bases (`Indexer.compact()`): what it costs (wall
// time, bytes written, peak RSS). The store given IS rewritten (compact a copy to keep the
// original); a store whose build was interrupted between batches opens far faster afterwards.
//
//   node --max-old-space-size=18000 --conditions=@rag/source --import tsx packages/cli/bench/compact.ts DIR
import { openIndex } from '@rag/indexer';

const dir = process.argv[2];
if (!dir) throw new Error('usage: compact.ts DIR (a store directory; it is rewritten)');
const t0 = performance.now();
const index = await openIndex(dir, {});
await index.compact();
console.log(`compacted ${dir} in ${((performance.now() - t0) / 1000).toFixed(1)} s, wrote ${(index.lastCommitBytes() / 1e6).toFixed(1)} MB, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

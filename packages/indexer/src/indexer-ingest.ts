// Ingesting documents: in committed batches, each through remove → chunk → keyword → embed →
// extract → resolve → summaries → GEAR → persist, then the communities.
import { mkdir } from 'node:fs/promises';
import { createRunContext, invalidInput, type Chunk, type Doc, type DocInput } from '@rag/core';
import { chunkDocument } from './chunking/chunker.js';
import { embedChunks, keywordText } from './ingest/embed-chunks.js';
import { extractIntoGraph } from './ingest/extract-into-graph.js';
import { addDocument } from './ingest/index-state.js';
import { newIngestReport, safeProgress, stageTimer } from './ingest/new-report.js';
import { summarizeDocs } from './ingest/summarize-docs.js';
import { validateDocs } from './ingest/validate-docs.js';
import { appendJournal } from './store/journal.js';
import { generationName } from './store/format1.js';
import { type IngestOptions, type IngestReport } from './types.js';
import type { IndexCommit } from './index-commit.js';
import type { IndexUpkeep } from './index-upkeep.js';
import type { IndexerParts } from './indexer-parts.js';

/** The ingest function of an indexer. */
export function createIngest(parts: IndexerParts, upkeep: IndexUpkeep, commit: IndexCommit) {
  const { claim, options, chunkTokens, overlap, batchSize, vectors, keyword, graph, extractor, intentRouter, routeTemplates, resolver, segment, nsOf, state, session, droppedNodes } = parts;
  const { embed, keywordChanged, removeDoc, syncGear, refreshCommunities } = upkeep;
  const { snapshotTo } = commit;
  return async function ingest(input: DocInput[], opts: IngestOptions = {}): Promise<IngestReport> {
    if (!Array.isArray(input)) throw invalidInput('docs', 'must be an array of documents');
    // The generation before this call is the last good state to keep; the commits between its
    // batches only serve crash recovery and are dropped as the next one lands.
    const base = session.txn > 0 ? generationName(session.txn) : null;
    const ctx = opts.context ?? createRunContext({ ...(opts.budget ? { budget: opts.budget } : {}), ...(opts.signal ? { signal: opts.signal } : {}) });
    const report = newIngestReport(ctx);
    const progress = safeProgress(opts.onProgress);
    const timed = stageTimer(ctx, report);
    const work = validateDocs(input, report.failed).filter((d) => {
      const unchanged = state.docs.get(d.id)?.contentHash === d.contentHash;
      if (unchanged) report.unchanged.push(d.id);
      return !unchanged;
    });
    // the store's writer lock, held for the call (and a check that nobody wrote the store since)
    const lock = work.length > 0 ? claim() : undefined;
    try {
      let processed = 0;
      // an atomic call is one batch: one commit, so a crash leaves all of its documents or none
      const stepOf = () => (opts.atomic ? Math.max(work.length, 1) : batchSize());
      for (let b = 0, step = stepOf(); b < work.length; b += step, step = stepOf()) {
        const batch = work.slice(b, b + step);
        const done = () => processed + batch.length;
        session.txn += 1;
        if (options.dir) {
          await mkdir(options.dir, { recursive: true });
          await appendJournal(options.dir, { t: 'begin', txn: session.txn, op: 'ingest', docs: batch.map((d) => d.id), at: new Date().toISOString() });
        }
        ctx.meter.checkTime();
        const resolverInLine = session.resolvedAt !== undefined && session.resolvedAt === graph.version;
        droppedNodes.length = 0;
        await timed('remove', async () => {
          for (const d of batch)
            if (state.docs.has(d.id)) {
              await removeDoc(d.id);
              report.updated.push(d.id);
            } else report.added.push(d.id);
        });
        const batchChunks: { doc: Doc; chunk: Chunk }[] = [];
        await timed('chunk', async () => {
          for (const doc of batch) {
            const cs = chunkDocument(doc, { chunkTokens, overlap, segment });
            addDocument(state, doc, cs);
            for (const chunk of cs) batchChunks.push({ doc, chunk });
          }
          report.chunks += batchChunks.length;
          progress({ stage: 'chunk', done: done(), total: work.length });
        });
        await timed('keyword', async () => {
          await keyword.add(batchChunks.map(({ doc, chunk }) => ({ id: chunk.id, text: keywordText(doc, chunk) })));
          keywordChanged();
          progress({ stage: 'keyword', done: done(), total: work.length });
        });
        await timed('embed', async () => {
          report.sentences += await embedChunks({ vectors, chunkNamespace: nsOf('chunks'), sentenceNamespace: nsOf('sentences'), embed }, batchChunks, ctx);
          progress({ stage: 'embed', done: done(), total: work.length });
        });
        if (extractor) {
          const touched = await timed('extract', () =>
            extractIntoGraph({ graph, extractor, intentRouter, routeTemplates, templates: options.templates }, batchChunks, ctx, report, progress),
          );
          if (resolver) {
            await timed('resolve', async () => {
              const merges = await resolver.resolve(graph, touched, ctx, resolverInLine ? [...droppedNodes, ...touched] : undefined);
              session.resolvedAt = graph.version;
              report.merges += merges.length;
              progress({ stage: 'resolve', done: 1, total: 1 });
            });
          }
        }
        await timed('summaries', async () => {
          await summarizeDocs({ state, vectors, namespace: nsOf('summaries'), summaryModel: options.summaryModel, embed }, batch, ctx, report.warnings);
          progress({ stage: 'summaries', done: done(), total: work.length });
        });
        await timed('gear', async () => {
          await syncGear(ctx);
          progress({ stage: 'gear', done: done(), total: work.length });
        });
        processed += batch.length;
        session.updatedAt = new Date().toISOString();
        if (options.dir) {
          const dir = options.dir;
          await timed('persist', async () => {
            if (processed === work.length)
              await timed('communities', async () => {
                await refreshCommunities(work.length, ctx);
                progress({ stage: 'communities', done: 1, total: 1 });
              });
            // A call that committed earlier batches is a build: its last commit folds every
            // component's deltas into new bases, so the finished store replays none at open
            // (unless `fold: false` leaves that to compact()).
            const last = processed === work.length;
            const fold = last && b > 0 && opts.fold !== false;
            await snapshotTo(dir, base, fold, !last || (b > 0 && opts.fold === false));
            await appendJournal(dir, { t: 'commit', txn: session.txn, generation: generationName(session.txn), at: new Date().toISOString() });
            progress({ stage: 'persist', done: processed, total: work.length });
          });
        }
      }
    } finally {
      lock?.release();
    }
    if (!options.dir && work.length > 0)
      await timed('communities', async () => {
        await refreshCommunities(work.length, ctx);
        progress({ stage: 'communities', done: 1, total: 1 });
      });
    report.cost = ctx.meter.snapshot();
    return report;
  };
}

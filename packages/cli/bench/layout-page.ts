// How long the page's thread is blocked while a view is laid out, in headless chromium: the
// layout on the page (layoutGraph, synchronous, as before the worker) against the explorer's
// layout runner (ForceAtlas2 + noverlap in /ui/layout-worker.js), same graphs, same run. The
// graphs are bench/layout.ts's synthetic ones. The page is served with the UI's CSP.
// Run: pnpm --filter @rag/cli bench:page   (needs Debian's chromium; median of 3 runs)
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { UI_CSP } from '../src/http/routes/ui-routes.js';
import { bundleLayoutWorker, packageRoot } from '../src/ui/ui-assets.js';
import { syntheticGraph } from './synthetic-graph.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SIZES = [1000, 5000];
const RUNS = 3;

const root = packageRoot();
const esbuild = await import('esbuild');
const entry = (await esbuild.build({ entryPoints: [join(root, 'bench', 'layout-page-entry.ts')], bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'silent' })).outputFiles[0]!.text;
const worker = await bundleLayoutWorker(root);
const html = '<!doctype html><meta charset="utf-8"><title>layout bench</title><body><script type="module" src="/entry.js"></script></body>';

const server = createServer((req, res) => {
  const body = req.url === '/' ? html : req.url === '/entry.js' ? entry : req.url === '/ui/layout-worker.js' ? worker : undefined;
  if (body === undefined) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html; charset=utf-8' : 'text/javascript; charset=utf-8', 'content-security-policy': UI_CSP });
  res.end(body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const address = server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { state: 'attached' });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`layout page bench: headless chromium, median of ${RUNS} runs; longest stall = longest gap between 4 ms timer turns on the page's thread`);
  console.log('nodes  edges  where   layout ms  wall ms  longest stall ms  stall on page / in worker');
  for (const n of SIZES) {
    const rows: Record<string, { layout: number[]; wall: number[]; stall: number[]; where: string }> = {};
    let edgeCount = 0;
    for (let r = 0; r < RUNS; r++) {
      const g = syntheticGraph(n, 42 + r);
      edgeCount = g.size;
      const index = new Map(g.nodes().map((id, i) => [id, i]));
      const edges = g.mapEdges((_e, _a, s, t) => [index.get(s)!, index.get(t)!]).flat();
      const sizes = g.mapNodes((_id, a) => a.size as number);
      for (const mode of ['main', 'worker'] as const) {
        const res = await page.evaluate(([n, edges, sizes, mode]) => (window as unknown as { layoutBench: (...a: unknown[]) => Promise<{ where: string; layoutMs: number; wallMs: number; longestStallMs: number }> }).layoutBench(n, edges, sizes, mode), [n, edges, sizes, mode] as const);
        const row = (rows[mode] ??= { layout: [], wall: [], stall: [], where: res.where });
        row.layout.push(res.layoutMs);
        row.wall.push(res.wallMs);
        row.stall.push(res.longestStallMs);
      }
    }
    const stallMain = median(rows.main!.stall);
    const stallWorker = median(rows.worker!.stall);
    for (const mode of ['main', 'worker'] as const) {
      const row = rows[mode]!;
      console.log(
        [
          String(n).padStart(5),
          String(edgeCount).padStart(5),
          row.where.padEnd(6),
          median(row.layout).toFixed(0).padStart(10),
          median(row.wall).toFixed(0).padStart(7),
          median(row.stall).toFixed(0).padStart(17),
          (mode === 'worker' ? `${(stallMain / Math.max(1, stallWorker)).toFixed(0)}×` : '').padStart(26),
        ].join('  '),
      );
    }
  }
} finally {
  await browser.close();
  server.close();
}

// The documentation site as a reader meets it: the built site (`pnpm docs:build`, output in
// docs/.vitepress/dist) served by a small static server, opened in Debian's chromium. The
// getting-started page renders with its two commands, its links lead to a guide page and to the
// API reference generated from the packages' TSDoc. A screenshot of the page is saved
// ($RAG_SCREENSHOT_DIR, else tmp/ at the repository root).
//
// The site takes minutes to build on a loaded machine, so this test does not build it: `.ci/run`
// runs `pnpm docs:build` before `pnpm test`. Without a built site the suite is skipped with a
// warning, except under CI, where that is a failing test (as for a missing chromium).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, launchChromium, underCi, warnWithoutChromium } from './support/chromium.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SITE = join(ROOT, 'docs/.vitepress/dist');
const haveSite = existsSync(join(SITE, 'index.html')) && existsSync(join(SITE, 'api/index.html'));
const SHOTS = process.env.RAG_SCREENSHOT_DIR ?? join(ROOT, 'tmp');

warnWithoutChromium('docs-site');
if (!haveSite) {
  const message = `docs-site browser test: no built site at ${SITE} (run \`pnpm docs:build\` first)`;
  if (underCi) it('docs-site: the site was built before the tests under CI', () => { throw new Error(`${message}; CI does not allow skipping it`); });
  else console.warn(`${message}; skipping`);
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };

/** What VitePress's cleanUrls expect of a static host: /page → page.html, /dir/ → dir/index.html. */
function fileFor(urlPath: string): string | undefined {
  const path = normalize(decodeURIComponent(urlPath.split('?')[0]!)).replace(/^(\.\.[/\\])+/, '');
  const candidates = path.endsWith('/') ? [join(SITE, path, 'index.html')] : [join(SITE, path), join(SITE, `${path}.html`), join(SITE, path, 'index.html')];
  return candidates.find((f) => f.startsWith(SITE) && existsSync(f) && statSync(f).isFile());
}

function serveSite(): Promise<Server> {
  const server = createServer((req, res) => {
    const file = fileFor(req.url ?? '/');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html' }).end(readFileSync(join(SITE, '404.html')));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

describe.runIf(haveChromium && haveSite)('the documentation site', () => {
  let server: Server;
  let base: string;
  let context: BrowserContext;
  let userDir: string;

  beforeAll(async () => {
    server = await serveSite();
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    userDir = mkdtempSync(join(tmpdir(), 'rag-chromium-'));
    context = await launchChromium(userDir, { width: 1280, height: 900 });
  });
  afterAll(async () => {
    await context?.close();
    server?.close();
    if (userDir) rmSync(userDir, { recursive: true, force: true });
  });

  it('renders the getting-started page with the two commands, and its links lead to a guide and the API reference', async () => {
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    page.on('pageerror', (e) => failed.push(`page error: ${e.message}`));

    await page.goto(`${base}/`);
    await expect(page.title()).resolves.toMatch(/^Getting started \| @rag$/);
    await expect(page.locator('main h1').first().innerText()).resolves.toContain('Getting started');
    const commands = await page.locator('main div[class*="language-sh"] code').allInnerTexts();
    expect(commands.join('\n')).toContain('pnpm install && pnpm demo');
    expect(commands.join('\n')).toMatch(/^pnpm test\b/m);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'docs-site-getting-started.png') });

    // A guide, through the link in the page's own table (not a typed URL).
    await page.locator('main a[href$="your-docs"]').first().click();
    await page.waitForURL(/\/your-docs$/);
    // The router changes the URL before it renders the new page: wait for the page itself.
    await expect.poll(() => page.locator('main h1').first().innerText(), { timeout: 15_000 }).toContain('Your own documents');
    await expect(page.locator('main').innerText()).resolves.toContain('pnpm rag index docs --store ./docs-store');

    // The API reference, from the top navigation, then one package's page.
    await page.locator('header a', { hasText: /^API$/ }).first().click();
    await page.waitForURL(/\/api\/$/);
    await page.locator('main a', { hasText: /^@rag\/core$/ }).first().click();
    await page.waitForURL(/\/api\/@rag\/core\/?$/);
    await expect.poll(() => page.locator('main h1').first().innerText(), { timeout: 15_000 }).toContain('@rag/core');
    // Generated from the TSDoc of the public exports: the error class every package throws.
    await expect(page.locator('main').innerText()).resolves.toContain('RagError');
    await page.screenshot({ path: join(SHOTS, 'docs-site-api-core.png') });

    expect(failed).toEqual([]);
  });
});

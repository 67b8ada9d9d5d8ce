// One browser test session over the fixture store: the store in a temporary directory, `rag
// serve` on a free loopback port, Debian's chromium with a fresh profile, and a page opened on
// the server, with page errors printed. `close()` undoes all of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../src/http/serve.js';
import type { RagService } from '../../src/service/rag-service.js';
import { launchChromium } from './chromium.js';
import { createFixtureService } from './fixture-stack.js';

export interface UiSession {
  service: RagService;
  server: RunningServer;
  browser: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export interface UiSessionOptions {
  /** Prefix of the temporary store directory (names the suite in /tmp). */
  prefix: string;
  viewport: { width: number; height: number };
  /** Extra chromium flags, e.g. `--disable-3d-apis`. */
  chromiumArgs?: string[];
  /** Called with the page before it navigates (listeners that must see the first load). */
  beforeGoto?: (page: Page) => void;
  /** A bearer token the server requires (for reads too, unless publicReads). */
  token?: string;
  publicReads?: boolean;
}

export async function openUiSession(options: UiSessionOptions): Promise<UiSession> {
  const dir = mkdtempSync(join(tmpdir(), options.prefix));
  const userDir = mkdtempSync(join(tmpdir(), 'rag-chromium-'));
  const { service } = await createFixtureService({ dir });
  const server = await startServer({ service, port: 0, token: options.token, publicReads: options.publicReads });
  const browser = await launchChromium(userDir, options.viewport, options.chromiumArgs);
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  options.beforeGoto?.(page);
  await page.goto(server.url);
  return {
    service,
    server,
    browser,
    page,
    async close() {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
      rmSync(userDir, { recursive: true, force: true });
    },
  };
}

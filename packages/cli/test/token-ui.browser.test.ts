// The web UI against a server started with --token and without --public-reads: reads need the
// token too, so the page must say so, take the token, and send it on every request — including
// the two server-sent-event streams (the ask stream and the jobs stream), which EventSource could
// not authenticate. Debian's chromium via playwright-core; skips only when chromium is absent.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagService } from '../src/service/rag-service.js';
import { haveChromium, warnWithoutChromium } from './support/chromium.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

const SHOTS = process.env.RAG_SCREENSHOT_DIR;
const TOKEN = 'ui-test-token-0123456789abcdefghijklmnop';
warnWithoutChromium('token-ui');

describe.runIf(haveChromium)('web UI on a server whose reads need the token', () => {
  let ui: UiSession;
  let service: RagService;
  let page: Page;

  beforeAll(async () => {
    ui = await openUiSession({ prefix: 'rag-ui-token-', viewport: { width: 1400, height: 1000 }, token: TOKEN });
    ({ service, page } = ui);
  }, 60_000);

  afterAll(() => ui?.close());

  it('says the server needs its token, then loads once it is entered', async () => {
    await expect.poll(() => page.locator('#store-info').textContent(), { timeout: 15_000 }).toBe('this server needs its token: enter it on the Curation tab');
    await page.click('button[data-tab="curate"]');
    expect(await page.locator('#token-row').isVisible()).toBe(true);
    await page.fill('#token', TOKEN);
    await page.locator('#token').press('Enter');
    await page.locator('#token').blur();
    await expect.poll(() => page.locator('#store-info').textContent(), { timeout: 15_000 }).toMatch(/^\d+ documents · /);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'token-entered.png'), clip: { x: 0, y: 0, width: 1400, height: 500 } });
  }, 40_000);

  it('streams an answer over the authenticated ask stream', async () => {
    await page.click('button[data-tab="ask"]');
    await expect.poll(() => page.locator('#method option').count()).toBeGreaterThan(3);
    await page.selectOption('#method', 'a2rag-agent');
    await page.fill('#question', 'Who founded the Oahu Interscholastic Association?');
    await page.click('#ask-button');
    await expect.poll(() => page.locator('#answer-status').textContent(), { timeout: 30_000 }).toBe('answered');
    expect(await page.locator('#ask-error').isHidden()).toBe(true);
  }, 60_000);

  it('follows an upload over the authenticated jobs stream until it is indexed', async () => {
    await page.click('button[data-tab="docs"]');
    const before = service.info().docs;
    await page.setInputFiles('#doc-file', [{ name: 'token-note.md', mimeType: 'text/markdown', buffer: Buffer.from('# Token note\n\nThe Varnholt relay was rebuilt in 1911.') }]);
    await expect.poll(() => page.locator('#doc-upload-status').textContent(), { timeout: 30_000 }).toMatch(/^Indexed 1 document/);
    expect(service.info().docs).toBe(before + 1);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'token-upload.png'), clip: { x: 0, y: 0, width: 1400, height: 500 } });
  }, 60_000);
});

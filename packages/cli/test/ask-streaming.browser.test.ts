// The Ask tab in a real browser (playwright-core driving Debian's chromium) against `rag serve`
// whose agents use a chat model that streams (a scripted test double, slowed so the answer can
// be watched arriving): tokens appear in the answer before the result; the page fits a 390 px
// phone; a failed ask (server error, refused request, lost connection) clears the previous
// answer, citations, graph and trace and shows the error.
import { RagError } from '@rag/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import type { RagService } from '../src/service/rag-service.js';
import { SAMPLE_QUESTION } from './support/fixture-stack.js';
import { createStreamingFixtureService, createStreamingTestModel, SAMPLE_ANSWER } from './support/streaming-stack.js';
import { haveChromium, launchChromium, warnWithoutChromium } from './support/chromium.js';

const SHOTS = process.env.RAG_SCREENSHOT_DIR;
warnWithoutChromium('ask-streaming');

/** Questions containing this make the server fail the ask (an `error` event after the stream opened). */
const FAILING = 'unreachable chat model';

describe.runIf(haveChromium)('the Ask tab: streaming, narrow screens, failed asks', () => {
  let dir: string;
  let userDir: string;
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    userDir = mkdtempSync(join(tmpdir(), 'rag-chromium-'));
    // 60 ms between streamed pieces: the answer takes over a second to write.
    const built = await createStreamingFixtureService({ model: createStreamingTestModel({ delayMs: 60 }) });
    dir = built.dir;
    const service: RagService = {
      ...built.service,
      ask: (request) =>
        request.question.includes(FAILING) ? Promise.reject(new RagError('RAG_SERVICE_UNAVAILABLE', 'chat model: connection refused')) : built.service.ask(request),
    };
    server = await startServer({ service, port: 0 });
    browser = await launchChromium(userDir, { width: 1400, height: 900 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    rmSync(userDir, { recursive: true, force: true });
  });

  async function openPage(width: number, height: number): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height });
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(server.url);
    await expect.poll(() => page.locator('#method option').count()).toBeGreaterThan(3);
    return page;
  }

  async function ask(page: Page, question: string, method = 'a2rag-agent') {
    await page.selectOption('#method', method);
    await page.fill('#question', question);
    await page.click('#ask-button');
  }

  it('shows the answer as it is written, then the cited, verified result', async () => {
    const page = await openPage(1400, 900);
    await ask(page, SAMPLE_QUESTION);
    // While the model writes: part of the answer is on screen, marked as being written, no citations yet.
    await page.locator('#answer-text.streaming').waitFor();
    await expect.poll(async () => ((await page.locator('#answer-text').textContent()) ?? '').split(' ').length, { timeout: 10_000 }).toBeGreaterThan(2);
    const partial = (await page.locator('#answer-text').textContent()) ?? '';
    expect(SAMPLE_ANSWER.answer.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan(SAMPLE_ANSWER.answer.length);
    expect(await page.locator('.citation').count()).toBe(0);
    expect(await page.locator('#answer-status').textContent()).toBe('writing…');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ask-streaming.png') });
    // Then the result, rendered as without streaming.
    await page.locator('.citation').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('#answer-text').textContent()).toBe(SAMPLE_ANSWER.answer);
    expect(await page.locator('#answer-text').getAttribute('class')).toBe('answer');
    expect(await page.locator('.citation .title').first().textContent()).toBe('Maximum Overdrive');
    expect(await page.locator('#answer-verification').textContent()).toBe('verified');
    await page.close();
  });

  it('fits a 390 px wide screen without horizontal scrolling', async () => {
    const page = await openPage(390, 844);
    await ask(page, SAMPLE_QUESTION);
    await page.locator('.citation').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('#graph').getAttribute('data-nodes')).not.toBe(null);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // The form, the answer and its first citation are all within the width.
    for (const sel of ['#question', '#method', '#ask-button', '#answer-text', '.citation']) {
      const box = (await page.locator(sel).first().boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ask-390.png') });
    await page.close();
  });

  it('clears the previous answer, citations, graph and trace when an ask fails, and says why', async () => {
    const page = await openPage(1400, 900);
    const answered = async () => {
      await ask(page, SAMPLE_QUESTION, 'bm25');
      await page.locator('.citation').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('#trace li').count()).toBeGreaterThan(0);
      expect(Number(await page.locator('#graph').getAttribute('data-nodes'))).toBeGreaterThan(0);
    };
    const cleared = async (message: RegExp) => {
      await page.locator('#ask-error').waitFor({ state: 'visible', timeout: 20_000 });
      expect(await page.locator('#ask-error').textContent()).toMatch(message);
      expect(await page.locator('#results').isHidden()).toBe(true);
      expect(await page.locator('.citation').count()).toBe(0);
      expect(await page.locator('#trace li').count()).toBe(0);
      expect(await page.locator('#evidence li').count()).toBe(0);
      expect(await page.locator('#answer-text').textContent()).toBe('');
      expect(await page.locator('#graph').getAttribute('data-nodes')).toBe('0');
      expect(await page.locator('#graph > *').count()).toBe(0);
      expect(await page.locator('#ask-button').isEnabled()).toBe(true);
    };

    // 1. The server fails the ask: an `error` event on the open stream.
    await answered();
    await ask(page, `Which film? (${FAILING})`);
    await cleared(/could not be answered: chat model: connection refused/);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ask-error.png') });

    // 2. The server refuses the request (an HTTP error: the stream never opens).
    await answered();
    await page.route('**/api/ask/stream?**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"RAG_SERVICE_UNAVAILABLE","message":"down"}}' }));
    await ask(page, SAMPLE_QUESTION);
    await cleared(/the server refused the question \(503\): down$/);
    await page.unroute('**/api/ask/stream?**');

    // 3. The connection is lost mid-answer: tokens arrive, then the stream ends without a result.
    await answered();
    const partialStream = ['event: token', `data: ${JSON.stringify({ text: 'Stephen ', generation: 1 })}`, '', ''].join('\n');
    await page.route('**/api/ask/stream?**', (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: partialStream }));
    await ask(page, SAMPLE_QUESTION);
    await cleared(/connection to the server was lost before the answer arrived/);
    await page.unroute('**/api/ask/stream?**');

    // And the next ask works again.
    await answered();
    expect(await page.locator('#ask-error').isHidden()).toBe(true);
    await page.close();
  });
});

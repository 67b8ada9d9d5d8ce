// The Documents tab in a real browser (playwright-core driving Debian's chromium against
// `rag serve` on 127.0.0.1): upload Markdown and HTML by drag and drop and a PDF with the file
// picker, watch the jobs go queued → indexing (per-stage progress) → indexed, also after a page
// reload, ask a question the upload answers, delete the document through the confirmation
// dialog, and see a bad upload refused with the reason. Skips only when chromium is absent.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../src/http/serve.js';
import type { RagService } from '../src/service/rag-service.js';
import type { RagStack } from '../src/types.js';
import { createFixtureService } from './support/fixture-stack.js';
import { haveChromium, launchChromium, warnWithoutChromium } from './support/chromium.js';

const SHOTS = process.env.RAG_SCREENSHOT_DIR;
const FIXTURES = join(import.meta.dirname, 'fixtures', 'upload');
warnWithoutChromium('docs workbench');

const MD = 'quentavian-observatory.md';
const HTML = 'port-quillan.html';
const PDF = 'brindlewood-survey.pdf';

describe.runIf(haveChromium)('Documents tab in chromium', () => {
  let dir: string;
  let userDir: string;
  let server: RunningServer;
  let service: RagService;
  let stack: RagStack;
  let browser: BrowserContext;
  let page: Page;
  /** While set, indexing waits here when it embeds documents (the job stays "indexing", mid-way). */
  let hold: Promise<void> | undefined;
  let release = () => {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rag-docs-ui-'));
    userDir = mkdtempSync(join(tmpdir(), 'rag-chromium-'));
    ({ service, stack } = await createFixtureService({ dir }));
    const embedder = stack.index.embedder;
    const embed = embedder.embed.bind(embedder);
    embedder.embed = async (texts, o) => {
      if (o?.kind === 'document') await hold;
      return embed(texts, o);
    };
    server = await startServer({ service, port: 0 });
    browser = await launchChromium(userDir, { width: 1400, height: 900 });
    page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(server.url);
  }, 60_000);

  afterAll(async () => {
    release();
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(userDir, { recursive: true, force: true });
  });

  const openDocsTab = async () => {
    await page.click('button[data-tab="docs"]');
    await page.locator('#doc-list li').first().waitFor();
  };
  const job = (state: string) => page.locator(`#doc-jobs li.job[data-state="${state}"]`);

  /** Drop files on the drop zone the way a browser does (dragenter, dragover, drop with a DataTransfer). */
  async function dropFiles(files: { name: string; type: string; bytes: Buffer }[]) {
    const transfer = await page.evaluateHandle((list) => {
      const dt = new DataTransfer();
      for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
      return dt;
    }, files.map((f) => ({ name: f.name, type: f.type, bytes: [...f.bytes] })));
    await page.dispatchEvent('#doc-drop', 'dragenter', { dataTransfer: transfer });
    await page.dispatchEvent('#doc-drop', 'dragover', { dataTransfer: transfer });
    expect(await page.locator('#doc-drop').getAttribute('data-dragging')).toBe('true');
    await page.dispatchEvent('#doc-drop', 'drop', { dataTransfer: transfer });
    expect(await page.locator('#doc-drop').getAttribute('data-dragging')).toBeNull();
  }

  it('refuses a bad upload and shows the reason, naming the file; nothing is queued', async () => {
    await openDocsTab();
    const before = service.info().docs;
    await page.setInputFiles('#doc-file', [
      { name: 'fine.md', mimeType: 'text/markdown', buffer: Buffer.from('# Fine\n\nA fine file.') },
      { name: 'empty.md', mimeType: 'text/markdown', buffer: Buffer.alloc(0) },
    ]);
    const error = page.locator('#doc-upload-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('upload refused, nothing was indexed: empty.md: file is empty');
    await page.setInputFiles('#doc-file', [{ name: 'slides.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') }]);
    await expect.poll(() => error.textContent(), { timeout: 10_000 }).toMatch(/^file name "slides\.docx": unsupported file type: must end in \.txt, \.md/);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'docs-refused.png'), clip: { x: 0, y: 0, width: 1400, height: 420 } });
    expect(await page.locator('#doc-jobs li.job').count()).toBe(0);
    expect(service.jobs.list()).toEqual([]);
    expect(service.info().docs).toBe(before);
  }, 30_000);

  it('uploads Markdown + HTML by drag and drop and a PDF with the picker; the jobs show their state, also after a reload', async () => {
    hold = new Promise((r) => (release = r));
    await dropFiles([
      { name: MD, type: 'text/markdown', bytes: readFileSync(join(FIXTURES, MD)) },
      { name: HTML, type: 'text/html', bytes: readFileSync(join(FIXTURES, HTML)) },
    ]);
    await page.setInputFiles('#doc-file', [{ name: PDF, mimeType: 'application/pdf', buffer: readFileSync(join(FIXTURES, PDF)) }]);
    // The first upload is held while it embeds (chunking done); the second waits behind it.
    await job('indexing').locator('.job-stages li').first().waitFor();
    await job('queued').waitFor();
    expect(await page.locator('#doc-upload-error').isHidden()).toBe(true);
    const indexing = job('indexing');
    expect(await indexing.locator('.job-docs li').allTextContents()).toEqual([`The Quentavian Observatory${MD}`, `Port Quillan${HTML}`]);
    const stageNames = await indexing.locator('.job-stages .stage-name').allTextContents();
    expect(stageNames[0]).toBe('chunk');
    expect(stageNames).not.toContain('persist');
    expect(await indexing.locator('.job-stages li').first().locator('.stage-count').textContent()).toBe('2/2');
    expect(await job('queued').locator('.job-docs li').textContent()).toBe(PDF);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'docs-upload.png') });

    // The jobs live on the server: a reload finds them in the same states.
    await page.reload();
    await openDocsTab();
    await job('indexing').locator('.job-stages li').first().waitFor();
    expect(await job('queued').count()).toBe(1);

    release();
    hold = undefined;
    await expect.poll(() => job('indexed').count(), { timeout: 20_000 }).toBe(2);
    expect(await page.locator('#doc-jobs li.job:not([data-state="indexed"])').count()).toBe(0);
    expect(await job('indexed').first().locator('.job-note').textContent()).toMatch(/^1 new · \d+ chunks? · \d+ entit(y|ies) · \d+\.\d s$/);
    // The header's store counts follow.
    await expect.poll(() => page.locator('#store-info').textContent(), { timeout: 10_000 }).toMatch(/^83 documents/);

    // Each uploaded document is in the list with its status.
    await page.fill('#doc-filter', 'Quentavian');
    await expect.poll(() => page.locator('#doc-list li.docs-row').count(), { timeout: 10_000 }).toBe(1);
    const row = page.locator(`#doc-list li[data-doc-id="${MD}"]`);
    expect(await row.locator('.badge').textContent()).toBe('indexed');
    expect(await row.locator('.docs-title').textContent()).toBe('The Quentavian Observatory');
    await page.fill('#doc-filter', '');
    await job('indexed').locator(`.job-docs li[data-doc-id="${PDF}"] button`).click();
    await expect.poll(() => page.locator('#doc-view .passage-text').textContent(), { timeout: 10_000 }).toContain('led by the cartographer Odile Marchetti');
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'docs-status.png') });
  }, 60_000);

  it('answers a question from the uploaded document in the Ask tab', async () => {
    await page.click('button[data-tab="ask"]');
    await page.fill('#question', 'Who founded the Quentavian Observatory?');
    await page.click('#ask-button');
    await page.locator('.citation').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('#answer-text').textContent()).toContain('Zorblax Quentavian');
    expect(await page.locator('.citation .title').allTextContents()).toContain('The Quentavian Observatory');
  }, 60_000);

  it('deletes a document only after the confirmation dialog; it leaves the list and the API', async () => {
    await openDocsTab();
    await page.fill('#doc-filter', 'Quentavian');
    const row = page.locator(`#doc-list li[data-doc-id="${MD}"]`);
    await row.waitFor();
    // Cancel keeps it.
    await row.locator('.docs-delete').click();
    const dialog = page.locator('#doc-confirm[open]');
    await dialog.waitFor();
    expect(await page.locator('#doc-confirm-heading').textContent()).toBe('Delete “The Quentavian Observatory”?');
    expect(await page.locator('#doc-confirm-body').textContent()).toMatch(new RegExp(`^This removes ${MD.replace('.', '\\.')}, its \\d+ chunks?`));
    await dialog.locator('button[value="cancel"]').click();
    await dialog.waitFor({ state: 'detached' });
    expect(service.getDoc(MD).id).toBe(MD);
    expect(await row.count()).toBe(1);
    // Confirm deletes it.
    await row.locator('.docs-delete').click();
    await dialog.waitFor();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'docs-confirm.png') });
    await page.click('#doc-confirm-delete');
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('#doc-list').textContent()).toContain('No document title or id contains “Quentavian”.');
    expect(await page.locator('#doc-upload-status').textContent()).toMatch(/^Deleted “The Quentavian Observatory” \(\d+ chunks?\)\.$/);
    const list = (await (await fetch(`${server.url}/api/docs?q=Quentavian`)).json()) as { total: number };
    expect(list.total).toBe(0);
    expect((await fetch(`${server.url}/api/docs/${encodeURIComponent(MD)}`)).status).toBe(404);
    await expect.poll(() => page.locator('#store-info').textContent(), { timeout: 10_000 }).toMatch(/^82 documents/);
    // The upload that indexed it says so instead of linking to it.
    const uploaded = page.locator(`#doc-jobs li[data-doc-id="${MD}"]`);
    expect(await uploaded.getAttribute('data-deleted')).toBe('true');
    expect(await uploaded.locator('button').count()).toBe(0);
    expect(await uploaded.locator('.sub').textContent()).toBe(`${MD} · deleted`);
  }, 30_000);

  it('dismisses a finished upload from the list', async () => {
    await page.fill('#doc-filter', '');
    const before = await page.locator('#doc-jobs li.job').count();
    await page.locator('#doc-jobs li.job .job-dismiss').first().click();
    await expect.poll(() => page.locator('#doc-jobs li.job').count(), { timeout: 10_000 }).toBe(before - 1);
    expect(service.jobs.list().length).toBe(before - 1);
  });

  it('stays readable at 390 px wide', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#doc-drop').scrollIntoViewIfNeeded();
    // Nothing in the Documents card sticks out of it (the page header is not this tab's).
    const wide = await page.evaluate(() => {
      const card = document.querySelector('.docs-card')!.getBoundingClientRect();
      return Array.from(document.querySelectorAll<HTMLElement>('.docs-card *'))
        .filter((e) => e.getClientRects().length > 0 && (e.getBoundingClientRect().right > card.right + 0.5 || e.getBoundingClientRect().left < card.left - 0.5))
        .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className} ${Math.round(e.getBoundingClientRect().left)}–${Math.round(e.getBoundingClientRect().right)}`);
    });
    expect(wide).toEqual([]);
    expect((await page.locator('.docs-card').boundingBox())!.width).toBeLessThanOrEqual(390);
    for (const id of ['#doc-drop', '#doc-choose', '#doc-list']) {
      const box = (await page.locator(id).boundingBox())!;
      expect(box.x, id).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'docs-mobile.png') });
    await page.setViewportSize({ width: 1400, height: 900 });
  });
});

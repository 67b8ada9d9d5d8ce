// The web UI in a real browser: playwright-core driving Debian's chromium (never a downloaded
// browser) against `rag serve` on 127.0.0.1. Skips with a message only when chromium is absent.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagService } from '../src/service/rag-service.js';
import { haveChromium, warnWithoutChromium } from './support/chromium.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

const SHOTS = process.env.RAG_SCREENSHOT_DIR;
warnWithoutChromium('web-ui');

describe.runIf(haveChromium)('web UI in chromium', () => {
  let ui: UiSession;
  let service: RagService;
  let page: Page;

  beforeAll(async () => {
    ui = await openUiSession({ prefix: 'rag-ui-', viewport: { width: 1400, height: 1000 } });
    ({ service, page } = ui);
  }, 60_000);

  afterAll(() => ui?.close());

  const GOLD_TITLES = ['Leland, North Carolina', 'Maximum Overdrive'];

  it('shows an abstention as a sentence saying why, not a blank answer', async () => {
    await expect.poll(() => page.locator('#method option').count()).toBeGreaterThan(3);
    await page.selectOption('#method', 'a2rag-agent');
    await page.fill('#question', 'When was Zorvathian Quillmarsh crowned king of Tessaly Reach?');
    await page.click('#ask-button');
    await expect.poll(() => page.locator('#answer-status').textContent(), { timeout: 30_000 }).toBe('abstained');
    const text = (await page.locator('#answer-text').textContent()) ?? '';
    expect(text).toMatch(/^No answer — \S/);
    expect(text).toContain('Zorvathian Quillmarsh');
    // said once: no separate verification badge and reason line for an abstention
    expect(await page.locator('#verification-reason').isHidden()).toBe(true);
    if (process.env.RAG_SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.RAG_SCREENSHOT_DIR, 'ask-abstained.png') });
  });

  it('shows a sentence answer as the best supporting sentence, said so above it, labelled unsure with the reason', async () => {
    await expect.poll(() => page.locator('#method option').count()).toBeGreaterThan(3);
    await page.selectOption('#method', 'a2rag-agent');
    // The passage says when the association was founded, not who founded it.
    await page.fill('#question', 'Who founded the Oahu Interscholastic Association?');
    await page.click('#ask-button');
    await expect.poll(() => page.locator('#answer-status').textContent(), { timeout: 30_000 }).toBe('answered');
    await page.locator('.citation').first().waitFor();
    expect(await page.locator('#answer-form-note').isVisible()).toBe(true);
    expect(await page.locator('#answer-form-note').textContent()).toBe('Passage answer — no exact answer was found; this is the best supporting sentence');
    expect(await page.locator('#answer-text').getAttribute('class')).toBe('answer sentence');
    expect(await page.locator('#answer-text').textContent()).toContain('founded in 1940');
    expect(await page.locator('#answer-verification').textContent()).toBe('unsure');
    expect(await page.locator('#verification-reason').textContent()).toBe('no phrase of the asked type was found; the best supporting sentence is shown');
    expect(await page.locator('.citation .title').first().textContent()).toBe('Oahu Interscholastic Association');
    // The note and the sentence fit the card: nothing wider than the answer card.
    const card = (await page.locator('#answer-card').boundingBox())!;
    for (const id of ['#answer-form-note', '#answer-text']) {
      const box = (await page.locator(id).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    }
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ask-sentence.png'), clip: { x: 0, y: 0, width: 1400, height: 700 } });
    // On a 390 px phone the note and the sentence wrap inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
      for (const id of ['#answer-form-note', '#answer-text', '#verification-reason']) {
        const box = (await page.locator(id).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      if (SHOTS) {
        await page.locator('#answer-card').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, 'ask-sentence-390.png') });
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 1000 });
    }
  }, 60_000);

  it('asks a question and shows the A2RAG agent\'s cited answer with a trace and the evidence graph', async () => {
    await expect.poll(() => page.locator('#method option').count()).toBeGreaterThan(3);
    // The default method is the A2RAG controller; the sample question is offered in the UI.
    expect(await page.locator('#method').inputValue()).toBe('a2rag-agent');
    await page.fill('#question', 'Who directed the film that was shot in or around Leland, North Carolina in 1986?');
    await page.click('#ask-button');
    await page.locator('.citation').first().waitFor();
    const answer = (await page.locator('#answer-text').textContent()) ?? '';
    expect(answer.trim().length).toBeGreaterThan(0);
    expect(answer).not.toMatch(/ranks passages/);
    // A phrase answer: the sentence-answer note of the previous question is gone.
    expect(await page.locator('#answer-form-note').isHidden()).toBe(true);
    // Cited from one of the question's two gold passages (which one depends on the answer span).
    expect(GOLD_TITLES).toContain(await page.locator('.citation .title').first().textContent());
    // What the checks established is said in words beside the answer, with the reason.
    expect(await page.locator('#answer-verification').isVisible()).toBe(true);
    expect(['verified', 'unsure', 'failed']).toContain(await page.locator('#answer-verification').textContent());
    expect(((await page.locator('#verification-reason').textContent()) ?? '').length).toBeGreaterThan(10);
    // The trace shows the controller's stages and the meta line the stage where retrieval stopped.
    expect(await page.locator('#trace li.stage').count()).toBeGreaterThan(0);
    expect(await page.locator('#answer-meta').textContent()).toMatch(/stage[^—\s]/);
    const renderer = await page.locator('#graph').getAttribute('data-renderer');
    expect(['sigma', 'svg']).toContain(renderer);
    expect(Number(await page.locator('#graph').getAttribute('data-nodes'))).toBeGreaterThan(0);
    if (renderer === 'sigma') expect(await page.locator('#graph canvas').count()).toBeGreaterThan(0);
    else expect(await page.locator('#graph svg circle').count()).toBeGreaterThan(0);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'ask.png'), fullPage: true });
  }, 60_000);

  it('opens a citation with the cited span highlighted', async () => {
    const quote = (await page.locator('.citation q').first().textContent())!;
    const title = await page.locator('.citation .title').first().textContent();
    expect(GOLD_TITLES).toContain(title);
    await page.locator('.citation').first().click();
    await page.locator('#passage[open]').waitFor();
    expect(await page.locator('#passage-title').textContent()).toBe(title);
    expect((await page.locator('#passage-text mark').textContent())!.trim()).toBe(quote.trim());
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'passage.png') });
    await page.click('#passage .close');
  });

  it('opens a graph node: aliases, provenance and neighbours', async () => {
    await page.locator('#graph-chips .chip').first().click();
    await page.locator('#node-card:not([hidden])').waitFor();
    expect(await page.locator('#node-name').textContent()).toBe(await page.locator('#graph-chips .chip').first().textContent());
    expect(await page.locator('#node-body').textContent()).toMatch(/Aliases:.*Read from \(\d+\).*Neighbours \(\d+\)/s);
  });

  it('merges two entities in the curation view and undoes the merge', async () => {
    const g = service.stack.index.graph;
    const nodes = [...g.nodes()];
    const keep = nodes.find((n) => n.name === 'Leland, North Carolina') ?? nodes[0]!;
    const merge = nodes.find((n) => n.id !== keep.id && n.name === 'Maximum Overdrive') ?? nodes.find((n) => n.id !== keep.id)!;
    const before = g.nodeCount;

    await page.click('button[data-tab="curate"]');
    await page.fill('#keep-q', keep.name);
    await page.locator(`#keep-id option[value="${keep.id}"]`).waitFor({ state: 'attached' });
    await page.selectOption('#keep-id', keep.id);
    await page.fill('#merge-q', merge.name);
    await page.locator(`#merge-id option[value="${merge.id}"]`).waitFor({ state: 'attached' });
    await page.selectOption('#merge-id', merge.id);
    await page.click('#merge-button');
    // The log also holds the indexer's own entity-resolution merges: undo exactly ours.
    const ours = page.locator('#merge-log li', { hasText: `${merge.id} → ${keep.id}` }).first();
    await ours.locator('button', { hasText: 'Undo' }).waitFor();
    expect(g.nodeCount).toBe(before - 1);
    expect(g.hasNode(merge.id)).toBe(false);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'curation.png'), fullPage: true });

    await ours.locator('button', { hasText: 'Undo' }).click();
    await page.locator('#merge-log li.undone', { hasText: `${merge.id} → ${keep.id}` }).first().waitFor();
    expect(g.nodeCount).toBe(before);
    expect(g.getNode(merge.id)?.name).toBe(merge.name);
  });
});

// The Graph tab in a real browser (playwright-core driving Debian's chromium against
// `rag serve` on 127.0.0.1): the overview, search an entity and open its neighbourhood, expand
// a neighbour, filter by entity type, rename the entity (new name in the panel and in the
// drawing), delete one of its relations, and undo (the relation is back), all checked against
// the store too; the panel sits beside the graph at 1400×900 and below it at 390 px; a view of
// 300+ nodes is laid out in the worker while the page keeps handling clicks, and a newer view
// cancels it.
// Skips only when chromium is absent. Set RAG_SCREENSHOT_DIR to keep screenshots.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RagService } from '../src/service/rag-service.js';
import { haveChromium, warnWithoutChromium } from './support/chromium.js';
import { openUiSession, type UiSession } from './support/ui-session.js';

const SHOTS = process.env.RAG_SCREENSHOT_DIR;
warnWithoutChromium('graph explorer');

const WEAK = new Set(['mentions', 'co_occurs_with']);

describe.runIf(haveChromium)('Graph tab in chromium', () => {
  let ui: UiSession;
  let service: RagService;
  let browser: BrowserContext;
  let page: Page;
  const layoutLog: string[] = [];

  beforeAll(async () => {
    ui = await openUiSession({
      prefix: 'rag-explorer-ui-',
      viewport: { width: 1400, height: 900 },
      beforeGoto: (p) =>
        p.on('console', (m) => {
          if (m.text().startsWith('explorer layout:')) layoutLog.push(m.text());
        }),
    });
    ({ service, browser, page } = ui);
  }, 60_000);

  afterAll(async () => {
    if (layoutLog.length) console.info(layoutLog.join('\n'));
    await ui?.close();
  });

  const graph = () => service.stack.index.graph;
  /** A screenshot once the camera's fit animation (300 ms) is over. */
  const shoot = async (file: string, fullPage = false) => {
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(SHOTS!, file), fullPage });
  };
  const drawn = async (attr: string) => (await page.locator('#ex-graph').getAttribute(`data-${attr}`)) ?? '';
  /** The "last edit" label (refreshed after the list, so read by polling). */
  const lastEdit = async () => (await page.locator('#ex-last-edit').textContent()) ?? '';
  const strongNeighbours = (id: string) => new Set(graph().edgesOf(id, { direction: 'both' }).filter((e) => !WEAK.has(e.relation)).map((e) => (e.source === id ? e.target : e.source)));

  /** An entity with several strong relations and a neighbour that leads further out. */
  function pickSeed() {
    for (const n of [...graph().nodes()].sort((a, b) => strongNeighbours(b.id).size - strongNeighbours(a.id).size)) {
      const near = strongNeighbours(n.id);
      if (near.size < 3 || near.size > 40) continue;
      const onward = [...near].find((m) => [...strongNeighbours(m)].some((x) => x !== n.id && !near.has(x)));
      if (onward) return { seed: n, onward };
    }
    throw new Error('no entity with neighbours of neighbours in the fixture graph');
  }

  it('starts with the overview: the best-connected entities, a legend and the filters', async () => {
    await page.click('button[data-tab="graph"]');
    await expect.poll(() => drawn('nodes'), { timeout: 20_000 }).not.toBe('');
    expect(await drawn('renderer')).toBe('sigma');
    expect(Number(await drawn('nodes'))).toBeGreaterThan(10);
    expect(await page.locator('#ex-graph canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('#ex-legend .ex-legend-item').count()).toBeGreaterThan(0);
    expect(await page.locator('#ex-weak').isChecked()).toBe(false);
    expect(await page.locator('#ex-status').textContent()).toMatch(/entities · \d+ relations in view/);
    if (SHOTS) await shoot('explorer-overview.png');
  });

  it('searches an entity, opens its neighbourhood, and expands a neighbour', async () => {
    const { seed, onward } = pickSeed();
    await page.fill('#ex-search', seed.name);
    await page.locator(`#ex-results button[data-node-id="${seed.id}"]`).click();
    await expect.poll(() => page.locator('#ex-node-name').textContent(), { timeout: 10_000 }).toBe(seed.name);
    await expect.poll(() => drawn('selected')).toBe(seed.id);
    expect(await drawn('selected-label')).toBe(seed.name);
    const near = strongNeighbours(seed.id);
    await expect.poll(() => drawn('nodes')).toBe(String(near.size + 1));
    expect(await page.locator('#ex-rel-list li:not(.weak)').count()).toBe(graph().edgesOf(seed.id, { direction: 'both' }).filter((e) => !WEAK.has(e.relation)).length);
    const before = Number(await drawn('nodes'));

    // clicking a neighbour (here in the panel's relation list) selects it and adds its neighbours
    await page.locator(`#ex-rel-list li .other[data-node-id="${onward}"]`).first().click();
    await expect.poll(() => drawn('selected')).toBe(onward);
    await expect.poll(async () => Number(await drawn('nodes'))).toBeGreaterThan(before);
    const union = new Set([seed.id, ...near, onward, ...strongNeighbours(onward)]);
    expect(Number(await drawn('nodes'))).toBe(union.size);
  });

  it('filters by entity type; the legend follows', async () => {
    const all = Number(await drawn('nodes'));
    const legend = await page.locator('#ex-legend .ex-legend-item').allTextContents();
    expect(legend.length).toBeGreaterThan(1);
    const keep = legend[0]!.replace(/ \d+$/, '');
    await page.click('#ex-types-summary');
    await page.locator('#ex-types .ex-menu-actions button', { hasText: 'none' }).click();
    await page.locator(`#ex-types input[value="${keep}"]`).check();
    await page.click('#ex-types-summary');
    await expect.poll(async () => Number(await drawn('nodes'))).toBeLessThan(all);
    expect(await page.locator('#ex-types-summary').textContent()).toMatch(/^Types: 1 of \d+$/);
    // what remains is of that type, except the expanded entities, which always stay
    const types = (await page.locator('#ex-legend .ex-legend-item').allTextContents()).map((t) => t.replace(/ \d+$/, ''));
    expect(types).toContain(keep);
    expect(types.length).toBeLessThanOrEqual(3);
    if (SHOTS) await shoot('explorer-filtered.png');
    await page.click('#ex-types-summary');
    await page.locator('#ex-types .ex-menu-actions button', { hasText: 'all' }).click();
    await page.click('#ex-types-summary');
    await expect.poll(async () => Number(await drawn('nodes'))).toBe(all);
  });

  it('renames the entity: the new name shows in the panel and the drawing, and is stored', async () => {
    const { seed } = pickSeed();
    await page.fill('#ex-search', seed.name);
    await page.locator(`#ex-results button[data-node-id="${seed.id}"]`).click();
    await expect.poll(() => drawn('selected')).toBe(seed.id);
    await page.fill('#ex-edit-name', 'Explorer Renamed One');
    await page.click('#ex-save');
    await expect.poll(() => page.locator('#ex-node-name').textContent(), { timeout: 10_000 }).toBe('Explorer Renamed One');
    await expect.poll(() => drawn('selected-label')).toBe('Explorer Renamed One');
    expect(graph().getNode(seed.id)!.name).toBe('Explorer Renamed One');
    expect(await page.locator('#ex-node-aliases').textContent()).toContain(seed.name);
    await expect.poll(lastEdit, { timeout: 10_000 }).toContain('edited entity');
    if (SHOTS) await shoot('explorer-1400.png');
  });

  it('deletes a relation, then Undo brings it back', async () => {
    const row = page.locator('#ex-rel-list li:not(.weak)').first();
    const edgeId = (await row.getAttribute('data-edge-id'))!;
    expect(graph().getEdge(edgeId)).toBeDefined();
    const count = await page.locator('#ex-rel-list li').count();
    const edges = Number(await drawn('edges'));
    await row.locator('button', { hasText: 'Delete' }).click();
    await expect.poll(() => page.locator('#ex-rel-list li').count(), { timeout: 10_000 }).toBe(count - 1);
    expect(await page.locator(`#ex-rel-list li[data-edge-id="${edgeId}"]`).count()).toBe(0);
    expect(graph().getEdge(edgeId)).toBeUndefined();
    await expect.poll(async () => Number(await drawn('edges'))).toBe(edges - 1);
    await expect.poll(lastEdit, { timeout: 10_000 }).toContain('deleted relation');

    await page.click('#ex-undo');
    await expect.poll(() => page.locator(`#ex-rel-list li[data-edge-id="${edgeId}"]`).count(), { timeout: 10_000 }).toBe(1);
    expect(graph().getEdge(edgeId)).toBeDefined();
    await expect.poll(async () => Number(await drawn('edges'))).toBe(edges);
    await expect.poll(lastEdit, { timeout: 10_000 }).toContain('edited entity');
  });

  it('adds a relation from the panel with a passage as evidence', async () => {
    const seedId = await drawn('selected');
    const target = [...graph().nodes()].find((n) => n.id !== seedId && !strongNeighbours(seedId).has(n.id) && n.name.length > 4 && service.findNodes(n.name, 5).some((r) => r.id === n.id))!;
    const count = await page.locator('#ex-rel-list li').count();
    await page.click('#ex-add summary');
    await page.fill('#ex-add-relation', 'tested alongside');
    await page.fill('#ex-add-target-q', target.name);
    await expect.poll(() => page.locator(`#ex-add-target option[value="${target.id}"]`).count()).toBe(1);
    await page.selectOption('#ex-add-target', target.id);
    const evidence = (await page.locator('#ex-add-evidence option').nth(1).getAttribute('value'))!;
    await page.selectOption('#ex-add-evidence', evidence);
    await page.fill('#ex-add-note', 'from the browser test');
    await page.click('#ex-add-button');
    await expect.poll(() => page.locator('#ex-rel-list li').count(), { timeout: 10_000 }).toBe(count + 1);
    const edge = graph().getEdge(`${seedId} -[tested_alongside]-> ${target.id}`)!;
    expect(edge.provenance.map((p) => p.chunkId)).toEqual([evidence]);
    expect(edge.attributes).toMatchObject({ note: 'from the browser test', source: 'user' });
    expect(await page.locator(`#ex-rel-list li[data-edge-id="${edge.id}"] .rel`).textContent()).toBe('tested alongside');
    await expect.poll(lastEdit, { timeout: 10_000 }).toContain('added relation');
  });

  it('shows the weak provenance and co-occurrence edges only when asked', async () => {
    const seedId = await drawn('selected');
    const weak = graph().edgesOf(seedId, { direction: 'both' }).filter((e) => WEAK.has(e.relation)).length;
    const edges = Number(await drawn('edges'));
    expect(await page.locator('#ex-rel-list li.weak').count()).toBe(0);
    await page.check('#ex-weak');
    await expect.poll(async () => Number(await drawn('edges')), { timeout: 10_000 }).toBeGreaterThan(edges);
    expect(weak).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#ex-rel-list li.weak').count(), { timeout: 10_000 }).toBe(weak);
    await page.uncheck('#ex-weak');
    await expect.poll(async () => Number(await drawn('edges')), { timeout: 10_000 }).toBe(edges);
    await expect.poll(() => page.locator('#ex-rel-list li.weak').count(), { timeout: 10_000 }).toBe(0);
  });

  it('keeps the panel beside the graph and in view at 1400×900', async () => {
    const g = (await page.locator('#ex-graph').boundingBox())!;
    const panel = (await page.locator('#ex-panel').boundingBox())!;
    expect(panel.x).toBeGreaterThanOrEqual(g.x + g.width);
    expect(panel.y).toBeLessThan(200);
    expect(panel.y + panel.height).toBeLessThanOrEqual(900);
    expect(g.y + g.height).toBeLessThanOrEqual(900);
    const save = (await page.locator('#ex-save').boundingBox())!;
    expect(save.y + save.height).toBeLessThanOrEqual(900);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
  });

  it('stacks the panel under the graph at 390 px, nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const g = (await page.locator('#ex-graph').boundingBox())!;
    const panel = (await page.locator('#ex-panel').boundingBox())!;
    expect(g.width).toBeGreaterThan(300);
    expect(panel.y).toBeGreaterThanOrEqual(g.y + g.height);
    // (sigma resizes its canvases on the next frame after the window's resize)
    const wide = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('#tab-graph *'))
          .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > 390.5 && !e.closest('.ex-menu-body'))
          .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
      );
    await expect.poll(wide, { timeout: 5_000 }).toEqual([]);
    if (SHOTS) {
      await shoot('explorer-390.png');
      await shoot('explorer-390-full.png', true);
    }
    await page.setViewportSize({ width: 1400, height: 900 });
  });
  /** Pixels of the drawing (a screenshot of it) that differ from its ground, its most common colour. */
  const drawnPixels = async () => {
    const png = (await page.locator('#ex-graph').screenshot()).toString('base64');
    return page.evaluate(async (data) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, c.width, c.height).data;
      const freq = new Map<number, number>();
      for (let i = 0; i < px.length; i += 4) freq.set((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!, (freq.get((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!) ?? 0) + 1);
      const ground = [...freq.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      const [r, g, b] = [ground >> 16, (ground >> 8) & 255, ground & 255];
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (Math.abs(px[i]! - r) + Math.abs(px[i + 1]! - g) + Math.abs(px[i + 2]! - b) > 12) n++;
      return n;
    }, png);
  };

  /**
   * Holds each load of the worker's script for a while, so a layout stays "running" long enough
   * to be observed however fast the machine lays out the fixture graph (no timing assumption).
   */
  let workerLoads = 0;
  const slowWorkerScript = () =>
    browser.route('**/ui/layout-worker.js', async (route) => {
      workerLoads++;
      await new Promise((r) => setTimeout(r, 1500));
      // A held load can be cancelled meanwhile (the worker ended by a newer view, the page
      // reloaded); Playwright then reports the route as handled, which is that cancellation.
      await route.continue().catch((err: unknown) => {
        if (!/already handled|closed/i.test(String(err))) throw err;
      });
    });

  it('lays out the whole fixture graph (overview of up to 5,000) in the worker while the page keeps handling clicks', async () => {
    const total = graph().nodeCount;
    await slowWorkerScript();
    expect(total).toBeGreaterThanOrEqual(300); // big enough for the worker
    // in the page: note each click and each animation frame that happens while a layout runs
    await page.evaluate(() => {
      const probe = { clicksDuringLayout: 0, framesDuringLayout: 0 };
      (window as unknown as { layoutProbe: typeof probe }).layoutProbe = probe;
      const running = () => document.getElementById('ex-graph')!.dataset.layoutState === 'running';
      document.addEventListener('click', () => running() && probe.clicksDuringLayout++, true);
      const frame = () => {
        if (running()) probe.framesDuringLayout++;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.selectOption('#ex-overview-size', '5000');
    await expect.poll(() => drawn('layout-state'), { timeout: 20_000 }).toBe('running');
    expect(await page.locator('#ex-graph .ex-busy').textContent()).toBe(`laying out ${total} nodes…`);
    expect(await page.locator('#ex-status').textContent()).toContain(`laying out ${total} nodes…`);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'explorer-laying-out.png') });
    // another tab opens while the layout runs, and back
    await page.click('button[data-tab="ask"]');
    expect(await page.locator('#tab-ask').getAttribute('data-active')).toBe('true');
    await page.click('button[data-tab="graph"]');
    await expect.poll(async () => Number(await drawn('nodes')), { timeout: 120_000 }).toBe(total);
    expect(await drawn('layout-state')).toBe('idle');
    expect(await drawn('layout-in')).toBe('worker');
    expect(Number(await drawn('layout-ms'))).toBeGreaterThan(0);
    expect(await page.locator('#ex-graph .ex-busy').isHidden()).toBe(true);
    const probe = await page.evaluate(() => (window as unknown as { layoutProbe: { clicksDuringLayout: number; framesDuringLayout: number } }).layoutProbe);
    // the main thread handled the tab click(s) and drew frames while the worker laid out
    expect(probe.clicksDuringLayout).toBeGreaterThanOrEqual(1);
    expect(probe.framesDuringLayout).toBeGreaterThanOrEqual(1);
    expect(layoutLog.some((l) => l.startsWith(`explorer layout: ${total} nodes`) && l.endsWith('(in the layout worker)'))).toBe(true);
    // the positions came back and were drawn: node discs (dimmed but for the selection) cover the ground
    if (SHOTS) await shoot('explorer-all.png');
    else await page.waitForTimeout(500);
    const marked = await drawnPixels();
    console.info(`drawn pixels after the worker layout of ${total} nodes: ${marked}`);
    expect(marked).toBeGreaterThan(total * 10);
  });

  it('a newer view cancels the layout still running for an older one', async () => {
    const total = graph().nodeCount;
    // a fresh page, so the big layout below starts a new worker whose script load is held
    await page.reload();
    await page.click('button[data-tab="graph"]');
    await expect.poll(() => drawn('nodes'), { timeout: 20_000 }).not.toBe('');
    const loadsBefore = workerLoads;
    await page.selectOption('#ex-overview-size', '150');
    await expect.poll(async () => Number(await drawn('nodes')), { timeout: 20_000 }).toBe(150);
    expect(await drawn('layout-in')).toBe('main'); // small views are laid out on the page
    const finishedBig = () => layoutLog.filter((l) => l.startsWith(`explorer layout: ${total} nodes`)).length;
    const before = finishedBig();
    await page.selectOption('#ex-overview-size', '5000');
    await expect.poll(() => drawn('layout-state'), { timeout: 20_000 }).toBe('running');
    await page.selectOption('#ex-overview-size', '150');
    await expect.poll(() => drawn('layout-state'), { timeout: 20_000 }).toBe('idle');
    expect(Number(await drawn('nodes'))).toBe(150);
    expect(await drawn('layout-in')).toBe('main');
    // the cancelled layout never finished (its worker was ended), so it drew nothing and logged nothing
    await page.waitForTimeout(1000);
    expect(Number(await drawn('nodes'))).toBe(150);
    expect(finishedBig()).toBe(before);
    expect(workerLoads).toBeGreaterThan(loadsBefore); // the cancelled layout ran in a held worker
    await browser.unroute('**/ui/layout-worker.js');
  });
});

// Without WebGL (chromium's --disable-3d-apis) the explorer draws SVG, and a click on a drawn
// node selects it and adds its neighbours.
describe.runIf(haveChromium)('Graph tab in chromium without WebGL', () => {
  let ui: UiSession;
  let service: RagService;
  let page: Page;

  beforeAll(async () => {
    ui = await openUiSession({ prefix: 'rag-explorer-svg-', viewport: { width: 1400, height: 900 }, chromiumArgs: ['--disable-3d-apis'] });
    ({ service, page } = ui);
  }, 60_000);

  afterAll(() => ui?.close());

  it('draws SVG; clicking a drawn neighbour selects it and adds its neighbours', async () => {
    const g = service.stack.index.graph;
    const strong = (id: string) => new Set(g.edgesOf(id, { direction: 'both' }).filter((e) => !WEAK.has(e.relation)).map((e) => (e.source === id ? e.target : e.source)));
    const seed = [...g.nodes()].find((n) => {
      const near = strong(n.id);
      return near.size >= 3 && near.size <= 40 && [...near].some((m) => [...strong(m)].some((x) => x !== n.id && !near.has(x)));
    })!;
    const near = strong(seed.id);
    const onward = [...near].find((m) => [...strong(m)].some((x) => x !== seed.id && !near.has(x)))!;
    await page.click('button[data-tab="graph"]');
    const drawn = (attr: string) => page.locator('#ex-graph').getAttribute(`data-${attr}`);
    await expect.poll(() => drawn('nodes'), { timeout: 20_000 }).not.toBeNull();
    expect(await drawn('renderer')).toBe('svg');
    expect(await page.locator('#ex-graph canvas').count()).toBe(0);
    await page.fill('#ex-search', seed.name);
    await page.locator(`#ex-results button[data-node-id="${seed.id}"]`).click();
    await expect.poll(() => drawn('selected'), { timeout: 10_000 }).toBe(seed.id);
    await expect.poll(() => page.locator('#ex-graph svg circle').count()).toBe(near.size + 1);
    expect(await page.locator('#ex-graph svg text.pinned').first().textContent()).toBe(seed.name);
    await page.locator(`#ex-graph svg circle[data-node-id="${onward}"]`).click();
    await expect.poll(() => drawn('selected'), { timeout: 10_000 }).toBe(onward);
    await expect.poll(() => page.locator('#ex-graph svg circle').count(), { timeout: 10_000 }).toBe(new Set([seed.id, ...near, ...strong(onward)]).size);
    expect(await page.locator('#ex-node-name').textContent()).toBe(g.getNode(onward)!.name);
    if (SHOTS) {
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, 'explorer-svg.png') });
    }
  });
});


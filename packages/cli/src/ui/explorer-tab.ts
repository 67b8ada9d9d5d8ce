// The Graph tab: the whole knowledge graph, explored. It starts with the best-connected
// entities; a search opens an entity's neighbourhood, a click on a node selects it and adds its
// neighbours; filters (types, relations, confidence, weak edges) apply to everything in view;
// the panel beside the drawing edits the selected entity and its relations (./explorer/*).
import type { Api, El } from './docs-tab.js';
import { explorerApi, type ExplorerGraph } from './explorer/explorer-api.js';
import { composeView } from './explorer/explorer-view.js';
import { mountFilterBar } from './explorer/filter-bar.js';
import { createGraphCanvas } from './explorer/graph-canvas.js';
import { mountNodePanel } from './explorer/entity-editor-panel.js';
import { typeColour } from './type-colours.js';

export interface ExplorerTabDeps {
  api: Api;
  el: El;
  writesNeedToken(): boolean;
  /** The graph changed (counts in the header). */
  onStoreChanged(): void | Promise<void>;
}

export interface ExplorerTab {
  show(): void;
}

/** Neighbours fetched per expanded entity. */
const EXPAND_LIMIT = 300;

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export function mountExplorerTab(deps: ExplorerTabDeps): ExplorerTab {
  const { el } = deps;
  const api = explorerApi(deps.api);
  const canvas = createGraphCanvas($('ex-graph'), typeColour, (id) => void clickNode(id));
  const filterBar = mountFilterBar(el, typeColour, () => {
    void reload();
    // the panel lists weak relations only while they are shown
    if (panel.current) void panel.show(panel.current);
  });
  const panel = mountNodePanel({
    api,
    el,
    colours: typeColour,
    includeWeak: () => filterBar.filters.includeWeak,
    writesNeedToken: deps.writesNeedToken,
    select: (id) => void clickNode(id),
    expand: (id) => void expand(id),
    edited: async () => {
      await Promise.all([loadFacets(), reload()]);
      await deps.onStoreChanged();
    },
  });

  let started = false;
  let overview: ExplorerGraph | undefined;
  let showOverview = true;
  /** Expanded entities in the order they were opened, with the depth each was opened at. */
  const seeds = new Map<string, { depth: 1 | 2; graph?: ExplorerGraph }>();
  let seq = 0;

  const status = (text: string) => ($('ex-status').textContent = text);

  async function loadFacets() {
    const f = await api.facets();
    filterBar.setFacets(f);
    panel.suggest(
      f.types.map((t) => t.type),
      f.relations.filter((r) => !r.weak).map((r) => r.relation),
    );
  }

  async function draw() {
    const sources = [...(showOverview && overview ? [overview] : []), ...[...seeds.values()].flatMap((s) => (s.graph ? [s.graph] : []))];
    const view = composeView(sources, [...seeds.keys()], filterBar.filters);
    const shown = canvas.show(view);
    if (panel.current) canvas.select(view.nodes.some((n) => n.id === panel.current) ? panel.current : undefined);
    const counts = new Map<string, number>();
    for (const n of view.nodes) counts.set(n.type, (counts.get(n.type) ?? 0) + 1);
    filterBar.legend(counts);
    const inView = `${view.nodes.length} entities · ${view.edges.length} relations in view` + (view.truncated ? ' (cut at the limit)' : '');
    // a big view is laid out in a worker: the page stays usable meanwhile
    if (canvas.layingOut) status(`${inView} · laying out ${canvas.layingOut} nodes…`);
    if ((await shown) === 'stale') return;
    const layout = canvas.lastLayout;
    status(inView + (layout ? ` · layout ${layout.ms.toFixed(0)} ms for ${layout.nodes} nodes` : ''));
  }

  /** Fetch everything in view again (filters changed, or the graph was edited). */
  async function reload() {
    const mine = ++seq;
    const f = filterBar.filters;
    status('loading…');
    try {
      const size = Number($<HTMLSelectElement>('ex-overview-size').value);
      const asked = [...seeds.entries()].map(([id, s]) => ({ id, depth: s.depth }));
      const [ov, ...hoods] = await Promise.all([
        showOverview ? api.overview(size) : Promise.resolve(undefined),
        ...asked.map((s) => api.neighbourhood(s.id, s.depth, EXPAND_LIMIT, f).catch(() => undefined)),
      ]);
      if (mine !== seq) return;
      overview = ov;
      asked.forEach(({ id }, i) => {
        const g = hoods[i];
        if (!seeds.has(id)) return; // dropped meanwhile (back to the overview)
        if (g) seeds.get(id)!.graph = g;
        else seeds.delete(id); // the entity is gone (merged, removed)
      });
      await draw();
    } catch (err) {
      status(err instanceof Error ? err.message : String(err));
    }
  }

  async function expand(id: string, depth: 1 | 2 = 1) {
    const existing = seeds.get(id);
    seeds.set(id, { depth: Math.max(existing?.depth ?? 1, depth) as 1 | 2, ...(existing?.graph ? { graph: existing.graph } : {}) });
    // a reload started since fetched this neighbourhood too, with the newer filters
    const since = seq;
    try {
      const g = await api.neighbourhood(id, seeds.get(id)!.depth, EXPAND_LIMIT, filterBar.filters);
      if (since !== seq || !seeds.has(id)) return;
      seeds.get(id)!.graph = g;
      await draw();
    } catch (err) {
      status(err instanceof Error ? err.message : String(err));
    }
  }

  async function select(id: string) {
    canvas.select(id);
    await panel.show(id);
  }

  async function clickNode(id: string) {
    await Promise.all([select(id), expand(id)]);
  }

  /** Open an entity from search: its neighbourhood replaces the view. */
  async function open(id: string) {
    showOverview = false;
    seeds.clear();
    $('ex-results').hidden = true;
    await Promise.all([expand(id, Number($<HTMLSelectElement>('ex-depth').value) === 2 ? 2 : 1), select(id)]);
  }

  // --- search ---------------------------------------------------------------------------
  let searchSeq = 0;
  const results = $('ex-results');
  $('ex-search').addEventListener('input', async () => {
    const q = $<HTMLInputElement>('ex-search').value.trim();
    const mine = ++searchSeq;
    const hits = q ? await api.search(q).catch(() => []) : [];
    if (mine !== searchSeq) return;
    results.replaceChildren(
      ...hits.map((h) => {
        const b = el('button', { type: 'button', className: 'ex-hit' }, el('span', { className: 'swatch' }), el('span', { className: 'name', textContent: h.name }), el('span', { className: 'hint', textContent: h.type }));
        (b.firstChild as HTMLElement).style.background = typeColour(h.type);
        b.addEventListener('click', () => void open(h.id));
        b.dataset.nodeId = h.id;
        return el('li', {}, b);
      }),
    );
    if (q && hits.length === 0) results.append(el('li', { className: 'hint', textContent: 'no entity matches' }));
    results.hidden = q === '';
  });
  $('ex-search').addEventListener('keydown', (ev) => {
    if ((ev as KeyboardEvent).key === 'Enter') {
      ev.preventDefault();
      results.querySelector<HTMLButtonElement>('button.ex-hit')?.click();
    }
    if ((ev as KeyboardEvent).key === 'Escape') results.hidden = true;
  });

  /** Back to the overview (of the chosen size): expanded neighbourhoods are dropped. */
  const toOverview = () => {
    showOverview = true;
    seeds.clear();
    void reload();
  };
  $('ex-overview').addEventListener('click', toOverview);
  // a new depth applies to the entity opened from search (the first expanded one)
  $('ex-depth').addEventListener('change', () => {
    const first = seeds.keys().next();
    if (first.done) return;
    seeds.get(first.value)!.depth = Number($<HTMLSelectElement>('ex-depth').value) === 2 ? 2 : 1;
    void reload();
  });
  $('ex-overview-size').addEventListener('change', toOverview);
  window.addEventListener('resize', () => canvas.resize());

  return {
    show() {
      if (!started) {
        started = true;
        void (async () => {
          await loadFacets();
          await reload();
          await panel.refreshUndo();
        })();
      } else canvas.resize();
    },
  };
}

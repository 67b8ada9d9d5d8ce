// The explorer's drawing: one sigma.js renderer (SVG where there is no WebGL) over a graphology
// graph rebuilt with each new view (nodes that stay keep their place, new ones grow out of a
// neighbour), laid out with ForceAtlas2 + noverlap (../graph-layout.ts) in a worker from 300 nodes
// on (../layout/layout-runner.ts; the old drawing stays, with a "laying out N nodes…" note, until
// the positions come back, and a newer view cancels the layout of an older one). Expanded and selected entities
// always show their label (sigma's `forceLabel`; its label grid otherwise drops labels that
// collide), so do the selected entity's neighbours when it has few; its relations show
// theirs, and the rest of the graph is dimmed.
// The container's data-* attributes say what is drawn (counts, the selected node's label, the
// last layout time, where it ran — worker or main — and whether one is running) for tests and
// for people reading the DOM.
import Graph from 'graphology';
import Sigma from 'sigma';
import type { LayoutStats } from '../graph-layout.js';
import { createLayoutRunner } from '../layout/layout-runner.js';
import type { TypeColours } from '../type-colours.js';
import type { ExplorerView } from './explorer-view.js';
import { drawSvg } from './svg-drawing.js';
import { hasWebGl } from '../webgl.js';

const EDGE = '#c7cdd6';
const WEAK_EDGE = '#e4e7ec';
const DIM = '#e9ecf1';
/**
 * The camera after a layout: zoomed out and shifted left a little, more so in a narrow
 * container, so the labels (drawn right of their node) of the outermost nodes fit.
 */
const fit = (width: number) => ({ x: 0.5 + 80 / Math.max(width, 200), y: 0.5, ratio: 1 + 160 / Math.max(width, 200), angle: 0 });
/** Up to this many neighbours of the selected entity all show their label. */
const LABELLED_NEIGHBOURS = 25;
/** …in views of at most this many nodes (in a crowd, forced labels would pile up). */
const LABELLED_VIEW = 300;

export interface GraphCanvas {
  /**
   * Draw `view`; lays out again when the node set changed. Resolves 'drawn' once it is drawn,
   * 'stale' when a newer view replaced it first.
   */
  show(view: ExplorerView): Promise<'drawn' | 'stale'>;
  /** Nodes being laid out right now (0: none). */
  readonly layingOut: number;
  select(id: string | undefined): void;
  /** The container was hidden and is visible again (tab switch, resize). */
  resize(): void;
  readonly lastLayout: LayoutStats | undefined;
  destroy(): void;
}

const nodeSize = (degree: number) => 4 + Math.min(14, 2 * Math.sqrt(degree));

export function createGraphCanvas(container: HTMLElement, colours: TypeColours, onNodeClick: (id: string) => void): GraphCanvas {
  let graph = new Graph({ multi: true, type: 'directed' });
  const empty = document.createElement('p');
  empty.className = 'ex-empty hint';
  let sigma: Sigma | undefined;
  let selected: string | undefined;
  let seeds = new Set<string>();
  let lastLayout: LayoutStats | undefined;
  let lastWhere: 'worker' | 'main' | undefined;
  let layingOut = 0;
  let showSeq = 0;
  const webgl = hasWebGl();
  const runner = createLayoutRunner();
  const busy = document.createElement('p');
  busy.className = 'ex-busy';
  busy.hidden = true;
  container.append(busy);

  const note = (text: string) => {
    empty.textContent = text;
    empty.hidden = text === '';
    if (!empty.isConnected) container.append(empty);
  };

  function ensureSigma(): Sigma | undefined {
    if (sigma || !webgl) return sigma;
    sigma = new Sigma(graph, container, {
      allowInvalidContainer: true,
      renderEdgeLabels: true,
      defaultEdgeType: 'arrow',
      labelSize: 13,
      labelWeight: '600',
      edgeLabelSize: 11,
      labelDensity: 0.5,
      labelGridCellSize: 160,
      labelRenderedSizeThreshold: 4,
      zIndex: true,
      stagePadding: 40,
      nodeReducer: (id, a) => {
        const focus = selected !== undefined && graph.hasNode(selected);
        const near = !focus || id === selected || graph.areNeighbors(id, selected!);
        const pinned = id === selected || seeds.has(id);
        const named = pinned || (focus && near && graph.order <= LABELLED_VIEW && graph.degree(selected!) <= LABELLED_NEIGHBOURS);
        return {
          ...a,
          forceLabel: named,
          highlighted: id === selected,
          zIndex: pinned ? 2 : near ? 1 : 0,
          color: near ? a.color : DIM,
          label: near || pinned ? a.label : null,
        };
      },
      edgeReducer: (id, a) => {
        const [s, t] = graph.extremities(id);
        const focus = selected !== undefined && graph.hasNode(selected);
        const touches = focus && (s === selected || t === selected);
        return { ...a, label: touches ? a.label : null, forceLabel: touches, color: focus && !touches ? DIM : a.color, zIndex: touches ? 1 : 0 };
      },
    });
    sigma.on('clickNode', ({ node }) => onNodeClick(node));
    sigma.on('enterNode', () => (container.style.cursor = 'pointer'));
    sigma.on('leaveNode', () => (container.style.cursor = ''));
    return sigma;
  }

  /** Without WebGL: the same graph as SVG (./svg-drawing.ts). */
  const svgDraw = () => drawSvg(container, graph, { seeds, selected, labelledNeighbours: LABELLED_NEIGHBOURS, labelledView: LABELLED_VIEW }, onNodeClick);

  function describe() {
    container.dataset.renderer = webgl ? 'sigma' : 'svg';
    container.dataset.nodes = String(graph.order);
    container.dataset.edges = String(graph.size);
    container.dataset.selected = selected ?? '';
    container.dataset.selectedLabel = selected && graph.hasNode(selected) ? String(graph.getNodeAttribute(selected, 'label')) : '';
    if (lastLayout) container.dataset.layoutMs = lastLayout.ms.toFixed(0);
    if (lastWhere) container.dataset.layoutIn = lastWhere;
    container.dataset.layoutState = layingOut ? 'running' : 'idle';
  }

  const setBusy = (nodes: number) => {
    layingOut = nodes;
    busy.textContent = nodes ? `laying out ${nodes} nodes…` : '';
    busy.hidden = nodes === 0;
    if (!busy.isConnected) container.append(busy);
    container.dataset.layoutState = nodes ? 'running' : 'idle';
  };

  return {
    get lastLayout() {
      return lastLayout;
    },
    get layingOut() {
      return layingOut;
    },
    async show(view) {
      const mine = ++showSeq;
      // A new graph each time, handed to sigma whole (sigma follows every event of the graph
      // it draws, which a layout over half-added nodes would trip); nodes that stay keep
      // their position.
      const next = new Graph({ multi: true, type: 'directed' });
      let changed = view.nodes.length !== graph.order;
      for (const n of view.nodes) {
        const attrs: Record<string, unknown> = { label: n.name, color: colours(n.type), size: nodeSize(n.degree), nodeType: n.type };
        if (graph.hasNode(n.id)) {
          attrs.x = graph.getNodeAttribute(n.id, 'x');
          attrs.y = graph.getNodeAttribute(n.id, 'y');
        } else changed = true;
        next.addNode(n.id, attrs);
      }
      for (const e of view.edges) {
        if (!next.hasNode(e.source) || !next.hasNode(e.target) || next.hasEdge(e.id)) continue;
        if (!graph.hasEdge(e.id)) changed = true;
        next.addEdgeWithKey(e.id, e.source, e.target, { label: e.relation.replace(/_/g, ' '), color: e.weak ? WEAK_EDGE : EDGE, size: e.weak ? 1 : 1.6 });
      }
      if (next.size !== graph.size) changed = true;
      if (changed && next.order > 0) {
        if (runner.usesWorker(next.order)) setBusy(next.order);
        const result = await runner.run(next);
        if (result.status === 'cancelled' || mine !== showSeq) return 'stale';
        setBusy(0);
        lastLayout = result.stats;
        lastWhere = result.where;
        console.info(`explorer layout: ${lastLayout.nodes} nodes, ${lastLayout.edges} edges, FA2 ${lastLayout.fa2Iterations} + noverlap ≤${lastLayout.noverlapIterations} iterations in ${lastLayout.ms.toFixed(0)} ms (${result.where === 'worker' ? 'in the layout worker' : 'on the page'})`);
      } else {
        // this view needs no layout: an older one still being laid out is not wanted any more
        runner.cancel();
        setBusy(0);
      }
      seeds = new Set(view.seeds);
      graph = next;
      sigma?.setGraph(graph);
      note(graph.order === 0 ? 'Nothing to show: search an entity, or loosen the filters.' : '');
      if (!webgl) svgDraw();
      const s = ensureSigma();
      // fewer free labels in a crowd: the label grid keeps one per cell, and long names overflow it
      s?.setSetting('labelDensity', graph.order > 1000 ? 0.15 : 0.5);
      // zoomed out a little and shifted, so labels (drawn right of their node) fit at the edges
      if (s && changed) void s.getCamera().animate(fit(container.clientWidth), { duration: 300 });
      s?.refresh();
      describe();
      return 'drawn';
    },
    select(id) {
      selected = id;
      sigma?.refresh();
      if (!webgl) svgDraw();
      describe();
    },
    resize() {
      if (sigma) {
        sigma.resize();
        sigma.getCamera().setState(fit(container.clientWidth));
      } else if (!webgl) svgDraw();
    },
    destroy() {
      runner.destroy();
      sigma?.kill();
      sigma = undefined;
    },
  };
}

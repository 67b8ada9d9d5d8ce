// Draws an evidence subgraph with sigma.js over graphology. Sigma needs WebGL; where the
// browser has none (some headless or locked-down setups) the same layout is drawn as SVG, so
// the view never silently disappears. Layout: ForceAtlas2 + noverlap (./graph-layout.ts). A chip list under the drawing gives keyboard access.
import Graph from 'graphology';
import Sigma from 'sigma';
import { layoutGraph } from './graph-layout.js';
import { typeColour } from './type-colours.js';
import { hasWebGl } from './webgl.js';

export interface ViewNode {
  id: string;
  name: string;
  type: string;
  score?: number;
}
export interface ViewEdge {
  id: string;
  source: string;
  target: string;
  relation: string;
}

const colorOf = typeColour;

export interface GraphView {
  renderer: 'sigma' | 'svg' | 'empty';
  destroy(): void;
}

export function renderGraph(container: HTMLElement, nodes: ViewNode[], edges: ViewEdge[], onClick: (id: string) => void): GraphView {
  container.replaceChildren();
  container.dataset.nodes = String(nodes.length);
  if (nodes.length === 0) {
    const p = document.createElement('p');
    p.className = 'hint';
    p.style.padding = '1rem';
    p.textContent = 'No graph facts are attached to this evidence.';
    container.append(p);
    container.dataset.renderer = 'empty';
    return { renderer: 'empty', destroy: () => undefined };
  }
  const degree = new Map<string, number>();
  for (const e of edges) {
    degree.set(e.source, (degree.get(e.source) ?? 0) + 1);
    degree.set(e.target, (degree.get(e.target) ?? 0) + 1);
  }
  const size = (id: string) => 5 + Math.min(10, 2 * (degree.get(id) ?? 0));
  const g = new Graph({ multi: true, type: 'directed' });
  for (const n of nodes) if (!g.hasNode(n.id)) g.addNode(n.id, { size: size(n.id), label: n.name, color: colorOf(n.type) });
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target) && !g.hasEdge(e.id)) g.addEdgeWithKey(e.id, e.source, e.target, { label: e.relation, size: 1.5, color: '#c7cdd6' });
  layoutGraph(g);
  const pos = new Map<string, { x: number; y: number }>();
  g.forEachNode((id, a) => pos.set(id, { x: a.x as number, y: a.y as number }));

  if (hasWebGl()) {
    const sigma = new Sigma(g, container, { renderEdgeLabels: true, labelRenderedSizeThreshold: 0, defaultEdgeType: 'arrow' });
    sigma.on('clickNode', ({ node }) => onClick(node));
    container.dataset.renderer = 'sigma';
    return { renderer: 'sigma', destroy: () => sigma.kill() };
  }

  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  const xs = [...pos.values()].map((p) => p.x);
  const ys = [...pos.values()].map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const W = 600;
  const H = 440;
  const px = (x: number) => 40 + ((x - minX) / Math.max(1e-9, maxX - minX)) * (W - 80);
  const py = (y: number) => 30 + ((y - minY) / Math.max(1e-9, maxY - minY)) * (H - 60);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  for (const e of edges) {
    const a = pos.get(e.source);
    const b = pos.get(e.target);
    if (!a || !b) continue;
    const line = document.createElementNS(NS, 'line');
    line.setAttribute('x1', String(px(a.x)));
    line.setAttribute('y1', String(py(a.y)));
    line.setAttribute('x2', String(px(b.x)));
    line.setAttribute('y2', String(py(b.y)));
    const t = document.createElementNS(NS, 'title');
    t.textContent = e.relation;
    line.append(t);
    svg.append(line);
  }
  for (const n of nodes) {
    const p = pos.get(n.id)!;
    const c = document.createElementNS(NS, 'circle');
    c.setAttribute('cx', String(px(p.x)));
    c.setAttribute('cy', String(py(p.y)));
    c.setAttribute('r', String(size(n.id)));
    c.setAttribute('fill', colorOf(n.type));
    c.dataset.nodeId = n.id;
    c.addEventListener('click', () => onClick(n.id));
    const label = document.createElementNS(NS, 'text');
    label.setAttribute('x', String(px(p.x) + size(n.id) + 3));
    label.setAttribute('y', String(py(p.y) + 4));
    label.textContent = n.name;
    svg.append(c, label);
  }
  container.append(svg);
  container.dataset.renderer = 'svg';
  return { renderer: 'svg', destroy: () => svg.remove() };
}

/** Chip list of the graph's nodes: the accessible way to open a node. */
export function renderNodeChips(container: HTMLElement, nodes: ViewNode[], onClick: (id: string) => void, limit = 30): void {
  container.replaceChildren();
  for (const n of nodes.slice(0, limit)) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'chip';
    b.dataset.nodeId = n.id;
    b.style.borderColor = colorOf(n.type);
    b.textContent = n.name;
    b.addEventListener('click', () => onClick(n.id));
    container.append(b);
  }
  if (nodes.length > limit) {
    const more = document.createElement('span');
    more.className = 'hint';
    more.textContent = `+${nodes.length - limit} more in the drawing`;
    container.append(more);
  }
}

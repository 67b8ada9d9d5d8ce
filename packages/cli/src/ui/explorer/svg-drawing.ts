// The explorer's drawing where the browser offers no WebGL (sigma needs it): the same laid-out
// graphology graph as SVG, with the same rules for labels and dimming, and node clicks.
import type Graph from 'graphology';

const NS = 'http://www.w3.org/2000/svg';
const DIM = '#e9ecf1';

export interface SvgFocus {
  seeds: ReadonlySet<string>;
  selected: string | undefined;
  /** Label every neighbour of the selected node when it has at most this many… */
  labelledNeighbours: number;
  /** …in a view of at most this many nodes. */
  labelledView: number;
}

export function drawSvg(container: HTMLElement, graph: Graph, focus: SvgFocus, onNodeClick: (id: string) => void): void {
  container.querySelector('svg.ex-svg')?.remove();
  if (graph.order === 0) return;
  const xs = graph.mapNodes((_, a) => a.x as number);
  const ys = graph.mapNodes((_, a) => a.y as number);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const W = Math.max(320, container.clientWidth || 800);
  const H = Math.max(240, container.clientHeight || 500);
  const pad = 24;
  // keep the aspect ratio, leave room on the right for labels
  const scale = Math.min((W - 2 * pad - 120) / Math.max(1e-9, maxX - minX), (H - 2 * pad) / Math.max(1e-9, maxY - minY));
  const px = (x: number) => pad + (x - minX) * scale;
  const py = (y: number) => H - pad - (y - minY) * scale;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'ex-svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const sel = focus.selected !== undefined && graph.hasNode(focus.selected) ? focus.selected : undefined;
  const near = (id: string) => !sel || id === sel || graph.areNeighbors(id, sel);
  const many = graph.order > focus.labelledView;
  graph.forEachEdge((_id, a, s, t) => {
    const line = document.createElementNS(NS, 'line');
    const [sa, ta] = [graph.getNodeAttributes(s), graph.getNodeAttributes(t)];
    line.setAttribute('x1', String(px(sa.x)));
    line.setAttribute('y1', String(py(sa.y)));
    line.setAttribute('x2', String(px(ta.x)));
    line.setAttribute('y2', String(py(ta.y)));
    const touches = sel !== undefined && (s === sel || t === sel);
    line.setAttribute('stroke', sel && !touches ? DIM : String(a.color));
    const title = document.createElementNS(NS, 'title');
    title.textContent = String(a.label);
    line.append(title);
    svg.append(line);
  });
  graph.forEachNode((id, a) => {
    const pinned = id === sel || focus.seeds.has(id);
    const named = pinned || graph.order <= 40 || (sel !== undefined && near(id) && !many && graph.degree(sel) <= focus.labelledNeighbours);
    const c = document.createElementNS(NS, 'circle');
    c.setAttribute('cx', String(px(a.x)));
    c.setAttribute('cy', String(py(a.y)));
    c.setAttribute('r', String(Math.max(4, a.size as number)));
    c.setAttribute('fill', near(id) ? String(a.color) : DIM);
    if (id === sel) c.setAttribute('class', 'selected');
    c.dataset.nodeId = id;
    c.addEventListener('click', () => onNodeClick(id));
    const title = document.createElementNS(NS, 'title');
    title.textContent = String(a.label);
    c.append(title);
    svg.append(c);
    if (named) {
      const label = document.createElementNS(NS, 'text');
      label.setAttribute('x', String(px(a.x) + Math.max(4, a.size as number) + 3));
      label.setAttribute('y', String(py(a.y) + 4));
      if (pinned) label.setAttribute('class', 'pinned');
      label.textContent = String(a.label);
      svg.append(label);
    }
  });
  container.append(svg);
}

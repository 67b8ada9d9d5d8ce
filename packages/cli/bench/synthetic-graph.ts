// The layout benches' graphs (bench/layout.ts, bench/layout-page.ts): seeded synthetic
// knowledge-graph shapes, preferential attachment, ~1.5 edges per node, node sizes as the
// explorer gives them.
import Graph from 'graphology';
import { mulberry32 } from '@rag/graph-store';

export function syntheticGraph(n: number, seed: number): Graph {
  const random = mulberry32(seed);
  const g = new Graph({ multi: true, type: 'directed' });
  const ends: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `n${i}`;
    g.addNode(id);
    if (i === 0) continue;
    const links = random() < 0.5 ? 1 : 2;
    for (let k = 0; k < links; k++) {
      // preferential attachment: pick an endpoint of an existing edge (or any node)
      const other = ends.length && random() < 0.7 ? ends[Math.floor(random() * ends.length)]! : `n${Math.floor(random() * i)}`;
      if (other === id) continue;
      g.addEdge(id, other);
      ends.push(id, other);
    }
  }
  g.forEachNode((id) => g.setNodeAttribute(id, 'size', 4 + Math.min(14, 2 * Math.sqrt(g.degree(id)))));
  return g;
}

// The evidence graph's layout before ForceAtlas2 (src/ui/graph-view.ts until the explorer
// landed), kept here only as the bench's "previous" baseline: a circular start, then 300 rounds
// of all-pairs repulsion and edge springs, O(n²) per round.
export function springLayout(ids: string[], edges: { source: string; target: string }[]): Map<string, { x: number; y: number }> {
  const pos = new Map<string, { x: number; y: number }>();
  ids.forEach((id, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, ids.length);
    pos.set(id, { x: Math.cos(a), y: Math.sin(a) });
  });
  for (let round = 0; round < 300; round++) {
    const force = new Map(ids.map((id) => [id, { x: 0, y: 0 }]));
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const a = pos.get(ids[i]!)!;
        const b = pos.get(ids[j]!)!;
        const dx = a.x - b.x;
        const dy = a.y - b.y;
        const d2 = Math.max(dx * dx + dy * dy, 0.01);
        const f = 0.02 / d2;
        force.get(ids[i]!)!.x += dx * f;
        force.get(ids[i]!)!.y += dy * f;
        force.get(ids[j]!)!.x -= dx * f;
        force.get(ids[j]!)!.y -= dy * f;
      }
    for (const e of edges) {
      const a = pos.get(e.source);
      const b = pos.get(e.target);
      if (!a || !b) continue;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      force.get(e.source)!.x += dx * 0.05;
      force.get(e.source)!.y += dy * 0.05;
      force.get(e.target)!.x -= dx * 0.05;
      force.get(e.target)!.y -= dy * 0.05;
    }
    const step = 1 - round / 300;
    for (const id of ids) {
      const p = pos.get(id)!;
      const f = force.get(id)!;
      p.x += Math.max(-0.1, Math.min(0.1, f.x)) * step - p.x * 0.01;
      p.y += Math.max(-0.1, Math.min(0.1, f.y)) * step - p.y * 0.01;
    }
  }
  return pos;
}

// Small hand-written SVG charts for the Markdown report, inlined as <svg> elements (HTML
// inside Markdown). Deterministic: the same report gives byte-identical SVG.

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
/** A2RAG Fig. 4 order first; any other stage names follow alphabetically. */
const STAGE_ORDER = ['local', 'bridge', 'ppr', 'failed'];

export function orderStages(stages: Iterable<string>): string[] {
  const all = [...new Set(stages)];
  const known = STAGE_ORDER.filter((s) => all.includes(s));
  return [...known, ...all.filter((s) => !STAGE_ORDER.includes(s)).sort()];
}

/** Horizontal 100%-stacked bars: one row per method, one segment per stage. */
export function stageBarsSvg(rows: { label: string; stages: Record<string, number> }[]): string {
  const stages = orderStages(rows.flatMap((r) => Object.keys(r.stages)));
  const labelW = 140;
  const barW = 400;
  const rowH = 26;
  const legendH = 24;
  const height = legendH + rows.length * rowH + 8;
  const width = labelW + barW + 20;
  const parts: string[] = [];
  stages.forEach((s, i) => {
    const x = labelW + i * 100;
    parts.push(`<rect x="${x}" y="4" width="12" height="12" fill="${color(i)}"/>`);
    parts.push(`<text x="${x + 16}" y="14" font-size="11">${esc(s)}</text>`);
  });
  rows.forEach((row, r) => {
    const y = legendH + r * rowH;
    parts.push(`<text x="${labelW - 6}" y="${y + 15}" font-size="12" text-anchor="end">${esc(row.label)}</text>`);
    let x = labelW;
    stages.forEach((s, i) => {
      const f = row.stages[s] ?? 0;
      if (f <= 0) return;
      const w = f * barW;
      parts.push(`<rect x="${fmt(x)}" y="${y + 2}" width="${fmt(w)}" height="18" fill="${color(i)}"><title>${esc(s)} ${pct(f)}</title></rect>`);
      if (w > 30) parts.push(`<text x="${fmt(x + w / 2)}" y="${y + 15}" font-size="10" text-anchor="middle" fill="#fff">${pct(f)}</text>`);
      x += w;
    });
  });
  return svg(width, height, parts);
}

/** Lines of a value (0..1) over x levels, one series per method; a missing x is a gap. */
export function linesSvg(input: { xLabel: string; yLabel: string; xs: number[]; series: { label: string; values: (number | null)[]; dashed?: boolean }[] }): string {
  const left = 44;
  const top = 10;
  const plotW = 360;
  const plotH = 200;
  const legendW = 170;
  const width = left + plotW + legendW;
  const height = top + plotH + 40;
  const xMin = Math.min(...input.xs);
  const xMax = Math.max(...input.xs);
  const sx = (x: number) => left + (xMax === xMin ? plotW / 2 : ((x - xMin) / (xMax - xMin)) * plotW);
  const sy = (y: number) => top + plotH - y * plotH;
  const parts: string[] = [];
  for (let t = 0; t <= 4; t++) {
    const y = sy(t / 4);
    parts.push(`<line x1="${left}" y1="${fmt(y)}" x2="${left + plotW}" y2="${fmt(y)}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 4}" y="${fmt(y + 4)}" font-size="10" text-anchor="end">${t * 25}</text>`);
  }
  for (const x of input.xs) parts.push(`<text x="${fmt(sx(x))}" y="${top + plotH + 14}" font-size="10" text-anchor="middle">${x}</text>`);
  parts.push(`<text x="${left + plotW / 2}" y="${top + plotH + 32}" font-size="11" text-anchor="middle">${esc(input.xLabel)}</text>`);
  parts.push(`<text x="12" y="${top + plotH / 2}" font-size="11" text-anchor="middle" transform="rotate(-90 12 ${top + plotH / 2})">${esc(input.yLabel)}</text>`);
  input.series.forEach((s, i) => {
    const pts = s.values
      .map((v, j) => (v === null ? null : `${fmt(sx(input.xs[j]!))},${fmt(sy(v))}`))
      .filter((p): p is string => p !== null);
    const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
    parts.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${color(i)}" stroke-width="2"${dash}/>`);
    for (const p of pts) {
      const [x, y] = p.split(',');
      parts.push(`<circle cx="${x}" cy="${y}" r="3" fill="${color(i)}"/>`);
    }
    const ly = top + 12 + i * 16;
    parts.push(`<line x1="${left + plotW + 12}" y1="${ly - 4}" x2="${left + plotW + 30}" y2="${ly - 4}" stroke="${color(i)}" stroke-width="2"${dash}/>`);
    parts.push(`<text x="${left + plotW + 34}" y="${ly}" font-size="11">${esc(s.label)}</text>`);
  });
  return svg(width, height, parts);
}

function svg(width: number, height: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">${parts.join('')}</svg>`;
}

function color(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

function pct(f: number): string {
  return `${Math.round(f * 100)}%`;
}

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

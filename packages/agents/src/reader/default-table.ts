// Markdown tables with a Default column ("| option | default | description |"): each data row
// gives its default cell, with the row's own text (what the row is about) and the cell's offsets
// into the chunk text, so the reader can match a row to the question and cite it.
export interface DefaultCell {
  /** The cell's value, code marks and string quotes removed. */
  value: string;
  /** The whole row, for matching the question's terms. */
  row: string;
  /** The row's other cells, as written (code marks kept): where a value a boolean default switches on is stated. */
  others: string[];
  /** Offsets of the row in the text. */
  start: number;
  end: number;
}

const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cells(line: string): string[] {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
}

function clean(cell: string): string {
  return cell.replace(/^`(.*)`$/, '$1').replace(/^(['"])(.*)\1$/, '$2').trim();
}

/** An empty default cell ("", "-", "—"). */
export const isEmptyCell = (value: string): boolean => !value || value === '-' || value === '—';

/**
 * The default cells of every table in `text` whose header has a column named "default"; rows
 * whose default cell is empty are left out unless `withEmpty` (their value is then "").
 */
export function defaultCells(text: string, withEmpty = false): DefaultCell[] {
  const lines: { line: string; start: number }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    lines.push({ line, start: at });
    at += line.length + 1;
  }
  const out: DefaultCell[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.line.includes('|') || !SEPARATOR.test(lines[i + 1]!.line)) continue;
    const column = cells(lines[i]!.line).findIndex((h) => /^\**default(?:\s+value)?\**$/i.test(h.replace(/`/g, '')));
    if (column < 0) continue;
    for (let j = i + 2; j < lines.length && lines[j]!.line.includes('|'); j++) {
      const { line, start } = lines[j]!;
      const row = cells(line);
      const value = clean(row[column] ?? '');
      const others = row.filter((c, k) => k !== column && c !== '');
      if (!isEmptyCell(value)) out.push({ value, row: line, others, start, end: start + line.length });
      else if (withEmpty) out.push({ value: '', row: line, others, start, end: start + line.length });
    }
  }
  return out;
}

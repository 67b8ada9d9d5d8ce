// Plain-text rendering of an AskResult for the terminal (pnpm demo, rag ask).
import type { AskResult } from '../types.js';

const wrap = (text: string, width: number, indent: string) => {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + w.length > width) {
      out.push(indent + line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(indent + line);
  return out.join('\n');
};

export function formatCost(r: AskResult): string {
  const c = r.cost;
  return `${c.llmCalls} LLM calls, ${c.tokensIn + c.tokensOut} tokens, ${c.embeddingCalls} embedding calls, ${c.wallMs.toFixed(0)} ms`;
}

/** "relevance pass 0.82 · grounding pass 1.00 · adequacy fail 0.40", or "—" when the method does not verify. */
export function formatVerdicts(r: Pick<AskResult, 'verdicts'>): string {
  if (r.verdicts.length === 0) return '—';
  return r.verdicts.map((v) => `${v.check} ${v.outcome} ${v.score.toFixed(2)}`).join(' · ');
}

export function formatAskResult(r: AskResult, options: { gold?: string[]; width?: number } = {}): string {
  const width = options.width ?? 88;
  const lines: string[] = [];
  if (r.status === 'abstained') {
    lines.push(r.verification ? `  Abstained — ${r.verification.reason}` : '  Abstained (no reason given by the method)');
  } else if (r.answer !== null) {
    // A passage answer (form 'sentence') says so before the text: it is evidence to read, not an exact answer.
    if (r.form === 'sentence') lines.push(`  Passage answer (${r.status}; no exact answer found, the best supporting sentence):`, wrap(`“${r.answer}”`, width - 4, '    '));
    else lines.push(`  Answer (${r.status}): ${r.answer}`);
    if (r.verification) lines.push(`  Verification: ${r.verification.status.toUpperCase()} — ${r.verification.reason}`);
  } else {
    lines.push(`  Evidence (method "${r.method}" ranks passages; it does not write an answer)`);
  }
  if (options.gold) lines.push(`  Gold answer: ${options.gold.join(' | ')}`);
  lines.push('  Citations:');
  if (r.citations.length === 0) lines.push('    (none)');
  for (const c of r.citations) {
    lines.push(`    [${c.n}] ${c.title}  (${c.chunkId}, chars ${c.start}–${c.end})`);
    lines.push(wrap(`“${c.quote}”`, width - 8, '        '));
  }
  lines.push(`  Stage: ${r.stage ?? '—'}   Retries: ${r.retries}`);
  lines.push(`  Verdicts: ${formatVerdicts(r)}`);
  lines.push(`  Cost: ${formatCost(r)}`);
  return lines.join('\n');
}

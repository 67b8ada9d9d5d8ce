// A deterministic scale corpus for benchmarks (exported from @rag/core/simulate): the shared dev corpora (HotpotQA + MuSiQue passages), replicated
// with systematically renamed entities. Replica r > 0 rewrites every capitalised word with a
// fixed letter mapping of its own, so names stay consistent across passages (the graph keeps its
// shape) while no replica's entities collide with another's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocInput } from '../contracts/doc.js';

const CONSONANTS = 'bcdfghjklmnpqrstvwxz';
const VOWELS = 'aeiou';

function renameWord(word: string, r: number): string {
  let out = '';
  for (const ch of word) {
    const lower = ch.toLowerCase();
    const upper = ch !== lower;
    let c = lower;
    const ci = CONSONANTS.indexOf(lower);
    const vi = VOWELS.indexOf(lower);
    if (ci >= 0) c = CONSONANTS[(ci + 7 * r) % CONSONANTS.length]!;
    else if (vi >= 0) c = VOWELS[(vi + r) % VOWELS.length]!;
    out += upper ? c.toUpperCase() : c;
  }
  return out;
}

const rename = (text: string, r: number) => (r === 0 ? text : text.replace(/\b[A-Z][\p{L}]+/gu, (w) => renameWord(w, r)));

export function loadDevPassages(datasetsDir: string): DocInput[] {
  const out: DocInput[] = [];
  for (const ds of ['hotpotqa-train100', 'musique-train100']) {
    for (const line of readFileSync(join(datasetsDir, ds, 'corpus.jsonl'), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const d = JSON.parse(line) as { id: string; title?: string; text: string };
      out.push({ id: d.id, ...(d.title ? { title: d.title } : {}), text: d.text });
    }
  }
  return out;
}

/** `n` passages: the dev passages, then renamed replicas of them, in order. */
export function scaleCorpus(base: readonly DocInput[], n: number): DocInput[] {
  const out: DocInput[] = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / base.length);
    const d = base[i % base.length]!;
    out.push({ id: r === 0 ? d.id : `${d.id}~r${r}`, ...(d.title ? { title: rename(d.title, r) } : {}), text: rename(d.text, r) });
  }
  return out;
}

// A deterministic scale corpus for benchmarks (exported from @rag/core/simulate): the shared dev corpora (HotpotQA + MuSiQue passages), replicated
// with systematically renamed entities. Replica r > 0 rewrites every capitalised word with a
// fixed mapping of its own, so names stay consistent across passages (the graph keeps its shape)
// while no replica's entities collide with another's. The mapping has two parts: a letter
// rotation chosen by r mod 20 (consonants shift by 7 places per step, vowels by one; the 20
// rotations are distinct and rotation 0 is the identity), and from replica 20 on a suffix that
// spells ⌊r / 20⌋ in base 100, one consonant–vowel syllable per digit ("Arthur" in replica 40
// becomes its rotation 0 plus "bi"). Replicas 1–19 are renamed exactly as before the suffix
// existed, so stores of up to 57,680 passages (20 copies of the 2,884 dev passages) are unchanged;
// beyond that names keep coming, at any size, instead of repeating the dev corpora's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DocInput } from '../contracts/doc.js';

const CONSONANTS = 'bcdfghjklmnpqrstvwxz';
const VOWELS = 'aeiou';

/** ⌊r / 20⌋ in base 100, a syllable per digit (most significant first); empty below 20. */
export function replicaSuffix(r: number): string {
  let b = Math.floor(r / CONSONANTS.length);
  let out = '';
  while (b > 0) {
    const d = b % 100;
    out = CONSONANTS[Math.floor(d / VOWELS.length)]! + VOWELS[d % VOWELS.length]! + out;
    b = Math.floor(b / 100);
  }
  return out;
}

function renameWord(word: string, r: number, suffix: string): string {
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
  return out + suffix;
}

function rename(text: string, r: number): string {
  if (r === 0) return text;
  const suffix = replicaSuffix(r);
  return text.replace(/\b[A-Z][\p{L}]+/gu, (w) => renameWord(w, r, suffix));
}

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

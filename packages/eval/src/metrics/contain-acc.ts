// Contain-Match accuracy (A-RAG, Section 4.1, after LinearRAG): does the gold answer appear
// within the generated response? We compare SQuAD-normalised strings on token boundaries, so
// "no" is not found inside "not" and "1990" not inside "19901" — stricter than a raw
// substring test, which would reward long answers for accidental character overlaps.
import { normalizeAnswer } from './normalize-answer.js';

export function containAcc(prediction: string, golds: readonly string[]): number {
  const p = ` ${normalizeAnswer(prediction)} `;
  return golds.some((g) => {
    const n = normalizeAnswer(g);
    return n !== '' && p.includes(` ${n} `);
  })
    ? 1
    : 0;
}

// Text matching shared by the oracle cost simulator's parts: normalised containment of answers,
// passages and sentences in the evidence a request shows.

export interface Block {
  id?: string;
  text: string;
}

export function normalizeForMatch(s: string): string {
  return ` ${s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Sentences of a text (split after . ! ? followed by white space). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Whether a normalized evidence text shows (part of) a passage: its opening, or one of its longer sentences. */
export function shows(evidence: string, passage: string): boolean {
  const norm = normalizeForMatch(passage);
  const opening = norm.slice(0, 60);
  if (opening.trim().length >= 10 && evidence.includes(opening.trimEnd() + ' ')) return true;
  return sentencesOf(passage)
    .map(normalizeForMatch)
    .some((s) => s.trim().length >= 30 && evidence.includes(s));
}

// SQuAD v1.1 answer normalisation (Rajpurkar et al., 2016, official evaluate-v1.1.py), the
// one HotpotQA, 2WikiMultiHopQA and MuSiQue scripts reuse: lower-case, drop punctuation,
// drop the articles a/an/the, collapse whitespace.

// string.punctuation in Python: the ASCII punctuation set the official script removes.
const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;
const ARTICLES = /\b(a|an|the)\b/g;

export function normalizeAnswer(text: string): string {
  return text.toLowerCase().replace(PUNCTUATION, '').replace(ARTICLES, ' ').split(/\s+/).filter(Boolean).join(' ');
}

export function answerTokens(text: string): string[] {
  const n = normalizeAnswer(text);
  return n === '' ? [] : n.split(' ');
}

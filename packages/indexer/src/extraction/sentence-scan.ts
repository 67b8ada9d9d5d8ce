// One sentence being read by the typed patterns: its tokens and mentions indexed by start, the
// facts collected so far (`emit` checks both ends against the relation schema), the sentence's
// subject, and the lookups every pattern uses (the mention at / near / left of a token, lists).
import { relationSpec } from '@rag/core';
import { wordClasses } from './english-lexicon.js';
import { COPULA, DETS, GENRE_WORDS, fits, isTyped } from './pattern-words.js';
import { normKey, type Mention, type Token } from './sentence-tokens.js';
import type { SentenceContext, TypedFact } from './typed-patterns.js';

/** The state and lookups of one sentence, shared by every pattern (see createSentenceScan). */
export type SentenceScan = ReturnType<typeof createSentenceScan>;

export function createSentenceScan(ctx: SentenceContext) {
  const { tokens, mentions } = ctx;
  const out: TypedFact[] = [];
  const byStart = new Map<number, Mention>();
  for (const m of mentions) if (!byStart.has(m.t0)) byStart.set(m.t0, m);
  const lower = (k: number) => tokens[k]?.lower ?? '';

  const emit = (head: Mention | undefined, relation: string, tail: Mention | undefined) => {
    if (!head || !tail || head === tail || head.type === 'Nationality') return;
    if (head.name === tail.name && head.type === tail.type) return;
    const spec = relationSpec(relation);
    if (spec) {
      if (!fits(head, spec.head) || !fits(tail, spec.tail)) return;
      // a name nothing could type takes the type its slot requires
      if (head.type === 'Entity' || head.type === 'Nationality') head.type = spec.head[0]!;
      if (tail.type === 'Entity' || (tail.type === 'Nationality' && !spec.tail.includes('Concept'))) tail.type = spec.tail[0]!;
      if (tail.type === 'Nationality') tail.type = 'Concept';
    }
    out.push({ head, relation, tail });
  };
  const concept = (name: string, t0: number, t1: number): Mention => ({ name, type: 'Concept', start: tokens[t0]!.start, end: tokens[t1 - 1]!.end, t0, t1 });
  /** "sci-fi drama series" → "sci-fi drama"; "heavy metal band" → "heavy metal"; "horror films" → "horror films". */
  const genreConcept = (words: Token[]): Mention => {
    let end = words.length;
    if (['series', 'show', 'band', 'group', 'duo', 'music'].includes(words[end - 1]!.lower)) while (end > 1 && !GENRE_WORDS.has(words[end - 1]!.lower)) end--;
    let begin = 0;
    while (begin < end - 1 && !GENRE_WORDS.has(words[begin]!.lower) && !wordClasses(words[begin]!.text).has('adjective')) begin++;
    const kept = words.slice(begin, end);
    return concept(kept.map((w) => w.lower).join(' '), tokens.indexOf(kept[0]!), tokens.indexOf(kept[kept.length - 1]!) + 1);
  };

  /** The mention starting at token k (after one determiner or quote mark). */
  const mentionAt = (k: number): Mention | undefined => {
    let i = k;
    while (i < tokens.length && (DETS.has(lower(i)) || tokens[i]!.text === '"' || tokens[i]!.text === '“' || tokens[i]!.text === '`')) i++;
    return byStart.get(i);
  };
  /** First mention starting within `gap` tokens of k, stopping at clause punctuation. */
  const mentionWithin = (k: number, gap: number, ok: (m: Mention) => boolean = isTyped): Mention | undefined => {
    for (let i = k; i < tokens.length && i <= k + gap; i++) {
      const m = byStart.get(i);
      if (m && ok(m)) return m;
      if (m) i = m.t1 - 1;
      const t = tokens[i]!.text;
      if (t === ';' || t === ':' || t === ')' || (t === ',' && i > k)) return undefined;
    }
    return undefined;
  };
  /** m plus the mentions listed after it: "A, B and C", "A & B". */
  const listFrom = (m: Mention): Mention[] => {
    const list = [m];
    let cur = m;
    for (;;) {
      let k = cur.t1;
      while (k < tokens.length && [',', 'and', '&', '"', '”', "''", 'as', 'well'].includes(lower(k)) && k < cur.t1 + 4) k++;
      if (k === cur.t1) break;
      // "the Timor Sea, the Arafura Sea and the Gulf of Carpentaria"
      if (lower(k) === 'the' && k > cur.t1 && !byStart.has(k)) k++;
      const next = byStart.get(k);
      if (!next || next.type === 'Date') break;
      list.push(next);
      cur = next;
    }
    return list;
  };
  /** Another name of x. When either side is the page, the other becomes a page reference too. */
  const linkAlias = (x: Mention, y: Mention) => {
    if (y.page && !x.page) [x, y] = [y, x];
    const alias: Mention = { ...y, name: y.surface ?? y.name, page: false, type: x.type };
    if (normKey(alias.name) === normKey(x.page ? (x.surface ?? x.name) : x.name) && !(x.page && y.page)) return;
    if (x.page && y.page && normKey(alias.name) === normKey(x.name)) return;
    if (x.page && !y.page) {
      y.page = true;
      y.type = x.type;
    }
    emit(x, 'alias', alias);
  };
  /** Nearest mention left of token k whose type fits, within the sentence. */
  const depth: number[] = [];
  for (let i = 0, d = 0; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') d++;
    depth.push(d);
    if (tokens[i]!.text === ')') d = Math.max(0, d - 1);
  }
  const leftOf = (k: number, types: readonly string[]): Mention | undefined => {
    const framed = frameEnds.get(k) ?? (tokens[k - 1]?.text === ',' ? frameEnds.get(k - 1) : undefined);
    if (framed && (types.includes(framed.type) || framed.type === 'Entity')) return framed;
    for (let i = mentions.length - 1; i >= 0; i--) {
      const m = mentions[i]!;
      if (m.t1 > k || m.type === 'Date' || modifiers.has(m) || m.type === 'Nationality') continue;
      if ((depth[m.t0] ?? 0) > (depth[k] ?? 0)) continue;
      if (types.includes(m.type) || (m.type === 'Entity' && (types.includes('Person') || types.includes('Place')))) return m;
    }
    return undefined;
  };

  // ---- the sentence's subject: a name at its start, else a leading reference to the page
  const first = mentions.find(isTyped);
  const inName = new Uint8Array(tokens.length);
  for (const m of mentions) for (let i = Math.max(0, m.t0); i < m.t1; i++) inName[i] = 1;
  let firstVerb = tokens.findIndex((t, i) => !inName[i] && (COPULA.has(t.lower) || (wordClasses(t.text).has('verb') && !wordClasses(t.text).has('noun') && t.lower !== 'born')));
  if (firstVerb < 0) firstVerb = tokens.length;
  const subject = first && first.t0 < firstVerb && (first.t0 <= 2 || first.page) ? first : ctx.page;

  // filled by the class frames (class-frame.ts): names that qualify a class noun, and where a frame ended
  const modifiers = new Set<Mention>();
  const frameEnds = new Map<number, Mention>();

  const tailList = (from: number, gap: number, ok: (m: Mention) => boolean) => {
    const m = mentionWithin(from, gap, ok);
    return m ? listFrom(m).filter(ok) : [];
  };
  const headAt = (k: number, types: readonly string[]) => leftOf(k, types) ?? subject;
  /** Like headAt, but a name inside a prepositional phrase ("through Louisiana") or ending a place chain or list ("in Leeds, England, owned by") is not the verb's subject. */
  const clauseHead = (k: number, types: readonly string[]) => {
    const m = leftOf(k, types);
    return m && !['in', 'through', 'across', 'from', 'to', 'near', 'at', 'of', 'into', ',', 'and'].includes(lower(m.t0 - 1)) ? m : (subject ?? m);
  };
  return {
    ctx, tokens, mentions, out, byStart, lower, emit, concept, genreConcept, mentionAt, mentionWithin, listFrom, linkAlias, depth, leftOf,
    subject, firstVerb, modifiers, frameEnds, tailList, headAt, clauseHead,
    /** The head of the last passive frame ("directed by X and produced by Y"). */
    lastPassive: undefined as Mention | undefined,
  };
}

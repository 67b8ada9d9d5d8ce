// Copular and appositive class frames: "X is a [Demonym] [date] NP (, NP and NP) [of|from|by|in Y]"
// → occupation / instance_of / nationality / genre / member_of / …, and the place chains they
// open ("a village in Ratnagiri district, Konkan, Maharashtra state, India").
import { classTypeOf } from './class-nouns.js';
import { wordClasses } from './english-lexicon.js';
import { DETS, FOUNDER, GENRE_HEADS, GENRE_WORDS, KIN, NP_STOP, ORDINAL, RECORDING, isCountry, isTyped, place } from './pattern-words.js';
import { placeChain } from './place-chain.js';
import type { SentenceScan } from './sentence-scan.js';
import type { Mention, Token } from './sentence-tokens.js';

/** Reads the class phrase starting at token k0 as the class of subj; returns the token after it (k0 when none). */
export function classFrame(s: SentenceScan, subj: Mention, k0: number, appositive = false): number {
  const { ctx, tokens, byStart, lower, emit, concept, genreConcept, mentionWithin, listFrom, modifiers, frameEnds } = s;
  let k = k0;
  const det = lower(k0);
  while (DETS.has(lower(k)) || ['also', 'currently', 'now', 'one', 'of', 'still', 'once', 'later', 'then', 'formerly', 'both'].includes(lower(k))) k++;
  const nps: { words: Token[]; t0: number; t1: number }[] = [];
  let cur: Token[] = [];
  let curStart = k;
  let demonym: Mention | undefined;
  let date: Mention | undefined;
  let org: Mention | undefined;
  while (k < tokens.length) {
    const m = byStart.get(k);
    if (m) {
      if (m.type === 'Date' && nps.length === 0 && cur.length === 0) date = m;
      else if (m.type === 'Nationality' || wordClasses(m.name).has('demonym')) demonym = m;
      else if (cur.length === 0 && !m.quoted && nps.length === 0) org = m;
      else break;
      modifiers.add(m);
      k = m.t1;
      continue;
    }
    const t = tokens[k]!;
    if ((t.text === ',' || t.lower === 'and') && cur.length > 0) {
      const n = tokens[k + 1];
      const n2 = n && (n.lower === 'and' ? tokens[k + 2] : n);
      if (n2 && n2.word && !n2.cap && !NP_STOP.has(n2.lower) && !DETS.has(n2.lower) && !(wordClasses(n2.text).has('verb') && !wordClasses(n2.text).has('noun')) && !(/(?:ed|ing|ly)$/.test(n2.lower) && !wordClasses(n2.text).has('noun'))) {
        nps.push({ words: cur, t0: curStart, t1: k });
        cur = [];
        k += n.lower === 'and' ? 2 : 1;
        curStart = k;
        continue;
      }
      break;
    }
    // "a major east–west street": a dash joining two lowercase words stays inside the phrase
    if ((t.text === '–' || t.text === '-') && cur.length > 0 && tokens[k + 1]?.word && !tokens[k + 1]!.cap && !byStart.has(k + 1)) {
      k++;
      continue;
    }
    if (!t.word || t.cap || NP_STOP.has(t.lower) || cur.length >= 5) break;
    const c = wordClasses(t.text);
    if (cur.length > 0 && ((c.has('verb') && !c.has('noun') && !c.has('adjective') && !classTypeOf(t.lower)) || (!c.has('noun') && /(?:ed|ing)$/.test(t.lower) && !classTypeOf(t.lower)))) {
      // "a monthly, peer reviewed, scientific journal", "a state funded university", "an
      // American birth control activist": a noun and a participle forming one adjective, with
      // more of the phrase after it, stay in the phrase
      const n = tokens[k + 1];
      const nc = n ? wordClasses(n.text) : undefined;
      if (!(n && (n.text === ',' || (n.word && !n.cap && nc!.has('noun') && !nc!.has('verb') && !nc!.has('adverb') && !NP_STOP.has(n.lower) && !DETS.has(n.lower) && n.lower !== 'and')))) break;
    }
    if (cur.length === 0 && (t.lower === 'and' || c.has('function') || c.has('adverb'))) break;
    if (/^\d/.test(t.text) || ['th', 'st', 'nd', 'rd'].includes(t.lower) || (cur.length === 0 && ORDINAL.test(t.lower))) {
      k++;
      if (cur.length === 0) curStart = k;
      continue;
    }
    if (cur.length === 0) curStart = k;
    cur.push(t);
    k++;
  }
  if (cur.length > 0) nps.push({ words: cur, t0: curStart, t1: k });
  // "a census-designated place (CDP) in …": a parenthesis after the class is passed over
  if (tokens[k]?.text === '(' && nps.length > 0) {
    let e = k + 1;
    while (e < tokens.length && e < k + 8 && tokens[e]!.text !== ')' && tokens[e]!.text !== '(') e++;
    if (tokens[e]?.text === ')') k = e + 1;
  }
  const nounHead = (np: { words: Token[] }) => {
    const h = np.words[np.words.length - 1]!;
    const c = wordClasses(h.text);
    return classTypeOf(h.lower) !== undefined || c.has('noun') || (c.size === 0 && !/(?:ed|ing|ly)$/.test(h.lower));
  };
  while (nps.length > 0 && !nounHead(nps[nps.length - 1]!)) nps.pop();
  // "a rounded, ice-worn mountain", "a monthly, scientific journal": adjectives listed with
  // commas qualify the next phrase's noun, they are not classes of their own
  for (let i = 0; i + 1 < nps.length; ) {
    const a = nps[i]!;
    const h = a.words[a.words.length - 1]!;
    const c = wordClasses(h.text);
    if (((a.words.length === 1 && (c.has('adjective') || /(?:ed|al|ic|ly)$/.test(h.lower))) || /(?:ed|ing)$/.test(h.lower)) && !c.has('noun') && classTypeOf(h.lower) === undefined) {
      const b = nps[i + 1]!;
      nps.splice(i, 2, { words: [...a.words, ...b.words], t0: a.t0, t1: b.t1 });
    } else i++;
  }
  if (tokens[k]?.text === "'s" || tokens[k]?.text === '’s') return k0;
  if (nps.length === 0) return k0;
  // "a species of venomous lizard", "a piece of orchestral music": the class is after "of"
  if (nps.length === 1 && ['species', 'genus', 'type', 'kind', 'form', 'piece', 'variety', 'breed', 'style', 'class', 'subspecies'].includes(nps[0]!.words.at(-1)!.lower) && lower(k) === 'of' && !byStart.has(k + 1)) {
    const inner = classFrame(s, subj, k + 1, appositive);
    if (inner > k + 1) return inner;
  }
  const headType = classTypeOf(nps[0]!.words[nps[0]!.words.length - 1]!.lower);
  // an appositive or "the NP" names a class only when its head noun is a known class
  if ((appositive || det === 'the') && !headType) return k0;
  if (appositive && !['', ',', '.', ')', ';', 'of', 'in', 'from', 'based', 'for', 'who', 'which', 'that', 'with', 'by', 'at', 'and'].includes(lower(k))) return k0;
  frameEnds.set(k, subj);
  if (tokens[k]?.text === ',') frameEnds.set(k + 1, subj);
  // the defining sentence types its subject ("Salt Gap is an unincorporated community")
  if (headType && (subj.type === 'Entity' || subj.page)) subj.type = headType;
  // "the lead singer of the German synthpop group Alphaville", "the capital of Y"
  const after = lower(k);
  for (const np of nps) {
    const head = np.words[np.words.length - 1]!.lower;
    const cls = classTypeOf(head);
    let phrase = np.words.map((w) => w.lower).join(' ');
    const personal = cls === 'Person' && !KIN.has(head) && (subj.type === 'Person' || subj.type === 'Entity');
    if (personal && after === 'of' && np === nps[nps.length - 1]) {
      const y = mentionWithin(k + 1, 6, (m) => isTyped(m) && m.type !== 'Nationality' && !wordClasses(m.name).has('demonym'));
      if (y && y.type === 'Place') {
        const span = ctx.text.slice(tokens[np.t0]!.start - ctx.start, y.end - ctx.start);
        emit(subj, 'occupation', { ...concept(span, np.t0, y.t1), name: span });
        continue;
      }
    }
    // class nodes keep the passage's qualifiers ("american actor", "1995 american science
    // fiction film" → "american science fiction film") so they stay specific: a bare "actor"
    // node would join hundreds of passages and become a hub for graph traversal
    if (demonym && np === nps[0]) phrase = `${demonym.name.toLowerCase()} ${phrase}`;
    if (personal) emit(subj, 'occupation', concept(phrase, np.t0, np.t1));
    else if (cls !== 'Person' && !KIN.has(head) && !((head === 'capital' || cls === 'Place') && after === 'of' && det === 'the') && !['part', 'member', 'branch', 'son', 'daughter', 'one'].includes(head)) emit(subj, 'instance_of', concept(phrase, np.t0, np.t1));
    if (subj.type !== 'Person' && np.words.length > 1 && GENRE_HEADS.has(head) && np.words.slice(0, -1).some((w) => GENRE_WORDS.has(w.lower)))
      emit(subj, 'genre', genreConcept(np.words));
  }
  if (demonym) emit(subj, 'nationality', { ...demonym });
  // "a Union Army soldier", "a CBS News correspondent": the organisation the person serves
  if (org && org.type === 'Organization' && subj.type === 'Person' && classTypeOf(nps[0]!.words.at(-1)!.lower) === 'Person' && !KIN.has(nps[0]!.words.at(-1)!.lower)) emit(subj, 'member_of', org);
  if (date && subj.type === 'Work') emit(subj, 'released_on', date);
  if (org && org.type === 'Organization' && subj.type === 'Work') emit(subj, 'publisher', org);
  const lastHead = nps[nps.length - 1]!.words.at(-1)!.lower;
  if (after === 'of') {
    const y = mentionWithin(k + 1, 6, (m) => isTyped(m) && m.type !== 'Nationality' && !wordClasses(m.name).has('demonym'));
    if (y) {
      if (FOUNDER.has(lastHead) && (y.type === 'Organization' || y.type === 'Entity')) emit(y, 'founded_by', subj);
      // "the seventh studio album of Filipino rap artist Francis Magalona"
      else if (RECORDING.has(lastHead) && subj.type === 'Work' && (y.type === 'Person' || y.type === 'Organization')) emit(subj, 'performer', y);
      // "the capital of Y", "the county seat of Y County" (the seat of a county's government)
      else if (lastHead === 'capital' || (lastHead === 'seat' && nps[nps.length - 1]!.words.some((x) => x.lower === 'county'))) emit(subj, 'capital_of', y);
      else if (['part', 'branch', 'division', 'subsidiary', 'section', 'tributary'].includes(lastHead)) emit(subj, 'part_of', y);
      else if (lastHead === 'member') emit(subj, 'member_of', y);
      else if (lastHead === 'son' || lastHead === 'daughter') emit(subj, 'parent', y);
      else if (classTypeOf(lastHead) === 'Person' && y.type === 'Organization') emit(subj, 'member_of', y);
      // "a civil township of Arenac County in the U.S. state of Michigan", "a river of Hesse"
      else if (subj.type === 'Place' && classTypeOf(lastHead) === 'Place' && det !== 'the' && !['tributary', 'watershed', 'continent'].includes(lastHead) && place(y) && !y.quoted) placeChain(s, subj, y);
    }
  } else if (after === 'from' && classTypeOf(lastHead) === 'Person' && !KIN.has(lastHead) && subj.type === 'Person') {
    // "a sailor from the Netherlands" → nationality; "a Mexican politician from the Institutional
    // Revolutionary Party" → member_of
    const y = mentionWithin(k + 1, 3, isTyped);
    if (y && (y.type === 'Place' || y.type === 'Entity' || y.type === 'Nationality') && isCountry(y) && !(tokens[y.t1]?.text === ',' && byStart.has(y.t1 + 1))) emit(subj, 'nationality', Object.assign(y, { type: 'Place' }));
    else if (y && y.type === 'Organization' && /\b(?:Party|Movement|Alliance|Front|League)\b/.test(y.name)) emit(subj, 'member_of', y);
  } else if ((after === 'for' || after === 'at' || after === 'with') && classTypeOf(lastHead) === 'Person') {
    const y = mentionWithin(k + 1, 7);
    if (y && y.type === 'Organization') emit(subj, 'member_of', y);
  } else if (after === 'by') {
    // "an opera by the American conductor and composer Lorin Maazel"
    const y = mentionWithin(k + 1, 8, (m) => isTyped(m) && m.type !== 'Nationality');
    if (y) {
      const rel = RECORDING.has(lastHead) ? 'performer' : ['film', 'movie'].includes(lastHead) ? 'director' : classTypeOf(lastHead) === 'Work' ? 'author' : undefined;
      if (rel) for (const y2 of listFrom(y)) emit(subj, rel, y2);
    }
  } else if (((after === 'in' || after === 'within') && subj.type !== 'Person' && subj.type !== 'Work') || ((after === 'on' || after === 'at') && subj.type === 'Place' && headType === 'Place')) {
    const y = mentionWithin(k + 1, 6, (m) => m.type === 'Place' || m.type === 'Entity');
    // "a church building at 58 S. Main Street": a street address is not a place the subject lies in
    const address = after === 'at' && tokens.slice(k + 1, y?.t0 ?? k + 1).some((t) => /^\d/.test(t.text));
    if (y && !address) placeChain(s, subj, y);
  }
  return k;
}

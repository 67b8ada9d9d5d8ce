// Frames around names and class nouns: the subject's copular frame, appositives, a class noun
// introducing a name ("bassist Jung Seok-won", "the band Metallica") and "the city of X".
import { classTypeOf } from './class-nouns.js';
import { wordClasses } from './english-lexicon.js';
import { classFrame } from './class-frame.js';
import { BECOME, COPULA, DETS, GENRE_HEADS, GENRE_WORDS, KIN, NOT_A_CLASS, NP_STOP, isTyped } from './pattern-words.js';
import type { SentenceScan } from './sentence-scan.js';
import type { Token } from './sentence-tokens.js';

/** "X (born …), better known as Y, is a NP …": the class frame of the sentence's subject. */
export function subjectClassFrame(s: SentenceScan): void {
  const { tokens, byStart, lower, subject } = s;
  if (!subject) return;
  // "X (born …), better known as Y, is …": skip parentheses and one appositive block
  let k = subject.page && subject.t0 < 0 ? 0 : subject.t1;
  for (let guard = 0; guard < 6 && k < tokens.length; guard++) {
    if (['"', '”', "'", '’'].includes(tokens[k]!.text)) k++;
    // "Ho Chi Minh Road or Ho Chi Minh Highway () is a highway …": a second name of the subject
    else if (lower(k) === 'or' && byStart.get(k + 1) && isTyped(byStart.get(k + 1)!) && k === subject.t1) k = byStart.get(k + 1)!.t1;
    else if (tokens[k]!.text === ',' && COPULA.has(lower(k + 1))) k++;
    else if (tokens[k]!.text === '(') {
      let depth = 0;
      while (k < tokens.length) {
        if (tokens[k]!.text === '(') depth++;
        if (tokens[k]!.text === ')' && --depth === 0) break;
        k++;
      }
      k++;
    } else if (tokens[k]!.text === ',') {
      let e = k + 1;
      while (e < tokens.length && e < k + 25 && tokens[e]!.text !== ',') e++;
      if (tokens[e]?.text === ',' && COPULA.has(lower(e + 1))) k = e + 1;
      else break;
    } else break;
  }
  // "X became the capital of Y", "X remains a member of Y": a copula of state change or duration
  if ((COPULA.has(lower(k)) || BECOME.has(lower(k))) && (DETS.has(lower(k + 1)) || ['also', 'one', 'currently', 'now'].includes(lower(k + 1)))) classFrame(s, subject, k + 1);
}

/** Appositive "X, a NP," / "X, the NP of Y,". */
export function appositiveFrames(s: SentenceScan): void {
  const { tokens, mentions, byStart, lower, subject, frameEnds } = s;
  for (const m of mentions) {
    if (!isTyped(m) || frameEnds.size > 0 && m === subject) continue;
    const prev = lower(m.t0 - 1);
    if (['in', 'of', 'at', 'from', 'by', 'to', 'on', 'with', 'for', 'into', 'near'].includes(prev)) continue;
    const after2 = byStart.get(m.t1 + 2);
    if (tokens[m.t1]?.text === ',' && DETS.has(lower(m.t1 + 1)) && (!after2 || after2.type === 'Nationality' || after2.type === 'Date' || wordClasses(after2.name).has('demonym'))) classFrame(s, m, m.t1 + 1, true);
  }
}

/** A class noun introducing a name: "bassist Jung Seok-won", "the band Metallica". */
export function classNounFrames(s: SentenceScan): void {
  const { tokens, mentions, byStart, lower, emit, concept, genreConcept, listFrom } = s;
  for (const m of mentions) {
    if (!isTyped(m) || m.t0 === 0) continue;
    const words: Token[] = [];
    let k = m.t0 - 1;
    if (tokens[k]?.text === '"' || tokens[k]?.text === '“' || tokens[k]?.text === '`') k--;
    while (k >= 0 && words.length < 6) {
      const t = tokens[k]!;
      const c = wordClasses(t.text);
      const nounish = c.has('noun') || c.has('adjective') || GENRE_WORDS.has(t.lower) || classTypeOf(t.lower) !== undefined || t.lower.includes('-');
      if (t.word && !t.cap && !DETS.has(t.lower) && !NP_STOP.has(t.lower) && nounish && !(c.has('verb') && !c.has('noun') && !c.has('adjective'))) words.unshift(t);
      else if (t.lower === 'and' && words.length > 0) words.unshift(t);
      else if (t.text === '-' && words.length > 0) words.unshift(t);
      else break;
      k--;
    }
    while (words[0] && (words[0].lower === 'and' || words[0].text === '-')) words.shift();
    if (words.length === 0) continue;
    const head = words[words.length - 1]!.lower;
    const cls = classTypeOf(head);
    if (!cls || cls === 'Concept' || cls === 'Event' || KIN.has(head)) continue;
    const before = byStart.get(k) ?? mentions.find((x) => x.t1 === k + 1);
    if (m.type === 'Entity' || m.type === 'Nationality' || (cls === 'Organization' && m.type !== 'Place') || (cls === 'Work' && m.quoted)) m.type = cls;
    if (m.type !== cls) continue;
    if (cls === 'Person') {
      // "vocalist and guitarist Jung Joon-young" → two occupations
      const phrases: Token[][] = [[]];
      for (const w of words) {
        if (w.lower === 'and') phrases.push([]);
        else phrases[phrases.length - 1]!.push(w);
      }
      for (const p of phrases) {
        if (p.length === 0 || classTypeOf(p[p.length - 1]!.lower) !== 'Person') continue;
        const i0 = tokens.indexOf(p[0]!);
        const i1 = tokens.indexOf(p[p.length - 1]!) + 1;
        emit(m, 'occupation', concept(p.map((w) => w.lower).join(' '), i0, i1));
      }
    }
    if (before && (before.type === 'Nationality' || wordClasses(before.name).has('demonym')) && (cls === 'Person' || cls === 'Organization')) emit(m, 'nationality', { ...before });
    const mods = words.filter((w) => w.lower !== 'and' && w.text !== '-');
    if (mods.length > 1 && GENRE_HEADS.has(head) && mods.slice(0, -1).some((w) => GENRE_WORDS.has(w.lower))) for (const w2 of listFrom(m)) if (w2.type === m.type) emit(w2, 'genre', genreConcept(mods));
    // "Rob Zombie's horror films "House of 1000 Corpses" and "The Devil's Rejects""
    if (cls === 'Work' && ['film', 'films', 'movie', 'movies'].includes(head) && tokens[k]?.text === "'s") {
      const owner = mentions.find((x) => x.t1 === k);
      if (owner && (owner.type === 'Person' || owner.type === 'Entity')) for (const w2 of listFrom(m)) if (w2.type === 'Work') emit(w2, 'director', owner);
    }
    // "the Canadian television series "Due South"", "Guitar World magazine" reads the other way
    if (cls === 'Work' && !mods.some((w) => GENRE_WORDS.has(w.lower)) && ['series', 'magazine', 'newspaper', 'journal', 'novel', 'album', 'song', 'single', 'film', 'book', 'play', 'opera', 'game'].includes(head))
      emit(m, 'instance_of', concept(mods.map((w) => w.lower).join(' '), tokens.indexOf(mods[0]!), tokens.indexOf(mods[mods.length - 1]!) + 1));
    // "the band Metallica", "the American airline Skybus", "the river Iijoki": the class of an
    // organisation or place named after its class noun (qualified by the demonym before it, as
    // the copular frame does, so the class node stays specific)
    // Only a singular class after an article, a possessive, a preposition or a demonym: a
    // plural ("the bands A, B") introduces a list and a bare label ("Host country Japan") is a
    // table cell, not a sentence.
    const demonymBefore = before !== undefined && (before.type === 'Nationality' || wordClasses(before.name).has('demonym'));
    const opener = DETS.has(lower(k)) || ["'s", '’s', 'by', 'of', 'with', 'for', 'from', 'to', 'on', 'at'].includes(lower(k)) || demonymBefore;
    const plural = head.endsWith('s') && classTypeOf(head.slice(0, -1)) !== undefined;
    if ((cls === 'Organization' || cls === 'Place') && !m.quoted && opener && !plural && !NOT_A_CLASS.has(head) && !mods.some((w) => w.lower === 'own')) {
      const demonym = demonymBefore ? `${before.name.toLowerCase()} ` : '';
      emit(m, 'instance_of', concept(demonym + mods.map((w) => w.lower).join(' '), tokens.indexOf(mods[0]!), tokens.indexOf(mods[mods.length - 1]!) + 1));
    }
    // "the ABC medical drama "Grey's Anatomy"", "the CBS show "EZ Streets""
    if (cls === 'Work' && before && (before.type === 'Organization' || /^\p{Lu}{2,6}$/u.test(before.name))) emit(m, 'publisher', before);
  }
}

/** The CLASS of X: "the city of Thompson", "the town of The Pas". */
export function classOfFrames(s: SentenceScan): void {
  const { tokens, byStart, lower, emit, concept } = s;
  for (let k = 1; k + 1 < tokens.length; k++) {
    if (lower(k + 1) !== 'of' || !DETS.has(lower(k - 1))) continue;
    const cls = classTypeOf(lower(k));
    if (cls !== 'Place') continue;
    const y = byStart.get(k + 2) ?? (lower(k + 2) === 'the' ? byStart.get(k + 3) : undefined);
    if (!y || y.type === 'Date') continue;
    if (y.type === 'Entity' || y.type === 'Person') y.type = 'Place';
    if (y.type === 'Place' && !['capital', 'state', 'country', 'kingdom', 'republic', 'area', 'region', 'part', 'province'].includes(lower(k))) emit(y, 'instance_of', concept(lower(k), k, k + 1));
  }
}

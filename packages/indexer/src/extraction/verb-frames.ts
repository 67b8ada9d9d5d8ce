// Verb frames: the words that open a relation ("directed by", "founded in 1984", "born 2 April
// 1930 in London", "plays for", "son of", "also known as", …), as a table. At each token that
// can open a frame, the first EXCLUSIVE frame whose test matches reads it and nothing else does;
// when none matches, every CUMULATIVE frame whose test matches reads it.
import { relationSpec } from '@rag/core';
import { classTypeOf } from './class-nouns.js';
import { phraseClasses, wordClasses } from './english-lexicon.js';
import { placeChain } from './place-chain.js';
import { ACTIVE, BECOME, COPULA, CREDIT, DETS, FOUNDER, KIN, MEMBER_QUALIFIERS, PART_FILLER, PART_NOUNS, PART_VERBS, PASSIVE, TRIGGERS, WRITING, agent, aliasTrigger, fits, isAcronymOf, isCountry, isTyped, locRel, named, org, place } from './pattern-words.js';
import type { SentenceScan } from './sentence-scan.js';
import type { Mention } from './sentence-tokens.js';

/** A frame: reads the relation it opens at token k (w = that word, w1 = the next, lower-cased). */
type Frame<R> = (s: SentenceScan, k: number, w: string, w1: string) => R;

/** "directed by", "published monthly by", "jointly owned by". */
function passiveBy(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { mentions, lower, emit, leftOf, subject, headAt, clauseHead, tailList } = s;
  const byAt = w1 === 'by' ? k + 1 : /^[a-z]+ly$/.test(w1) && lower(k + 2) === 'by' ? k + 2 : -1;
  if (!(PASSIVE[w] && byAt > 0)) return false;
  const rel = PASSIVE[w]!;
  const spec = relationSpec(rel)!;
  // "The station is branded as Big West Country and is owned by …": a passive joined to the
  // subject's first predicate by "and" is about the subject
  const coordinated = COPULA.has(lower(k - 1)) && lower(k - 2) === 'and' && subject !== undefined && subject.t1 < k - 2 && fits(subject, spec.head) && !mentions.some((m) => m.t0 > subject.t1 && m.t1 <= k && ['which', 'who', 'that'].includes(lower(m.t1)));
  const headM = coordinated ? subject : rel === 'performer' && w === 'voiced' ? leftOf(k, ['Person', 'Work']) : lower(k - 1) === 'and' && s.lastPassive ? s.lastPassive : rel === 'owned_by' ? clauseHead(k, spec.head) : headAt(k, spec.head);
  s.lastPassive = headM;
  for (const t of tailList(byAt + 1, 3, rel === 'publisher' ? org : agent)) emit(headM, rel, t);
  return true;
}

/** "released by MGM Records in 1950", "released through the band's own label X", "released on July 14, 2009" */
function released(s: SentenceScan, k: number, w: string, _w1: string): boolean {
  const { tokens, byStart, lower, emit, headAt } = s;
  if (!(w === 'released' || w === 'published' || w === 'premiered' || w === 'aired' || w === 'issued')) return false;
  const head = headAt(k, ['Work']);
  for (let j = k + 1; j < Math.min(tokens.length, k + 16); j++) {
    const m = byStart.get(j);
    if (!m) {
      if ([';', '.'].includes(tokens[j]!.text)) break;
      continue;
    }
    // the word before the name, past an article ("by the American Institute of Physics")
    const prep = lower(j - 1) === 'the' ? lower(j - 2) : lower(j - 1);
    if (m.type === 'Date' && head && ['in', 'on', 'by'].includes(lower(j - 1)) && head.type !== 'Person') emit(head, 'released_on', m);
    else if (['by', 'through', 'on', 'via', 'label'].includes(prep) && org(m) && m.type !== 'Date' && head && !m.quoted) emit(head, 'publisher', m);
    else if (lower(j - 1) === 'on' && (m.type === 'Organization' || /^\p{Lu}{2,6}\d?$/u.test(m.name)) && head) emit(head, 'publisher', { ...m, type: 'Organization' });
    j = m.t1 - 1;
  }
  return true;
}

function founded(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { tokens, byStart, lower, emit, listFrom, leftOf, subject, headAt } = s;
  if (!(['founded', 'established', 'formed', 'opened', 'created', 'co-founded', 'incorporated', 'launched', 'started'].includes(w) && w1 !== 'by')) return false;
  const head = headAt(k, ['Organization', 'Event', 'Work']);
  for (let j = k + 1; j < Math.min(tokens.length, k + 12); j++) {
    const m = byStart.get(j);
    if (!m) {
      if ([';', '.', ','].includes(tokens[j]!.text) && j > k + 1 && !byStart.get(j + 1)) break;
      continue;
    }
    if (m.type === 'Date') emit(head, 'founded_in', m);
    else if (lower(j - 1) === 'by') for (const t of listFrom(m).filter(agent)) emit(head, 'founded_by', t);
    else if (lower(j - 1) === 'in' && place(m) && head && head.type === 'Organization') emit(head, 'headquartered_in', m);
    else if (j === k + 1 || (DETS.has(lower(k + 1)) && j <= k + 5)) {
      // active frame: "Jem Marsh founded the Marcos car company"
      const agentM = subject && subject.type === 'Person' && subject.t0 < k ? subject : leftOf(k, ['Person']);
      if (agentM && org(m) && m !== agentM) {
        if (m.type === 'Entity') m.type = 'Organization';
        emit(m, 'founded_by', agentM);
      }
    }
    j = m.t1 - 1;
  }
  return true;
}

function bornDied(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { ctx, tokens, mentions, byStart, lower, emit, leftOf, subject, tailList } = s;
  if (!(w === 'born' || w === 'died' || w === 'd' || w === 'b')) return false;
  if ((w === 'd' || w === 'b') && tokens[k + 1]?.text !== '.') return true;
  // "Born in Liverpool, he moved …": the person is named after the frame
  const person = k === 0 ? (mentions.find((m) => m.page) ?? ctx.page) : subject && (subject.type === 'Person' || subject.type === 'Entity') && subject.t0 <= k ? subject : leftOf(k, ['Person']);
  // "Kim Yong-ju was born to Kim Hyŏng-jik and Kang Pan-sok": the parents
  if (w === 'born' && w1 === 'to') for (const t of tailList(k + 2, 2, (m) => (m.type === 'Person' || m.type === 'Entity') && !wordClasses(m.name.split(' ')[0]!).has('demonym'))) emit(person, 'parent', t);
  const relDate = w === 'born' || w === 'b' ? 'born_on' : 'died_on';
  const relPlace = w === 'born' || w === 'b' ? 'born_in' : 'died_in';
  for (let j = k + 1; j < Math.min(tokens.length, k + 14); j++) {
    const t = tokens[j]!.text;
    // "born on December 5, 1782, in the village of Kinderhook": a comma before "in" goes on
    if (t === ')' || t === ';' || (t === ',' && !byStart.get(j + 1) && lower(j + 1) !== 'in')) break;
    const m = byStart.get(j);
    if (!m) continue;
    if (m.type === 'Date') emit(person, relDate, m);
    else if (place(m) || m.type === 'Organization') {
      emit(person, relPlace, m.type === 'Organization' ? Object.assign(m, { type: 'Place' }) : m);
      // "born in Honolulu, Hawaii": born in each larger place the chain names as well
      for (let c = m; tokens[c.t1]?.text === ','; ) {
        const n = byStart.get(c.t1 + 1);
        if (!n || n.type !== 'Place') break;
        emit(person, relPlace, n);
        c = n;
      }
      break;
    }
    j = m.t1 - 1;
  }
  return true;
}

/** "(30 December 1907 – 7 April 1994)": birth and death dates of the subject; "(24 October 1650, Middelburg – 23 February 1704, Amsterdam)": with the places, each after its date */
function lifeDates(s: SentenceScan, k: number, _w: string, _w1: string): boolean {
  const { tokens, byStart, emit, subject } = s;
  if (!(tokens[k]!.text === '(' && subject && subject.t1 === k && (subject.type === 'Person' || subject.type === 'Entity'))) return false;
  const d1 = byStart.get(k + 1);
  const placeAfter = (d: Mention): Mention | undefined => {
    const m = tokens[d.t1]?.text === ',' ? byStart.get(d.t1 + 1) : undefined;
    return m && (m.type === 'Place' || m.type === 'Entity') ? m : undefined;
  };
  const p1 = d1?.type === 'Date' ? placeAfter(d1) : undefined;
  const dash = p1 ? p1.t1 : d1?.t1;
  if (d1?.type === 'Date' && dash !== undefined && ['–', '-', '—'].includes(tokens[dash]?.text ?? '')) {
    const d2 = byStart.get(dash + 1);
    if (d2?.type === 'Date') {
      emit(subject, 'born_on', d1);
      emit(subject, 'died_on', d2);
      const p2 = placeAfter(d2);
      if (p1) emit(subject, 'born_in', Object.assign(p1, { type: 'Place' }));
      if (p2 && [')', ';', ','].includes(tokens[p2.t1]?.text ?? '')) emit(subject, 'died_in', Object.assign(p2, { type: 'Place' }));
    }
  }
  return true;
}

function locatedIn(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { ctx, tokens, mentions, lower, emit, mentionWithin, headAt } = s;
  if (!((['located', 'situated', 'lies', 'held', 'set'].includes(w) && ['in', 'at', 'on', 'near', 'within'].includes(w1)) || (w === 'based' && (w1 === 'in' || w1 === 'out')))) return false;
  // "Located in Tooele County, it is …", "Situated in Kalupahana in the Badulla District, this
  // waterfall …": a sentence-opening participle describes the main clause's subject
  const comma = k === 0 && w !== 'set' && w !== 'held' ? tokens.findIndex((t) => t.text === ',') : -1;
  const opening = comma > 0 ? (mentions.find((m) => m.t0 > comma && m.t0 <= comma + 3 && isTyped(m)) ?? (DETS.has(lower(comma + 1)) || ['this', 'it', 'the'].includes(lower(comma + 1)) ? ctx.page : undefined)) : undefined;
  // "Situated within the fort is the Basilica …": an opening participle with no subject after
  // a comma is an inverted sentence; its subject is not known here
  if (k === 0 && !opening && w !== 'set' && w !== 'held') return true;
  const head = opening ?? headAt(k, ['Place', 'Organization', 'Event']);
  const y = mentionWithin(w1 === 'out' ? k + 3 : k + 2, 5, place);
  // "an airline based in Stockholm, Sweden": the seat, then the places it lies in
  if (y && head && w === 'based' && head.type === 'Organization') placeChain(s, head, y, 'headquartered_in');
  else if (y && head && w !== 'based' && (head.type === 'Place' || head.type === 'Organization' || head.type === 'Event' || head.type === 'Entity')) placeChain(s, head, y);
  else if (y && head) emit(head, w === 'based' ? 'headquartered_in' : locRel(head, y), y);
  return true;
}

/** "the race took place in Lisbon", "the battle occurred near Verdun" */
function tookPlace(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { lower, emit, mentionWithin, headAt } = s;
  if (!((w === 'place' && ['took', 'takes', 'take', 'taking'].includes(lower(k - 1)) || w === 'occurred') && ['in', 'at', 'near', 'on'].includes(w1))) return false;
  // only a name known to be an event: "eight of which occurred in Alabama" says nothing of "F5"
  const head = headAt(k, ['Event']);
  const y = mentionWithin(k + 2, 5, place);
  const partitive = ['which', 'them', 'these', 'whom'].includes(lower(w === 'place' ? k - 2 : k - 1)) && lower(w === 'place' ? k - 3 : k - 2) === 'of';
  if (y && head && head.type === 'Event' && !partitive) emit(head, locRel(head, y), y);
  return true;
}

/** "the bridge was built in 1891", "completed in 1902": the date a structure came to be */
function builtIn(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { lower, emit, mentionWithin, headAt } = s;
  if (!(['built', 'constructed', 'completed'].includes(w) && ['in', 'on'].includes(w1) && COPULA.has(lower(k - 1)))) return false;
  const d = mentionWithin(k + 2, 2, (m) => m.type === 'Date');
  const head = headAt(k, ['Place', 'Organization', 'Event']);
  if (d && head && head.type !== 'Person' && head.type !== 'Work') emit(head, 'founded_in', d);
  return true;
}

/** "X is part of Y", "X, a tributary of Y,", "X became a subsidiary of Y" */
function partOf(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { mentions, lower, emit, mentionWithin, leftOf, subject } = s;
  if (!(PART_NOUNS.has(w) && w1 === 'of')) return false;
  let b = k - 1;
  while (b >= 0 && PART_FILLER.has(lower(b))) b--;
  const opener = lower(b);
  // "The Pell Creek, a tributary of the Varnis River, is part of …": the subject, not the nearest name
  const head = PART_VERBS.has(opener) ? (subject && subject.t1 <= b && lower(b - 1) === ',' ? subject : (leftOf(b, ['Place', 'Organization', 'Event', 'Work']) ?? subject)) : opener === ',' && b < k - 1 ? mentions.find((m) => m.t1 === b && isTyped(m)) : undefined;
  const y = mentionWithin(k + 2, 4, (m) => named(m) && m.type !== 'Person');
  if (head && y && head.type !== 'Person' && head !== y) emit(head, 'part_of', y);
  return true;
}

/** "Orran County borders Kessel County", "the town is bordered by A and B", "a village bordering Y" */
function borders(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { tokens, byStart, lower, emit, clauseHead, tailList } = s;
  if (!((w === 'borders' || w === 'bordering' || (w === 'bordered' && w1 === 'by')) && w1 !== 'of' && !DETS.has(lower(k - 1)) && !['its', 'their', 'his', 'her', 'our', 'national', 'state', 'city'].includes(lower(k - 1)))) return false;
  const head = clauseHead(k, ['Place']);
  if (head && head.type === 'Place') {
    if (w === 'bordered') {
      // "bordered by Maryland to the north; by the Atlantic Ocean to the east; and by
      // Kentucky and West Virginia to the west", "by the cities and towns of Winthrop,
      // Revere, …": every place named after "by", a comma or "and" up to the sentence's end
      for (let j = k + 2; j < tokens.length && tokens[j]!.text !== '.'; j++) {
        const m = byStart.get(j);
        if (!m) continue;
        const p = lower(j - 1) === 'the' ? lower(j - 2) : lower(j - 1);
        if ((m.type === 'Place' || m.type === 'Entity') && !m.quoted && [',', 'and', 'by', ';', 'of'].includes(p) && m !== head) emit(head, 'borders', m);
        j = m.t1 - 1;
      }
    } else for (const t of tailList(k + 1, 3, place)) emit(head, 'borders', t);
  }
  return true;
}

/** "the Varn flows into the Orran", "it empties into Lake Tisk": a river's mouth */
function flowsInto(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { emit, mentionWithin, clauseHead } = s;
  if (!(['flows', 'flowed', 'flowing', 'empties', 'emptied', 'emptying', 'drains', 'discharges'].includes(w) && w1 === 'into')) return false;
  const head = clauseHead(k, ['Place']);
  const y = mentionWithin(k + 2, 4, place);
  if (head && y && head.type === 'Place' && head !== y) emit(head, 'flows_into', y);
  return true;
}

/** "with a screenplay by Allan Heinberg", "a libretto by J. D. McClatchy": writers of the work */
function writtenBy(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { emit, subject, headAt, tailList } = s;
  if (!(WRITING.has(w) && w1 === 'by')) return false;
  const head = subject?.type === 'Work' ? subject : headAt(k, ['Work']);
  if (head && head.type === 'Work') for (const t of tailList(k + 2, 2, agent)) emit(head, 'author', t);
  return true;
}

function headquarteredIn(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { emit, mentionWithin, headAt } = s;
  if (!(w === 'headquartered' && w1 === 'in')) return false;
  const y = mentionWithin(k + 2, 4, place);
  const head = headAt(k, ['Organization']);
  // "headquartered in Crawley, West Sussex, England": the seat, then the places it lies in
  if (y && head?.type === 'Organization') placeChain(s, head, y, 'headquartered_in');
  else if (y) emit(head, 'headquartered_in', y);
  return true;
}

function basedCompound(_s: SentenceScan, k: number, w: string, _w1: string): boolean {
  if (!(/-based$/.test(w) && k > 0)) return false;
  // "the Boston-based band Godsmack": the place is the token before "-based"
  return true;
}

function memberOf(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { tokens, mentions, byStart, lower, emit, mentionWithin, listFrom, leftOf, subject, firstVerb, headAt } = s;
  if (!((w === 'member' && w1 === 'of') || ((w === 'plays' || w === 'played' || w === 'playing' || w === 'signed') && ['for', 'with'].includes(w1)))) return false;
  // "She represents the Seoni constituency and is a member of …", "X (born …) is a former
  // Democratic member of …": the copula's subject, not the nearest name before "member"
  let b = k - 1;
  while (b > 0 && b > k - 5 && (DETS.has(lower(b)) || MEMBER_QUALIFIERS.has(lower(b)) || byStart.get(b)?.type === 'Nationality' || (b === k - 1 && byStart.get(b)?.t1 === k && (DETS.has(lower(b - 1)) || MEMBER_QUALIFIERS.has(lower(b - 1)))) || (tokens[b]!.word && !tokens[b]!.cap && wordClasses(tokens[b]!.text).has('adjective') && !COPULA.has(lower(b))))) b--;
  const copular = w === 'member' && (COPULA.has(lower(b)) || BECOME.has(lower(b))) && subject && subject.t1 <= b && (b === firstVerb || lower(b - 1) === 'and' || lower(b - 1) === 'also');
  // "… in Major League Baseball who played for …": a relative clause about a person
  const who = lower(k - 1) === 'who' || (lower(k - 1) === 'also' && lower(k - 2) === 'who');
  const person = who ? ([...mentions].reverse().find((m) => m.t1 <= k && m.type === 'Person') ?? subject) : undefined;
  const head = copular ? subject : person ?? (headAt(k, ['Person', 'Organization']) === subject ? subject : leftOf(k, ['Person']) ?? subject);
  const first = mentionWithin(k + 2, 6, org);
  if (first) {
    // "the Houston Astros and Anaheim Angels": the teams of one list share the first one's type
    for (const t of listFrom(first)) {
      if (t !== first && first.type === 'Organization' && (t.type === 'Place' || t.type === 'Person') && !isCountry(t) && !t.quoted && !phraseClasses(t.name).has('place') && !wordClasses(t.name).has('place')) t.type = 'Organization';
      if (org(t)) emit(head, 'member_of', t);
    }
  }
  return true;
}

/** "WGAI is a commercial AM radio station licensed to Elizabeth City, North Carolina": a station's city of licence, and the places it lies in */
function licensedTo(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { mentionWithin, headAt } = s;
  if (!(w === 'licensed' && w1 === 'to')) return false;
  const head = headAt(k, ['Organization']);
  const y = mentionWithin(k + 2, 2, place);
  if (head && y && head.type === 'Organization') placeChain(s, head, y);
  return true;
}

function childOf(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { emit, leftOf, subject, tailList } = s;
  if (!((w === 'son' || w === 'daughter') && w1 === 'of')) return false;
  for (const t of tailList(k + 2, 3, (m) => m.type === 'Person' || m.type === 'Entity')) emit(leftOf(k, ['Person']) ?? subject, 'parent', t);
  return true;
}

function parentOf(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { emit, leftOf, subject, tailList } = s;
  if (!((w === 'father' || w === 'mother') && w1 === 'of')) return false;
  for (const t of tailList(k + 2, 3, (m) => m.type === 'Person' || m.type === 'Entity')) emit(leftOf(k, ['Person']) ?? subject, 'child', t);
  return true;
}

function spouse(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { byStart, emit, mentionWithin, leftOf, subject } = s;
  if (!(w === 'married' || ((w === 'wife' || w === 'husband') && (byStart.get(k + 1) || w1 === ',')))) return false;
  const t = mentionWithin(k + 1, 3, (m) => m.type === 'Person' || m.type === 'Entity');
  const h = w === 'married' ? (leftOf(k, ['Person']) ?? subject) : leftOf(k - 1, ['Person']) ?? subject;
  if (t) emit(h, 'spouse', t);
  return true;
}

function siblings(s: SentenceScan, k: number, w: string, _w1: string): boolean {
  const { byStart, emit, listFrom, subject } = s;
  if (!(['brother', 'brothers', 'sister', 'sisters'].includes(w) && byStart.get(k + 1))) return false;
  for (const t of listFrom(byStart.get(k + 1)!).filter((m) => m.type === 'Person' || m.type === 'Entity')) emit(subject, 'sibling', t);
  return true;
}

/** "he attended Rutgers University": a school the person went to */
function attended(s: SentenceScan, k: number, w: string, _w1: string): boolean {
  const { emit, mentionWithin, leftOf, subject } = s;
  if (!(w === 'attended' && subject && (subject.type === 'Person' || subject.type === 'Entity'))) return false;
  const t = mentionWithin(k + 1, 2, (m) => m.type === 'Organization' && /\b(?:University|College|School|Academy|Institute|Conservatory|Polytechnic)\b/.test(m.name));
  if (t) emit(leftOf(k, ['Person']) ?? subject, 'educated_at', t);
  return true;
}

/** "affiliated first with the Popular Republican Movement and later with the Democratic Centre" */
function affiliated(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { tokens, byStart, lower, emit, leftOf, subject } = s;
  if (!(w === 'affiliated' && w1 === 'with' || (w === 'affiliated' && lower(k + 2) === 'with'))) return false;
  const head = leftOf(k, ['Person']) ?? subject;
  if (head && head.type === 'Person') for (let j = k + 1; j < Math.min(tokens.length, k + 16); j++) {
    const m = byStart.get(j);
    if (m && lower(m.t0 - 1 - (lower(m.t0 - 1) === 'the' ? 1 : 0)) === 'with' && org(m) && !isCountry(m)) emit(head, 'member_of', m);
    if (m) j = m.t1 - 1;
    else if ([';', '.'].includes(tokens[j]!.text)) break;
  }
  return true;
}

function educatedAt(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { emit, mentionWithin, leftOf, subject } = s;
  if (!((w === 'educated' || w === 'studied') && w1 === 'at' || (w === 'graduated' && w1 === 'from') || (w === 'alumnus' && w1 === 'of'))) return false;
  const t = mentionWithin(k + 2, 4, org);
  if (t) emit(leftOf(k, ['Person']) ?? subject, 'educated_at', t);
  return true;
}

function award(s: SentenceScan, k: number, w: string, _w1: string): boolean {
  const { emit, mentionWithin, leftOf, subject } = s;
  if (!(['won', 'received', 'awarded', 'earned'].includes(w))) return false;
  const t = mentionWithin(k + 1, 4, (m) => named(m) && m.type !== 'Person' && m.type !== 'Place' && !m.quoted);
  if (t) emit(leftOf(k, ['Person', 'Organization', 'Work']) ?? subject, 'award', t.type === 'Entity' || t.type === 'Organization' ? Object.assign(t, { type: 'Concept' }) : t);
  return true;
}

function capitalOf(s: SentenceScan, k: number, w: string, w1: string): boolean {
  const { lower } = s;
  if (!(w === 'capital' && w1 === 'of' && k > 0 && (lower(k - 1) === 'the' || lower(k - 1) === 'its'))) return false;
  // "X is the capital of Y" is handled by the copular frame; "Y, whose capital is X" is not read
  return true;
}

function playsPositionFor(s: SentenceScan, k: number, w: string, w1: string): void {
  const { tokens, lower, emit, mentionWithin, subject } = s;
  if (!((w === 'plays' || w === 'played') && w1 !== 'for')) return;
  // "plays central midfield for C.D. Pasaquina"
  for (let j = k + 1; j < Math.min(tokens.length, k + 5); j++)
    if (lower(j) === 'for') {
      const t = mentionWithin(j + 1, 5, org);
      if (t) emit(subject, 'member_of', t);
      break;
    }
}

/** alias frames: "also known as Y", "(sometimes called Y)", "better known by his stage name Y", "originally published as Y", "formerly known as Y", "(English: Y)", "changed its name to Y" */
function alias(s: SentenceScan, k: number, w: string, w1: string): void {
  const { tokens, mentions, mentionWithin, linkAlias, leftOf, subject } = s;
  const aliasAt = aliasTrigger(tokens, k);
  const namesNoun = (w === 'called' || w === 'named') && k >= 2 && tokens[k - 2]!.word && !tokens[k - 2]!.cap && !mentions.some((m) => m.t1 === k - 1);
  if (!(aliasAt > 0 && !namesNoun)) return;
  const y = mentionWithin(aliasAt, 2, (m) => isTyped(m) && m.type !== 'Nationality');
  const byName = w === 'renamed' || (w === 'name' && w1 === 'to');
  const x = byName ? (subject ?? leftOf(k, ['Person', 'Organization', 'Place', 'Work', 'Event', 'Concept'])) : (leftOf(k, ['Person', 'Organization', 'Place', 'Work', 'Event', 'Concept']) ?? subject);
  if (y && x && y !== x) linkAlias(x, y);
}

/** a film's plot or cast: "Retired CIA field agent Bryan Mills (Liam Neeson)", "a squad (Tom Sizemore, Edward Burns and Jeremy Davies)": the names in the parenthesis play in the work */
function cast(s: SentenceScan, k: number, _w: string, _w1: string): void {
  const { ctx, tokens, mentions, byStart, lower, emit } = s;
  if (!(tokens[k]!.text === '(' && k > 0 && ctx.page?.type === 'Work' && byStart.has(k + 1) && !mentions.some((m) => m.page && m.t1 === k))) return;
  const cast: Mention[] = [];
  let j = k + 1;
  for (;;) {
    const m = byStart.get(j);
    if (!m || m.type !== 'Person' || m.quoted || m.page) break;
    cast.push(m);
    j = m.t1;
    if (tokens[j]?.text === ',' || lower(j) === 'and') j += lower(j + 1) === 'and' ? 2 : 1;
    else break;
  }
  const before = mentions.find((m) => m.t1 === k);
  // an award category ("Outstanding Director (Luis Mandoki)") is not a role
  const introduced = (before && (before.type === 'Person' || before.type === 'Entity') && !before.page && !/^(?:Outstanding|Best|Favorite|Favourite)\b/.test(before.name)) || (tokens[k - 1]!.word && !tokens[k - 1]!.cap && classTypeOf(lower(k - 1)) !== undefined);
  if (cast.length > 0 && tokens[j]?.text === ')' && introduced) for (const m of cast) emit(ctx.page, 'performer', m);
}

/** "Little Rock Film Festival (LRFF)", "Jung Joon Young Band (JJY Band)" */
function parenthesisAlias(s: SentenceScan, k: number, _w: string, w1: string): void {
  const { tokens, mentions, byStart, linkAlias } = s;
  if (!(tokens[k]!.text === '(' && k > 0)) return;
  const x = mentions.find((m) => m.t1 === k && isTyped(m));
  const y = byStart.get(k + 1);
  if (x && y && y.t1 < tokens.length && tokens[y.t1]!.text === ')' && isTyped(y) && isAcronymOf(y.name, x.name)) linkAlias(x, y);
  // "Thomson Airways (now TUI Airways)", "(formerly L'Astral)"
  const y2 = ['now', 'formerly', 'later', 'originally', 'previously'].includes(w1) ? byStart.get(k + 2) : undefined;
  if (x && y2 && isTyped(y2) && y2.type !== 'Nationality') linkAlias(x, y2);
  // "The Gila monster (Heloderma suspectum, …)": a scientific or native name of the page
  if (x?.page && y && isTyped(y) && y.type !== 'Nationality' && !y.quoted && [')', ','].includes(tokens[y.t1]?.text ?? '') && x.t0 <= 2 && !wordClasses(y.name).has('demonym') && !/^\p{Lu}[\p{Ll}]+$/u.test(y.name)) linkAlias(x, y);
}

/** active credits: "co-directing "Winnie the Pooh" (2011), "Big Hero 6" (2014) …", "wrote the lyrics" */
function activeCredits(s: SentenceScan, k: number, w: string, w1: string): void {
  const { tokens, byStart, emit, subject } = s;
  if (!(ACTIVE[w] && w1 !== 'by' && subject && (subject.type === 'Person' || subject.type === 'Organization' || subject.type === 'Entity'))) return;
  for (let j = k + 1; j < Math.min(tokens.length, k + 30); j++) {
    if (tokens[j]!.text === ';' || tokens[j]!.text === '.') break;
    const m = byStart.get(j);
    if (!m) continue;
    if (m.type === 'Work' && m !== subject) emit(m, ACTIVE[w]!, subject);
    else if (m.type !== 'Date' && !m.quoted && j > k + 2) break;
    j = m.t1 - 1;
  }
}

/** "the producer of the CBS show "EZ Streets"", "co-executive producer for "Stargate SG-1"" */
function creditRoles(s: SentenceScan, k: number, w: string, w1: string): void {
  const { tokens, byStart, emit, mentionWithin, listFrom, leftOf, subject } = s;
  if (CREDIT[w] && (w1 === 'of' || w1 === 'for' || w1 === 'on') && subject) {
    let j = k + 2;
    while (j < tokens.length && j < k + 10 && !byStart.get(j)) j++;
    const m = byStart.get(j);
    if (m && m.type === 'Work') emit(m, CREDIT[w]!, subject);
  } else if (FOUNDER.has(w) && w1 === 'of') {
    const t = mentionWithin(k + 2, 5, (m) => m.type === 'Organization' || m.type === 'Entity' || m.type === 'Person');
    const h = leftOf(k, ['Person']) ?? subject;
    if (t && h && t !== h) {
      t.type = 'Organization';
      emit(t, 'founded_by', h);
    }
  } else if ((w1 === 'for' || w1 === 'of' || w1 === 'at' || w1 === 'with') && !KIN.has(w) && classTypeOf(w) === 'Person') {
    // "lead guitarist … for the Boston-based band Godsmack", "a director at Six Flags …"
    const t = mentionWithin(k + 2, 7, (m) => m.type === 'Organization');
    if (t) for (const o of listFrom(t)) if (o.type === 'Organization') emit(leftOf(k, ['Person']) ?? subject, 'member_of', o);
  }
}

/** "The band consists of vocalist … Jung Joon-young, bassist Jung Seok-won, …" */
function consistsOf(s: SentenceScan, k: number, w: string, _w1: string): void {
  const { tokens, byStart, emit, subject } = s;
  if (!(['consists', 'consisted', 'comprises', 'comprised', 'consisting'].includes(w) && subject && subject.type === 'Organization')) return;
  for (let j = k + 1; j < tokens.length; j++) {
    const m = byStart.get(j);
    if (m && m.type === 'Person') emit(m, 'member_of', subject);
    if (m) j = m.t1 - 1;
  }
}

/** roles: "portrayed Peyton Sawyer on the … drama "One Tree Hill"", "appeared in … "Forever"" */
function roles(s: SentenceScan, k: number, w: string, _w1: string): void {
  const { tokens, byStart, emit, subject } = s;
  if (!(['portrayed', 'played', 'starred', 'appeared', 'role', 'roles', 'cast', 'guest-starred', 'co-starred', 'starring'].includes(w) && subject && (subject.type === 'Person' || subject.type === 'Entity'))) return;
  for (let j = k + 1; j < Math.min(tokens.length, k + 90); j++) {
    if (tokens[j]!.text === ';' || tokens[j]!.text === '.') break;
    const m = byStart.get(j);
    if (!m) continue;
    if (m.type === 'Work' && m !== subject) emit(m, 'performer', subject);
    j = m.t1 - 1;
  }
}

function starring(s: SentenceScan, k: number, w: string, _w1: string): void {
  const { emit, subject, headAt, tailList } = s;
  if (!(w === 'starring' || (w === 'stars' && k > 0) || w === 'featuring')) return;
  const head = subject?.type === 'Work' ? subject : headAt(k, ['Work']);
  if (head && head.type === 'Work') for (const t of tailList(k + 1, 2, agent)) emit(head, 'performer', t);
}

/** Frames that read a token alone, in order: the first whose test matches wins. */
const EXCLUSIVE: readonly Frame<boolean>[] = [passiveBy, released, founded, bornDied, lifeDates, locatedIn, tookPlace, builtIn, partOf, borders, flowsInto, writtenBy, headquarteredIn, basedCompound, memberOf, licensedTo, childOf, parentOf, spouse, siblings, attended, affiliated, educatedAt, award, capitalOf];
/** Frames read at a token no exclusive frame took, each whose test matches ("plays central midfield for" is read with the role frames). */
const CUMULATIVE: readonly Frame<void>[] = [playsPositionFor, alias, cast, parenthesisAlias, activeCredits, creditRoles, consistsOf, roles, starring];

/** Reads every verb frame of the sentence. */
export function verbFrames(s: SentenceScan): void {
  const { tokens, lower } = s;
  for (let k = 0; k < tokens.length; k++) {
    const w = lower(k);
    const w1 = lower(k + 1);
    // most words start no frame: skip them before any lookup
    if (!TRIGGERS.has(w) && w1 !== 'for' && w1 !== 'of' && w1 !== 'at' && w1 !== 'with' && tokens[k + 1]?.text !== ':') continue;
    if (EXCLUSIVE.some((frame) => frame(s, k, w, w1))) continue;
    for (const frame of CUMULATIVE) frame(s, k, w, w1);
  }
}

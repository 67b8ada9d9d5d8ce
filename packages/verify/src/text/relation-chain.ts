// Chain support for multi-hop answers: "Who is the spouse of the performer of Green?" is rarely
// answered by one sentence. The answer is established when the evidence forms a chain from a
// question entity to it: the answer sentence states the answer with a bridge entity and the
// asked (last) relation, and each earlier hop is a sentence that names the previous entity (or
// is in its passage) and the next one, with a relation word of the question attached to the
// next one ("Green is a song recorded by X"; "Damerjog is a town in Djibouti" for "Damerjog's
// country"). Every relation word of the question must be stated somewhere along the chain and
// every question entity must be on it, so a chain that skips a hop is not taken. Anything short
// of that is reported with the hop that is missing.
import type { Citation, RankedChunk } from '@rag/core';
import { extractMentions, type Mention } from './mentions.js';
import { contentTokens, normTokens } from './normalize.js';
import { splitSentences } from './sentences.js';
import { answerOccurrences } from './match.js';
import { isClassNoun, isRoleNoun } from './expected-type.js';
import { lemmaTokens, relationCues, sameRelation, type LemmaToken } from './relation-cues.js';
import {
  askedRelation,
  candidates,
  isDemonym,
  isSubject,
  LOCATIVE_GAP,
  mentioned,
  questionEntities,
  relationSupport,
  subjectOf,
  type RelationSupport,
} from './relation-support.js';

/** Sentences between a question entity and the answer sentence (4 hops in all). */
const MAX_LINKS = 3;
/** Words between a relation word and the entity it attaches to. */
const WINDOW = 10;
/** Bridge names of the answer sentence that are tried. */
const MAX_BRIDGES = 6;
/** Partial chains explored before giving up (keeps a large evidence set cheap). */
const MAX_EXPANSIONS = 2000;

// Class nouns that, asked as a relation ("Damerjog's country", "the state where X is"), are
// stated by "in"/"at" before the place ("a town in Djibouti").
const PLACE_CLASS = new Set(['country', 'state', 'city', 'town', 'county', 'region', 'province', 'continent', 'nation', 'district', 'island', 'village', 'area', 'place', 'location']);

const MONTH_LED = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;
const MONTH = /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;

export interface Sentence {
  chunkId: string;
  start: number;
  text: string;
  subject: string | undefined;
  tokens: Set<string>;
  names: Mention[];
  lemmas: () => LemmaToken[];
}

interface Link {
  sentence: Sentence;
  /** The entity this hop starts from (a question entity or a bridge). */
  from: string;
  /** The entity it reaches. */
  to: string;
  /** Relation words of the question this sentence states. */
  states: string[];
}

export function sentencesOf(chunks: readonly RankedChunk[]): Sentence[] {
  return chunks.flatMap((k) => {
    const subject = subjectOf(k.text);
    return splitSentences(k.text).map((r) => {
      const text = k.text.slice(r.start, r.end);
      let lemmas: LemmaToken[] | undefined;
      return {
        chunkId: k.chunkId,
        start: r.start,
        text,
        subject,
        tokens: new Set(normTokens(text)),
        names: extractMentions(text).filter((m) => m.kind !== 'number'),
        lemmas: () => (lemmas ??= lemmaTokens(text)),
      };
    });
  });
}

/** Is one name the other (all words of the shorter in the longer)? */
function sameName(a: string, b: string): boolean {
  const x = contentTokens(a);
  const y = contentTokens(b);
  if (x.length === 0 || y.length === 0) return false;
  const [short, long] = x.length <= y.length ? [x, new Set(y)] : [y, new Set(x)];
  return short.every((t) => long.has(t));
}

export function refers(s: Sentence, name: string): boolean {
  return mentioned(name, s.tokens) || isSubject(name, s.subject);
}

/** Where the sentence names the entity, if it does (not only as its passage's subject). */
function mentionOf(s: Sentence, name: string): Mention | undefined {
  return s.names.find((m) => sameName(m.text, name));
}

// "died in Topeka, Kansas": one name and a comma before the entity is an apposition, not a rival.
const APPOSITION = /^\s*(?:in|at|of|from|near)?\s*(?:the\s+)?\p{Lu}[\p{L}\p{N}.'’ -]{0,40},\s*$/u;

/** Relation words of `wanted` stated in the sentence and attached to the mention. */
export function attachedCues(s: Sentence, at: Pick<Mention, 'start' | 'end'>, wanted: readonly string[]): string[] {
  const lemmas = s.lemmas();
  const inside = lemmas.filter((t) => t.start < at.end && t.end > at.start).map((t) => t.index);
  if (inside.length === 0) return [];
  const from = Math.min(...inside);
  const to = Math.max(...inside);
  const out: string[] = [];
  for (const t of lemmas) {
    if (t.index >= from && t.index <= to) continue;
    if ((t.index < from ? from - t.index : t.index - to) > WINDOW || (isClassNoun(t.lemma) && !isRoleNoun(t.lemma))) continue;
    const cue = wanted.find((q) => sameRelation(q, t.lemma));
    if (!cue || out.includes(cue)) continue;
    const [a, b] = t.start < at.start ? [t.end, at.start] : [at.end, t.start];
    const gap = s.text.slice(a, b);
    if (/[()]/.test(gap)) continue;
    // A date the mention reader took for a name ("born 26 August 1969 in Frankfurt") is no rival.
    const rivals = s.names.filter((x) => x.start >= a && x.end <= b && !MONTH_LED.test(x.text));
    if (rivals.length > 0 && !(t.start < at.start && APPOSITION.test(gap))) continue;
    out.push(cue);
  }
  return out;
}

// "in eastern Djibouti", "in the south-west".
const DIRECTION = /^\s*(?:the\s+)?(?:north|south|east|west|central|northern|southern|eastern|western|north-?eastern|north-?western|south-?eastern|south-?western)\s+$/i;

// "in the Demerara-Mahaica region of Guyana": what is in a part of a place is in the place.
const PART_OF = /^\s*(?:the\s+)?(?:[\p{L}'’-]+\s+){0,3}(?:region|district|province|state|county|department|municipality|parish|prefecture|governorate|division|territory)\s+of\s+(?:the\s+)?$/iu;

/** "a town in Djibouti", "in the north of X", "in Topeka, Kansas": the sentence places something in the mention. */
function locatedIn(s: Sentence, at: Mention): boolean {
  const before = s.text.slice(Math.max(0, at.start - 60), at.start);
  const m = [...before.matchAll(/\b(?:in|at)\b/gi)].at(-1);
  if (!m) return false;
  const gap = before.slice((m.index ?? 0) + m[0].length);
  return LOCATIVE_GAP.test(gap) || DIRECTION.test(gap) || APPOSITION.test(gap) || PART_OF.test(gap);
}

/** Is the answer at the end of a chain of evidence sentences from the question's entities? */
export function relationChain(query: string, answer: string, citations: readonly Citation[], chunks: readonly RankedChunk[]): RelationSupport {
  const short = answer.length > 60 ? `${answer.slice(0, 57)}…` : answer;
  const entities = questionEntities(query, answer);
  if (entities.length === 0) return { established: false, reason: `the question names no entity that "${short}" could be checked against` };
  const { cues: finalCues, entityWords } = askedRelation(query, answer, entities);
  if (finalCues.length === 0) return { established: false, reason: `the question has no word naming the relation asked of "${short}"` };
  const answerWords = new Set(contentTokens(answer));
  const allCues = relationCues(query, entityWords, 'relations').filter((c) => !answerWords.has(c));
  // The other hops' relation words: the question's words outside the asked clause. A class noun
  // names a type ("the country where …"), unless it is a place asked as a relation, which a
  // locative states; "located"/"found" are stated by a locative as well.
  const linkCues = allCues.filter((c) => !finalCues.includes(c) && (!isClassNoun(c) || isRoleNoun(c)));
  const locative = allCues.some((c) => PLACE_CLASS.has(c) || sameRelation(c, 'located'));
  const sentences = sentencesOf(chunks);
  const { list } = candidates(answer, citations, chunks);
  const isEntity = (n: string) => entities.some((e) => sameName(e, n));
  // A capitalised relation word ("the Leader of the Opposition") is not an entity to chain through.
  const questionWords = new Set([...allCues, ...normTokens(query).filter((w) => !entityWords.has(w))]);
  // Nor is a date ("August 7", "April") or a run of table cells with numbers in it.
  const isEntityName = (n: string) =>
    !/\d/.test(n) && !MONTH.test(n) && contentTokens(n).some((w) => !questionWords.has(w) && !allCues.some((c) => sameRelation(c, w)));
  let best: string | undefined;
  const tried = new Set<string>();
  for (const c of list) {
    const own = sentences.find((s) => s.chunkId === c.chunkId && s.start <= c.start && c.start < s.start + s.text.length) ?? sentences.find((s) => s.text.includes(c.text));
    if (!own) continue;
    // The answer's hop names the bridge near the answer (or is in the bridge's passage).
    const spans = answerOccurrences(answer, own.text);
    const words = (a: number, b: number) => (own.text.slice(a, b).match(/\S+/g) ?? []).length;
    const gap = (x: Mention) => Math.min(...spans.map((m) => (x.end <= m.start ? words(x.end, m.start) : x.start >= m.end ? words(m.end, x.start) : Infinity)));
    // Nearest first: in a table row ("Guyana 1 August 1973 …") the name next to the answer is its bridge.
    const near = own.names
      .map((x) => ({ x, d: gap(x) }))
      .filter(({ d }) => d <= WINDOW)
      .sort((p, q) => p.d - q.d)
      .map(({ x }) => x);
    const bridges = [...near.map((m) => m.text), ...(c.subject ? [c.subject] : [])].filter((n, i, all) => {
      const t = contentTokens(n);
      return (
        t.length > 0 &&
        all.findIndex((x) => sameName(x, n)) === i &&
        !t.some((w) => answerWords.has(w)) &&
        !isEntity(n) &&
        !isDemonym(n) &&
        isEntityName(n) &&
        !(t.length === 1 && isClassNoun(t[0]!))
      );
    });
    for (const bridge of bridges.slice(0, MAX_BRIDGES)) {
      const key = `${own.chunkId}:${own.start}:${bridge}`;
      if (tried.has(key)) continue;
      tried.add(key);
      // The last hop: the answer sentence states the answer with the bridge and the asked relation.
      const last = relationSupport(query, answer, [{ chunkId: c.chunkId, start: 0, end: 0, quote: c.text }], chunks, { anchors: [bridge], deferUnstated: true, anchorWindow: WINDOW });
      if (!last.established) continue;
      // Asked-clause words the answer's passage does not state must be stated by another hop.
      // A word of another hop attached to the answer in its own sentence ("which handled 273,282
      // TEUs" for "… did the location where X occurred handle") is stated along the chain.
      const ownStated = new Set(spans.flatMap((m) => attachedCues(own, m, linkCues)));
      const required = [...new Set([...linkCues.filter((q) => !ownStated.has(q)), ...(last.unstated ?? [])])];
      const attachable = [...new Set([...required, ...finalCues])];
      const chain = findChain(bridge, own, sentences, entities, attachable, locative, required, isEntityName);
      if (chain.links) {
        const path = [...chain.links].reverse();
        const steps = [path[0]!.from, ...path.map((l) => l.to)].join(' → ');
        const said = [...new Set(path.flatMap((l) => l.states))];
        return {
          established: true,
          reason: `the evidence chains ${steps} → "${short}": ${path.map((l) => `"${excerpt(l.sentence.text)}" (${said.filter((w) => l.states.includes(w)).join(', ')})`).join('; ')}; then ${last.reason}`,
          ...(last.span ? { span: last.span } : {}),
        };
      }
      best ??= `the cited sentence states "${short}" with ${bridge}, but ${chain.missing}`;
    }
  }
  if (best) return { established: false, reason: best, partial: true };
  return { established: false, reason: `no cited sentence states "${short}" with a bridge entity and the asked relation (${finalCues.slice(0, 3).join(', ')})` };
}

function excerpt(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  return t.length > 80 ? `${t.slice(0, 77)}…` : t;
}

/**
 * A chain of link sentences from a question entity to `bridge`, stating every `required` word,
 * with every question entity on it (or in the answer sentence). Breadth first, so the shortest.
 */
function findChain(
  bridge: string,
  answerSentence: Sentence,
  sentences: readonly Sentence[],
  entities: readonly string[],
  attachable: readonly string[],
  locative: boolean,
  required: readonly string[],
  isEntityName: (name: string) => boolean,
): { links?: Link[]; missing: string } {
  const isEntity = (n: string) => entities.some((e) => sameName(e, n));
  let queue: { node: string; links: Link[] }[] = [{ node: bridge, links: [] }];
  let expansions = 0;
  let unstatedOnComplete: string[] | undefined;
  for (let depth = 0; depth < MAX_LINKS && queue.length > 0; depth++) {
    const next: { node: string; links: Link[] }[] = [];
    for (const { node, links } of queue) {
      for (const s of sentences) {
        if (s === answerSentence || links.some((l) => l.sentence === s) || !refers(s, node)) continue;
        if (++expansions > MAX_EXPANSIONS) return { missing: 'the evidence is too large to follow every chain' };
        const onPath = [bridge, ...links.map((l) => l.from)];
        // The hop's other end: a name of the sentence, or its passage's subject.
        const ends = [...s.names.map((m) => m.text), ...(s.subject ? [s.subject] : [])].filter(
          (n, i, all) => all.findIndex((x) => sameName(x, n)) === i && !onPath.some((p) => sameName(p, n)) && !isDemonym(n) && (isEntity(n) || isEntityName(n)),
        );
        for (const from of ends) {
          const link = linkOf(s, from, node, attachable, locative);
          if (!link) continue;
          const chain = [...links, link];
          if (isEntity(from)) {
            const said = new Set(chain.flatMap((l) => l.states));
            const unstated = required.filter((q) => ![...said].some((w) => sameRelation(q, w)) && !chain.some((l) => l.sentence.lemmas().some((t) => sameRelation(q, t.lemma))));
            const chainSentences = [answerSentence, ...chain.map((l) => l.sentence)];
            const absent = entities.filter((e) => !chainSentences.some((x) => refers(x, e)));
            if (unstated.length === 0 && absent.length === 0) return { links: chain, missing: '' };
            unstatedOnComplete ??= [...unstated, ...absent.map((e) => `(${e} is not on the chain)`)];
          } else if (depth + 1 < MAX_LINKS) next.push({ node: from, links: chain });
        }
      }
    }
    queue = next;
  }
  if (unstatedOnComplete) return { missing: `the chain from ${entities.join(' / ')} to it does not state ${unstatedOnComplete.map((u) => (u.startsWith('(') ? u : `"${u}"`)).join(', ')}` };
  const asked = required.length > 0 ? ` (the ${required.map((r) => `"${r}"`).join(', ')} of ${entities.join(' / ')})` : '';
  return { missing: `the evidence does not link ${bridge} to ${entities.join(' or ')}${asked}` };
}

/** Does the sentence state a hop from `from` to `to` with a relation word of the question? */
function linkOf(s: Sentence, from: string, to: string, attachable: readonly string[], locative: boolean): Link | undefined {
  if (!refers(s, from) || sameName(from, to)) return undefined;
  const toAt = mentionOf(s, to);
  const fromAt = mentionOf(s, from);
  // Both ends only as the passage's subject is no link.
  if (!toAt && !fromAt) return undefined;
  // The relation word attaches to the hop's new end ("recorded by X"); when that end is only
  // the passage's subject ("He married Lil Hardin"), to the other end.
  const at = toAt ?? fromAt!;
  const states = attachedCues(s, at, attachable);
  if (states.length > 0) return { sentence: s, from, to, states };
  // "a town in Djibouti" (the new end is the place) or "the clock located in Prague" (the old one is).
  if (locative && ((toAt && locatedIn(s, toAt)) || (fromAt && locatedIn(s, fromAt)))) return { sentence: s, from, to, states: ['located'] };
  return undefined;
}

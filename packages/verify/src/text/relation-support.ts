// Does a cited sentence state the answer in the asked relation to the question's entities?
// Established only when one sentence (a cited one; without quoted citations, any evidence
// sentence) contains the answer, mentions every named entity of the question (or is in a
// passage whose subject — its first name — is that entity), and has a cue of the asked relation
// (a verb or noun of the question outside its names, or the head noun of "what state …")
// within a few words of the answer. Anything short of that is reported as not established,
// with the part that is missing, so a wrong bridge entity that is merely grounded is not passed.
import { capitalisedOnlyAtSentenceStart } from './sentence-initial.js';
import { loadNlp } from '../internal/lazy-nlp.js';
import { memoByText, type Citation, type RankedChunk } from '@rag/core';
import { extractMentions } from './mentions.js';
import { contentTokens, normTokens } from './normalize.js';
import { answerOccurrences, matchAnswer } from './match.js';
import { splitSentences } from './sentences.js';
import { expectedType, headPhrase, isClassNoun, isRoleNoun } from './expected-type.js';
import { askedClause, lemmaTokens, relationCues, sameRelation, type LemmaToken } from './relation-cues.js';
import { isCommonNounInSentence } from './common-noun-name.js';
import { subjectPhrase } from './subject-phrase.js';
import { subjectStatesRelation } from './subject-attachment.js';
import { namesakeOf, sentenceSubject } from './namesake-subject.js';
import { askedCountNoun, isMeasureWord, measuredNoun, singularOf } from './counted-noun.js';
import { roleAtEvent, type RoleAtEvent } from './role-at-event.js';

export interface RelationSupport {
  established: boolean;
  /** What was established, or what could not be, in words. */
  reason: string;
  /** The sentence that establishes it. */
  span?: { chunkId: string; start: number; end: number };
  /** A chain check found the answer's hop but not the whole chain (its reason says which hop is missing). */
  partial?: boolean;
  /** Question entities outside the asked clause that the establishing sentence (and its bridge) does not reach. */
  unanchored?: string[];
  /** With `deferUnstated`: words of the asked relation the answer's passage does not state. */
  unstated?: string[];
}

export interface RelationSupportOptions {
  /** Words between the answer and a relation cue (default 10). */
  window?: number;
  /**
   * Names that must anchor the answer sentence instead of the question's entities (no bridge):
   * a chain check asks whether the sentence states the answer with a bridge entity it found.
   */
  anchors?: readonly string[];
  /**
   * Let asked-relation words missing from the answer's passage through, listed in `unstated`,
   * for a chain check to find in its other hops (the cue attached to the answer is still needed).
   */
  deferUnstated?: boolean;
  /** With `anchors`: an anchor named in the sentence must stand within this many words of the answer. */
  anchorWindow?: number;
  /**
   * With `anchors` and `anchorWindow`: "in"/"at" right before the answer states "located" even
   * when the passage never says the word ("The Consulate General of Tarsa in Morvik …").
   */
  locativeStatesLocated?: boolean;
}

export interface Candidate {
  chunkId: string;
  /** The passage's first name: what it is about. */
  subject: string | undefined;
  text: string;
  start: number;
  /** The whole chunk text the sentence is from, when known. */
  passage?: string;
}

/** The named entities of a question other than the answer itself. */
export function questionEntities(query: string, answer: string): string[] {
  const a = new Set(contentTokens(answer));
  const out: string[] = [];
  for (const m of extractMentions(query)) {
    if (m.kind === 'number') continue;
    const toks = contentTokens(m.text);
    if (toks.length === 0 || isDemonym(m.text)) continue;
    // A name the answer contains (or that contains the answer) is not another entity.
    if (toks.every((t) => a.has(t)) || (a.size > 0 && [...a].every((t) => toks.includes(t)))) continue;
    if (!out.includes(m.text)) out.push(m.text);
  }
  return out;
}

const DIRECTION = /^(?:North|South|East|West|Northern|Southern|Eastern|Western|Central|Upper|Lower)$/;

/** "American", "Swedish", "South Korean": a nationality (a word, after direction words), not an entity. */
export function isDemonym(name: string): boolean {
  const words = name.trim().split(/\s+/);
  const word = words.at(-1)!;
  if (!words.slice(0, -1).every((w) => DIRECTION.test(w))) return false;
  if (!/^\p{Lu}\p{Ll}+$/u.test(word)) return false;
  return taggedDemonym(word) || /(?:ese|ish|ian)$/.test(word);
}

/** compromise tags the word a demonym (memoised per word). */
const taggedDemonym = memoByText((word: string): boolean => loadNlp()(word).has('#Demonym'));

// What may stand between "in" and a place: an article, a direction ("in the north of").
export const LOCATIVE_GAP = /^\s*(?:the\s+)?(?:(?:north|south|east|west|centre|center|heart|north-east|north-west|south-east|south-west|northern|southern|eastern|western|central)(?:\s+part)?\s+of\s+(?:the\s+)?)?$/i;

/** "Djibouti's first president": the name owns the relation word after it (at most two words between). */
function possessor(name: string, gap: string): boolean {
  return /['’]s$/.test(name) ? /^\s+(?:[\p{L}-]+\s+){0,2}$/u.test(gap) : /^['’]s\s+(?:[\p{L}-]+\s+){0,2}$/u.test(gap);
}
// ", a Somali who had campaigned for a yes vote in the referendum of 1958," after a name.
const APPOSITIVE = /^,\s+(?:a|an|the|who|which|whose)\s[^,;()]{0,150},/i;
// "(Tokaleya Tonga: Mosi-oa-Tunya)", "(born 1930)", "(IPA: …)" right after a name.
const MONTH_WORDS = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g;
// "August 1973", "May": a date the mention reader took for a name.
const MONTH_NAME = /^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b/;
const PARENTHETICAL = /^\s*\([^()]{0,200}\)/;

/** A name of the candidate sentence, not the answer, that some evidence sentence states with a question entity. */
function bridgeOf(entities: readonly string[], c: Candidate, answer: string, sentences: readonly { text: string; subject: string | undefined }[]): { entity: string; via: string; sentence: string } | undefined {
  const answerWords = new Set(contentTokens(answer));
  const names = extractMentions(c.text)
    .filter((x) => x.kind !== 'number')
    .map((x) => x.text)
    .concat(c.subject ? [c.subject] : [])
    .filter((n) => {
      const t = contentTokens(n);
      // A bare class word ("State", "City") links nothing.
      // Nor does a common noun of the lexicon, also abbreviated ("the long running TV crime series").
      const common = t.length === 1 && isCommonNounInSentence(n, c.text.includes(n) ? c.text : (c.passage ?? c.text));
      return t.length > 0 && !t.some((w) => answerWords.has(w)) && !isDemonym(n) && !(t.length === 1 && isClassNoun(t[0]!)) && !capitalisedOnlyAtSentenceStart(n, [c.text]) && !common;
    });
  for (const { text: s, subject } of sentences) {
    if (s === c.text) continue;
    const toks = new Set(normTokens(s));
    // The sentence names the entity, or is in the entity's own passage ("He was born in Dijon").
    const entity = entities.find((e) => mentioned(e, toks) || isSubject(e, subject));
    if (!entity) continue;
    const via = names.find((n) => mentioned(n, toks) && !contentTokens(n).every((w) => contentTokens(entity).includes(w)));
    if (via) return { entity, via, sentence: s };
  }
  return undefined;
}

export function subjectOf(text: string): string | undefined {
  const first = splitSentences(text)[0];
  const head = first ? text.slice(first.start, first.end) : text;
  return extractMentions(head).find((m) => m.kind !== 'number')?.text;
}

export function mentioned(entity: string, tokens: ReadonlySet<string>): boolean {
  const toks = contentTokens(entity);
  const found = toks.filter((t) => tokens.has(t)).length;
  // Short names must be there whole; long titles mostly (a subtitle may be left out).
  return toks.length <= 3 ? found === toks.length : found / toks.length >= 0.75;
}

export function reaches(entity: string, tokens: ReadonlySet<string>, subject: string | undefined): boolean {
  return mentioned(entity, tokens) || isSubject(entity, subject);
}

export function isSubject(entity: string, subject: string | undefined): boolean {
  if (!subject) return false;
  const e = contentTokens(entity);
  const s = new Set(contentTokens(subject));
  return e.length > 0 && e.every((t) => s.has(t));
}

export function candidates(answer: string, citations: readonly Citation[], chunks: readonly RankedChunk[]): { list: Candidate[]; cited: boolean } {
  const quoted = citations.filter((c) => typeof c.quote === 'string' && c.quote.trim().length > 0);
  if (quoted.length > 0) {
    const list = quoted.map((c) => {
      const chunk = chunks.find((k) => k.chunkId === c.chunkId) ?? chunks.find((k) => k.text.includes(c.quote!));
      const at = chunk ? chunk.text.indexOf(c.quote!) : -1;
      return { chunkId: c.chunkId, subject: chunk ? subjectOf(chunk.text) : undefined, text: c.quote!, start: Math.max(0, at), ...(chunk ? { passage: chunk.text } : {}) };
    });
    return { list, cited: true };
  }
  const list: Candidate[] = [];
  const cited = new Set(citations.map((c) => c.chunkId));
  const pool = cited.size > 0 ? chunks.filter((c) => cited.has(c.chunkId)) : chunks;
  for (const chunk of pool) {
    const subject = subjectOf(chunk.text);
    for (const s of splitSentences(chunk.text)) {
      const text = chunk.text.slice(s.start, s.end);
      if (matchAnswer(answer, text)?.contiguous) list.push({ chunkId: chunk.chunkId, subject, text, start: s.start, passage: chunk.text });
    }
  }
  return { list, cited: false };
}

export interface AskedRelation {
  /** Lemmas naming the relation the answer stands in (the asked clause's verbs and nouns). */
  cues: string[];
  /** The clause the question word sits in. */
  clause: string;
  phrase: { head: string; modifiers: string[] } | undefined;
  /** The question asks for a quantity named by its head noun ("what is the population of …"). */
  attribute: boolean;
  /** Lower-cased words of the question's entities (never relation words). */
  entityWords: Set<string>;
  /** "Who was president when X became a state?": the role and the event that fixes its holder. */
  held: RoleAtEvent | undefined;
}

/** The words of the relation the answer must stand in: the asked clause's, minus type words. */
export function askedRelation(query: string, answer: string, entities: readonly string[]): AskedRelation {
  const entityWords = new Set(entities.flatMap((e) => normTokens(e)).concat(entities.flatMap((e) => e.toLowerCase().split(/\s+/))));
  const phrase = headPhrase(query);
  const head = phrase?.head;
  // The relation asked is named by the words of the clause the question word sits in; the
  // question's other words belong to other hops and are not looked for next to the answer.
  const answerWords = new Set(normTokens(answer));
  const clause = askedClause(query);
  const asked = relationCues(clause, entityWords).filter((c) => !answerWords.has(c));
  // Its modifiers ("what college preparatory boys' school") describe the type as well.
  const typeWords = new Set([...(phrase?.modifiers ?? []).map((w) => w.toLowerCase()), ...(head ? [head] : [])]);
  // Class nouns of the clause ("Damerjog's country") name a type, not the relation.
  // A quantity's name ("what is the population of …") is the attribute asked, not a type.
  const attribute = phrase !== undefined && expectedType(query).type === 'Number';
  if (attribute) typeWords.delete(phrase!.head);
  // A role held towards something ("the first president of …", "Big Eye's main director") is
  // the relation asked even though it names a person; "the It'll Be Me singer" only describes one.
  const roleOf = (c: string) => isRoleNoun(c) && new RegExp(`\\b${c}s?\\s+of\\b|['’]s\\s+(?:[a-z-]+\\s+)?${c}s?\\b`, 'i').test(query);
  let cues = asked.filter((c) => !typeWords.has(c) && (!isClassNoun(c) || roleOf(c) || (attribute && c === phrase!.head)) && ![...typeWords].some((w) => sameRelation(w, c) || w.startsWith(c)));
  // "What amount of TEUs did … handle?": the measure word names no relation; the noun it measures
  // does, and a sentence states it with the number ("handled 273,282 TEUs").
  const measured = attribute && isMeasureWord(phrase!.head) ? measuredNoun(query) : undefined;
  const measuredLemma = measured ? lemmaTokens(measured)[0]?.lemma : undefined;
  if (measuredLemma) cues = [...cues.filter((c) => c !== phrase!.head), ...(cues.includes(measuredLemma) ? [] : [measuredLemma])];
  // "Who was president when …?": the role is the relation asked, even when the answer carries it as a title.
  const held = roleAtEvent(query);
  if (held && !cues.includes(held.role)) cues = [...cues, held.role];
  return { cues, clause, phrase, attribute, entityWords, held };
}

/** Is the answer stated, in one sentence, in the asked relation to the question's entities? */
export function relationSupport(
  query: string,
  answer: string,
  citations: readonly Citation[],
  chunks: readonly RankedChunk[],
  options: RelationSupportOptions = {},
): RelationSupport {
  const window = options.window ?? 10;
  const short = answer.length > 60 ? `${answer.slice(0, 57)}…` : answer;
  const entities = questionEntities(query, answer);
  const anchors = options.anchors ?? entities;
  if (entities.length === 0) return { established: false, reason: `the question names no entity that "${short}" could be checked against` };
  const { cues, clause, phrase, attribute, entityWords, held } = askedRelation(query, answer, entities);
  // "Who did the producer of X write the song for?": the question word is not the subject, so a
  // relation word only of the subject phrase ("producer") next to the answer says the answer is
  // the entity that phrase describes; the word attached to the answer must be the main verb's.
  const split = subjectPhrase(query);
  const subjectCues = split ? relationCues(split.subject, entityWords) : [];
  const mainCues = split ? relationCues(split.main, entityWords) : [];
  // "Who was Audrey Williams pregnant with during the recording of …?": a time adjunct ("during /
  // before / after …") says when, not what relation; its words must be in the passage but the word
  // attached to the answer must be of the clause itself ("recorded it with Fred Rose" is not it).
  const adjunct = /\b(?:during|before|after|while|since|until|throughout)\b(.*)$/i.exec(clause);
  const adjunctCues = adjunct ? relationCues(adjunct[1]!, entityWords) : [];
  const headCues = adjunct ? relationCues(clause.slice(0, adjunct.index), entityWords) : [];
  const attachable = cues.filter(
    (q) =>
      !(subjectCues.some((s) => sameRelation(s, q)) && !mainCues.some((s) => sameRelation(s, q))) &&
      !(adjunctCues.some((s) => sameRelation(s, q)) && !headCues.some((s) => sameRelation(s, q))),
  );
  const clauseTokens = new Set(normTokens(clause));
  // "When did the country (where Clonbrook is located) become a member of CARICOM?": the asked
  // clause is about an unnamed thing ("the country"), which another hop of the question names;
  // a sentence about CARICOM's members does not say which one it is.
  const unnamed = [...clause.matchAll(/\b(?:the|this|that|its|their)\s+([a-z-]+)(?:\s+([a-z]+))?/g)].some((x) =>
    [x[1], x[2]].some((w) => w !== undefined && isClassNoun(w) && !isRoleNoun(w) && w !== phrase?.head),
  );
  // "In which county is Leland?": a place question with no relation word asks where the entity
  // is, which a sentence states with "in"/"at" before the answer.
  const locative = cues.length === 0 && expectedType(query).type === 'Place';
  const placeLike = locative && loadNlp()(answer).places().length > 0;
  if (cues.length === 0 && !locative) return { established: false, reason: `the question has no word naming the relation asked, so the link between "${short}" and ${entities.join(', ')} cannot be checked` };
  // "… an actress who starred in what?": the answer is the object of "starred in", so the
  // sentence must have that preposition (in/on/at/during are one class) right before the answer;
  // "starring Woody Allen" names who starred, not what in.
  const prep = /\b([a-z]+)\s+(in|on|at|during|by|for|with|from|to|into)\s+(?:what|which|whom|who)\b/i.exec(clause);
  const wantPrep = prep && !/^(is|was|are|were|be|been)$/i.test(prep[1]!) ? prep[2]!.toLowerCase() : undefined;
  const PREP_CLASS = /^(in|on|at|during)$/;
  const prepBefore = (text: string, at: number) => {
    const before = text.slice(Math.max(0, at - 40), at).toLowerCase().split(/[^a-z]+/).filter(Boolean).slice(-4);
    return before.some((w) => w === wantPrep || (PREP_CLASS.test(wantPrep!) && PREP_CLASS.test(w)));
  };
  const { list, cited } = candidates(answer, citations, chunks);
  const sentences = chunks.flatMap((k) => {
    const subject = subjectOf(k.text);
    return splitSentences(k.text).map((r) => ({ text: k.text.slice(r.start, r.end), subject }));
  });
  const where = cited ? 'the cited sentence' : 'no evidence sentence';
  if (list.length === 0) return { established: false, reason: `no evidence sentence states "${short}"` };
  let best: { missing: string[]; unstated: string[]; cue: boolean; c: Candidate } | undefined;
  const countNoun = askedCountNoun(query);
  const numericAnswer = /\d/.test(answer) && !/\p{Lu}/u.test(answer.replace(MONTH_WORDS, ''));
  for (const c of list) {
    // Every place the sentence names the answer ("Barbados 1 August 1973 … Guyana 1 August 1973").
    for (const m of answerOccurrences(answer, c.text)) {
      const tokens = new Set(normTokens(c.text));
      // One of the question's entities anchors the sentence: named in it, or its passage's subject.
      const near = (e: string) => {
        if (options.anchorWindow === undefined) return true;
        const w = options.anchorWindow;
        const words = (a: number, b: number) => (c.text.slice(a, b).match(/\S+/g) ?? []).length;
        const gap = (x: { start: number; end: number }) => (x.end <= m.start ? words(x.end, m.start) : x.start >= m.end ? words(m.end, x.start) : Infinity);
        // "which handled 273,282 TEUs" for "what amount of TEUs": the counted noun right after the
        // number is its unit, not a name it belongs to.
        const unit = (x: { start: number; end: number; text: string }) =>
          numericAnswer && countNoun !== undefined && x.start >= m.end && /^\s*$/.test(c.text.slice(m.end, x.start)) && singularOf(x.text) === singularOf(countNoun);
        const names = extractMentions(c.text).filter((x) => x.kind !== 'number' && !MONTH_NAME.test(x.text) && !unit(x));
        return names.some((x) => {
          if (!mentioned(e, new Set(normTokens(x.text))) || gap(x) > w) return false;
          if (!numericAnswer) return true;
          // A date or number belongs to the name nearest to it, the one before it on a tie: in
          // "Grenada 1 May 1974 Guyana 1 August 1973" the first date is Grenada's, not Guyana's.
          const before = x.end <= m.start;
          return !names.some((y) => y !== x && (gap(y) < gap(x) || (gap(y) === gap(x) && !before && y.end <= m.start)));
        });
      };
      const direct = anchors.filter((e) => (mentioned(e, tokens) && near(e)) || isSubject(e, c.subject));
      // Or through a bridge: a name of this sentence (or its passage's subject) that another
      // evidence sentence states together with one of the question's entities ("Damerjog is a
      // town in Djibouti" links "Djibouti's first president" to "Damerjog's country").
      const bridged = direct.length > 0 || options.anchors ? undefined : bridgeOf(entities, c, answer, sentences);
      // A sentence about a namesake of a question entity ("The Heinkel HD 56 was … developed in
      // 1929" for the Heinkel HD 23) states that other entity's relations, not the asked one.
      const aboutOther = options.anchors ? undefined : namesakeOf(sentenceSubject(c.text, c.subject), entities, answer);
      const anchored = aboutOther ? [] : direct.length > 0 ? direct : bridged ? [`${bridged.entity} (through ${bridged.via})`] : [];
      const missing = aboutOther ? [`${aboutOther} (it is about ${sentenceSubject(c.text, c.subject)})`] : anchored.length === 0 ? [...anchors] : [];
      const lemmas = lemmaTokens(c.text);
      const inAnswer = lemmas.filter((t) => t.start < m.end && t.end > m.start).map((t) => t.index);
      const from = inAnswer.length ? Math.min(...inAnswer) : -1;
      const to = inAnswer.length ? Math.max(...inAnswer) : -1;
      // Every word of the asked clause ("the spouse of the director of …": spouse and director)
      // must be in the sentence's passage: one relation of a chain ("directed by X") is not the chain.
      const passageLemmas = c.passage && c.passage !== c.text ? lemmaTokens(c.passage) : lemmas;
      // Along a bridge, a relation word may be stated in the bridge sentence ("born in Lindenport").
      const bridgeLemmas = bridged ? lemmaTokens(bridged.sentence) : [];
      const said = cues.filter((q) => !passageLemmas.some((t) => sameRelation(q, t.lemma)) && !bridgeLemmas.some((t) => sameRelation(q, t.lemma)));
      // The cue must attach to the answer: within a few words, not across a parenthesis ("(born
      // 1930 in London) is an English actor"), with no other name or number between them ("located
      // in Southern Africa, north of South Africa"); a class noun ("team", "film") names a type,
      // not the relation, so it cannot be that cue.
      // Only a candidate of the answer's own kind (a name for a name, a number or date for one)
      // can take the cue away from it.
      const numeric = numericAnswer;
      // Numbers of the same date ("3 March 1961") are one expression, not rival candidates.
      const sameDate = (x: { start: number; end: number }) => /^[\s,]*(?:[A-Z][a-z]+)?[\s,]*$/.test(x.end <= m.start ? c.text.slice(x.end, m.start) : c.text.slice(m.end, x.start));
      // A date ("born 8 July 1981 in Botswana") is no rival of a name, though the mention reader reads "July 1981" as one.
      const others = extractMentions(c.text).filter(
        (x) => (x.end <= m.start || x.start >= m.end) && (x.kind === 'number') === numeric && !(numeric && sameDate(x)) && !(!numeric && MONTH_NAME.test(x.text)),
      );
      // "X, a Somali who had campaigned for …, wound up as Djibouti's first president": an
      // appositive right after the answer describes it; the clause resumes after it.
      // So does a parenthesis right after it ("Victoria Falls (Tokaleya Tonga: Mosi-oa-Tunya) is a
      // waterfall"): a native name, a pronunciation or dates, after which the clause resumes.
      const aside = PARENTHETICAL.exec(c.text.slice(m.end));
      const afterAside = aside ? m.end + aside[0].length : m.end;
      const apposition = APPOSITIVE.exec(c.text.slice(afterAside));
      const resumes = apposition ? afterAside + apposition[0].length : afterAside;
      const skipped = resumes > m.end ? lemmas.filter((t) => t.start >= m.end && t.end <= resumes).length : 0;
      const attaches = (t: { start: number; end: number }) => {
        const [a, b] = t.start < m.start ? [t.end, m.start] : [t.start >= resumes ? resumes : m.end, t.start];
        if (/[()]/.test(c.text.slice(a, b))) return false;
        // "Djibouti's first president": the possessor of the relation word is not a rival.
        return !others.some((x) => x.start >= a && x.end <= b && !(t.start > m.end && possessor(x.text, c.text.slice(x.end, t.start))));
      };
      const distance = (t: LemmaToken) => (t.index < from ? from - t.index : t.index - to - (t.start >= resumes ? skipped : 0));
      // A location ("located", "based", or no relation word in a place question) is also stated by
      // "in"/"at" a few words before the answer ("a town in Brunswick County", "in the north of X").
      // Without any relation word this is weak evidence, so it then needs every entity of the
      // question in the sentence itself, "in"/"at" right before the answer, and an answer read as a place.
      const bare = locative && direct.length === anchors.length && placeLike;
      // "… the Embassy of the United States in Berlin": a name right before "in" that is not made
      // of the question's entities (and anchors) is the thing located there, not the one asked about.
      const locatesOther = (at: number) => {
        const prev = extractMentions(c.text.slice(0, at)).filter((x) => x.kind !== 'number').at(-1);
        if (!prev || !/^\s*$/.test(c.text.slice(prev.end, at))) return false;
        // "Embassy of the United States": the name the "of" phrase belongs to is part of it.
        const owner = /(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*)\s+of\s+(?:the\s+)?$/u.exec(c.text.slice(0, prev.start));
        const known = new Set([...entities, ...anchors].flatMap((e) => contentTokens(e)));
        return contentTokens(`${owner?.[1] ?? ''} ${prev.text}`).some((w) => !known.has(w));
      };
      const locatedBy =
        (bare || cues.some((q) => sameRelation(q, 'located'))) &&
        from >= 0 &&
        lemmas.some((t) => /^(in|at)$/.test(t.lemma) && t.index < from && LOCATIVE_GAP.test(c.text.slice(t.end, m.start)) && attaches(t) && !locatesOther(t.start));
      // With anchors named next to the answer, "in Morvik" states "located" itself.
      const unstated = options.locativeStatesLocated && options.anchors && options.anchorWindow !== undefined && locatedBy ? said.filter((q) => !sameRelation(q, 'located')) : said;
      const cue =
        locatedBy ||
        from >= 0 &&
        lemmas.some(
          (t) =>
            distance(t) <= window &&
            (t.index < from || t.index > to) &&
            (!isClassNoun(t.lemma) || isRoleNoun(t.lemma) || (attribute && t.lemma === phrase!.head)) &&
            attachable.some((q) => sameRelation(q, t.lemma)) &&
            attaches(t),
        );
      // "Last Vegas is a … film directed by …, written by … and starring …, Morgan Freeman": the
      // answer opens the sentence as its subject and the relation word introduces the entity.
      const subjectCue =
        !cue &&
        !options.anchors &&
        direct.length > 0 &&
        subjectStatesRelation({
          sentence: c.text,
          answer: m,
          lemmas,
          isCue: (lemma) => (!isClassNoun(lemma) || isRoleNoun(lemma)) && attachable.some((q) => sameRelation(q, lemma)),
          entities: extractMentions(c.text).filter((x) => x.kind !== 'number' && direct.some((e) => mentioned(e, new Set(normTokens(x.text))))),
          names: extractMentions(c.text).filter((x) => x.kind !== 'number'),
        });
      const prepOk = !wantPrep || prepBefore(c.text, m.start);
      // "when President James K. Polk signed": the answer carries the asked role as its title; the
      // event of "who was president when X became a state" must be stated in the same sentence.
      const titled = held !== undefined && new RegExp(`^${held.role}\\b`, 'i').test(answer.trim());
      const eventStated = !held || held.event.every((e) => lemmas.some((t) => sameRelation(e, t.lemma)));
      if (missing.length === 0 && (unstated.length === 0 || options.deferUnstated) && (cue || subjectCue || titled) && prepOk && eventStated) {
        return {
          established: true,
          reason: `${cited ? 'the cited sentence' : 'an evidence sentence'} states "${short}" with ${anchored.join(', ')} and the asked relation (${cues.length > 0 ? cues.slice(0, 3).join(', ') : 'location'})`,
          span: { chunkId: c.chunkId, start: c.start, end: c.start + c.text.length },
          ...(options.deferUnstated ? { unstated } : {}),
          // Entities of the other hops, when the asked clause is about an unnamed thing they
          // identify, that this sentence and its bridge do not reach.
          unanchored: entities.filter(
            (e) => unnamed && !mentioned(e, clauseTokens) && !reaches(e, tokens, c.subject) && !(bridged && (e === bridged.entity || mentioned(e, new Set(normTokens(bridged.sentence))))),
          ),
        };
      }
      const stated = (cue || subjectCue || titled) && prepOk && eventStated;
      if (!best || missing.length + unstated.length + (stated ? 0 : 1) < best.missing.length + best.unstated.length + (best.cue ? 0 : 1)) best = { missing, unstated, cue: stated, c };
    }
  }
  if (!best) return { established: false, reason: `${cited ? 'the cited sentence does not state' : 'no evidence sentence states'} "${short}"` };
  const parts: string[] = [];
  if (best.missing.length > 0) parts.push(`does not mention ${best.missing.join(' or ')}`);
  if (best.unstated.length > 0) parts.push(`does not say ${best.unstated.slice(0, 4).map((u) => `"${u}"`).join(', ')}`);
  else if (!best.cue) parts.push(`does not state the relation asked (${cues.length > 0 ? cues.slice(0, 3).join(', ') : 'location'}) next to it`);
  return { established: false, reason: `${cited ? where : 'the evidence sentence'} with "${short}" ${parts.join(' and ')}` };
}

// The query plan Q(q) = (t, s, h, E(q), π) over an open typed graph (the relation schema of
// @rag/core: born_in, director, located_in, …) rather than Author–Paper–Venue. Surface cues
// give the relations asked for and the answer's type; the query type follows from them:
//  - Attr: one entity and a relation whose tail is a literal ("When was X born?");
//  - Rel: one entity and a relation to another entity ("Who directed X?");
//  - Agg: counting ("How many …") or comparing two named entities ("X or Y", "both");
//  - Multi: a relation asked of an entity described by another relation ("the film that …").
// The start type is the type of the node the first resolvable mention names; it is filled in
// by the agent once the node is found. Like the scholarly planner this is a rule set, not
// language understanding.
// Given the graph, the planner also reads its schema (typed-graph-schema.ts): on a graph with
// its own node types (Library / Function / Option, a domain template's types) the cue relations
// of the core schema mean nothing, so the relations and answer types are the graph's own whose
// names the question uses ("Which options …" → has_option, Option), and identifiers written in
// code style (parse_args, os.path) count as mentions. On a core-typed graph nothing changes.
import { invalidInput, type QueryType } from '@rag/core';
import type { GraphStore } from '@rag/graph-store';
import type { QueryPlan, QueryPlanner } from './query-plan.js';
import { readTypedGraphSchema, type TypedGraphSchema } from './typed-graph-schema.js';

/** h per query type on a typed graph: literals are nodes here, so an attribute is one hop away. */
export const TYPED_HOPS_BY_TYPE: Record<QueryType, number> = { attr: 1, rel: 1, agg: 1, multi: 2 };

/** Question words → schema relations they ask about (checked in order; several may match). */
const CUES: readonly [RegExp, readonly string[]][] = [
  [/\bborn\b|\bbirth/, ['born_on', 'born_in']],
  [/\bdied\b|\bdeath\b/, ['died_on', 'died_in']],
  [/\bdirect(?:ed|or|ors)\b/, ['director']],
  [/\bwr(?:ote|itten|iter)\b|\bauthor|\bcompos(?:ed|er)\b|\bcreat(?:ed|or)\b/, ['author']],
  [/\bstarr?(?:ed|ing|s)?\b|\bact(?:or|ress|ed)\b|\bperform|\bsang\b|\bsinger\b|\bband\b|\bvoiced?\b|\bplayed\b|\bappear(?:ed|s|ing)?\b/, ['performer', 'member_of']],
  [/\bproduc(?:ed|er)\b/, ['producer']],
  [/\bpublish|\blabel\b|\bnetwork\b|\bbroadcast|\baired?\b|\bstudio\b/, ['publisher']],
  [/\breleas|\bpremiered?\b|\bcame out\b|\bfirst (?:aired|published)\b/, ['released_on']],
  [/\bfound(?:ed|er|ers|ing)\b|\bestablished\b|\bformed\b/, ['founded_by', 'founded_in']],
  [/\bheadquarter|\bbased\b/, ['headquartered_in', 'located_in']],
  [/\blocated\b|\bwhere\b|\bin which (?:city|state|country|county|region)\b|\bwhat (?:city|state|country|county|region|town)\b/, ['located_in', 'country', 'headquartered_in', 'born_in']],
  [/\bmember\b|\bteam\b|\bclub\b|\bplay(?:s|ed)? for\b|\bsigned\b/, ['member_of']],
  [/\bnationality\b|\bcitizen\b|\bfrom what country\b/, ['nationality']],
  [/\bmarried\b|\bwife\b|\bhusband\b|\bspouse\b/, ['spouse']],
  [/\bfather\b|\bmother\b|\bparents?\b/, ['parent']],
  [/\bsons?\b|\bdaughters?\b|\bchild(?:ren)?\b/, ['child']],
  [/\bbrothers?\b|\bsisters?\b|\bsiblings?\b/, ['sibling']],
  [/\bgenre\b|\bstyle\b|\bkind of (?:music|film)\b/, ['genre']],
  [/\boccupation\b|\bprofession\b|\bjob\b|\bposition\b|\bwork(?:s|ed)? as\b/, ['occupation']],
  [/\baward|\bprize\b|\bwon\b/, ['award']],
  [/\bcapital\b/, ['capital_of']],
  [/\bstudied\b|\beducated\b|\battend(?:ed)?\b|\buniversity\b|\bcollege\b|\bschool\b|\bgraduated?\b/, ['educated_at']],
  [/\bpart of\b|\bdivision\b|\bsubsidiary\b/, ['part_of']],
  [/\balso known\b|\bother name\b|\bnickname\b|\breal name\b|\bstage name\b|\bbetter known\b/, ['alias']],
  [/\bwhat (?:type|kind|sort) of\b|\bwhat is\b|\bwhat was\b/, ['instance_of']],
];

const DATE_RELATIONS = new Set(['born_on', 'died_on', 'released_on', 'founded_in']);
const PLACE_RELATIONS = new Set(['born_in', 'died_in', 'located_in', 'country', 'headquartered_in', 'capital_of']);

/** Expected answer types from the question word. */
function answerTypesOf(q: string): string[] {
  if (/^(?:when|what year|in what year|in which year|what date|on what date)\b/.test(q) || /\b(?:what|which) year\b/.test(q)) return ['Date'];
  if (/^where\b|\b(?:what|which) (?:city|state|country|county|region|town|province|place)\b/.test(q)) return ['Place'];
  if (/^(?:who|whom|whose)\b/.test(q)) return ['Person', 'Organization'];
  if (/^how many\b/.test(q)) return ['Number'];
  return [];
}

const STOP_CAPS = new Set(['Who', 'What', 'Which', 'When', 'Where', 'Why', 'How', 'In', 'On', 'At', 'The', 'A', 'An', 'Is', 'Are', 'Was', 'Were', 'Did', 'Do', 'Does', 'Has', 'Have', 'Of', 'For', 'From', 'By', 'That', 'This', 'These', 'Those', 'Name', 'And', 'Or']);

/** Entity mentions: quoted titles, then capitalised phrases ("Leland, North Carolina", "House of 1000 Corpses"). */
export function typedMentionsOf(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/["“]([^"”]+)["”]/g)) out.push(m[1]!.trim());
  const rest = query.replace(/["“][^"”]+["”]/g, ' , ');
  const re = /[\p{Lu}\d][\p{L}\p{M}\d'’.&-]*(?:\s+(?:(?:of|the|de|la|du|von|van)\s+)?[\p{Lu}\d][\p{L}\p{M}\d'’.&-]*)*/gu;
  for (const m of rest.matchAll(re)) {
    let words = m[0].split(/\s+/);
    while (words.length > 0 && STOP_CAPS.has(words[0]!)) words = words.slice(1);
    const phrase = words.join(' ').replace(/['’]s$/, '').replace(/[.,]$/, '');
    if (phrase && !/^\d+$/.test(phrase) && !(words.length === 1 && STOP_CAPS.has(phrase))) out.push(phrase);
  }
  return [...new Set(out)];
}

/** π for a typed-graph plan: lookup, the hops, and the operation at the end. */
export function typedStepsOf(plan: Pick<QueryPlan, 'type' | 'entities' | 'relations' | 'target' | 'order' | 'yesNo' | 'answerTypes'>): string[] {
  const { type, target, order } = plan;
  const relations = plan.relations ?? [];
  const answerTypes = plan.answerTypes ?? [];
  return [
    `lookup:${plan.entities[0] ?? '?'}`,
    ...(type === 'multi' ? ['hop:any'] : []),
    `hop:${relations.join('|') || 'any'}`,
    target === 'compare' ? (order ? `compare:${order}(date)` : plan.yesNo ? 'compare:shared' : 'compare:match') : target === 'relation-count' ? 'aggregate:count' : `collect:${answerTypes.join('|') || 'any'}`,
  ];
}

const stemWord = (w: string) => w.toLowerCase().replace(/ies$/, 'y').replace(/(?:es|s)$/, '');
const NAME_STOP = new Set(['has', 'have', 'had', 'is', 'of', 'in', 'on', 'at', 'by', 'to', 'for', 'from', 'the', 'a', 'an', 'and', 'or', 'with', 'as']);
/** Content words of a type or relation name: "has_option" → option, "DefaultValue" → default, value. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 2 && !NAME_STOP.has(w))
    .map(stemWord);

/** Identifiers in code style: snake_case, dotted or camelCase names. */
function codeMentionsOf(query: string): string[] {
  return [...query.matchAll(/(?<![\w.])(?:[A-Za-z_][\w]*(?:[._][\w]+)+|[a-z]+[A-Z][\w]*)(?![\w])/g)].map((m) => m[0].replace(/[.]$/, ''));
}

/** Lower-case words and word pairs of the question that name a node of the graph ("argkit"). */
function namedWordsOf(query: string, graph: GraphStore): string[] {
  const words = query.split(/[\s,;:?!"“”()]+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++)
    for (const n of [2, 1]) {
      const phrase = words.slice(i, i + n).join(' ');
      if (words.length >= i + n && phrase.length > 2 && !/^\p{Lu}/u.test(phrase) && graph.findByName(phrase).length > 0) out.push(phrase);
    }
  return out;
}

/** The graph's own relation and answer types the question names (graphs not typed with the core schema). */
function ownSchemaCues(query: string, schema: TypedGraphSchema): { relations: string[]; answerTypes: string[] } {
  const words = new Set(query.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2).map(stemWord));
  const relations = schema.relations.filter((r) => nameWords(r.relation).some((w) => words.has(w))).map((r) => r.relation);
  // the answer's type: the type named right after the question word ("Which options …", "What function …")
  const asked = /\b(?:which|what|how many)\s+(?:[a-z]+\s+)?([a-z]+)/i.exec(query);
  const askedWords = asked ? [asked[1]!, ...(asked[0].split(/\s+/).slice(1, -1))].map(stemWord) : [];
  const answerTypes = schema.nodeTypes.filter((t) => nameWords(t.type).some((w) => askedWords.includes(w))).map((t) => t.type);
  return { relations, answerTypes };
}

export interface TypedGraphPlannerOptions {
  /** Plan from this graph's own schema when it is not typed with the core extraction schema. */
  graph?: GraphStore;
}

export function createTypedGraphPlanner(options: TypedGraphPlannerOptions = {}): QueryPlanner {
  return {
    async plan(query) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const q = query.trim().toLowerCase();
      const schema = options.graph ? readTypedGraphSchema(options.graph) : undefined;
      const own = schema && !schema.coreTyped ? schema : undefined;
      const entities = own && options.graph ? [...new Set([...typedMentionsOf(query), ...codeMentionsOf(query), ...namedWordsOf(query, options.graph)])] : typedMentionsOf(query);
      let answerTypes = answerTypesOf(q);
      let relations = [...new Set(CUES.filter(([re]) => re.test(q)).flatMap(([, r]) => r))];
      // the question word narrows a cue to its slot: "When … born" asks born_on, "Where … born" born_in
      if (answerTypes.includes('Date')) relations = relations.filter((r) => DATE_RELATIONS.has(r)).concat(relations.some((r) => DATE_RELATIONS.has(r)) ? [] : ['born_on', 'released_on', 'founded_in']);
      else if (answerTypes.includes('Place')) relations = relations.filter((r) => PLACE_RELATIONS.has(r) || r === 'member_of').concat(relations.some((r) => PLACE_RELATIONS.has(r)) ? [] : ['located_in', 'country', 'headquartered_in']);
      else relations = relations.filter((r) => !DATE_RELATIONS.has(r) || relations.length === 1);
      const yesNo = /^(?:are|is|was|were|do|does|did|has|have|can|could)\b/.test(q);
      const twoNamed = entities.length >= 2 && (/\bboth\b|\beither\b|\bor\b|\bsame\b|\bmore\b|\bolder\b|\byounger\b|\bfirst\b|\bearlier\b|\blater\b/.test(q) || yesNo);
      let type: QueryType;
      let target: QueryPlan['target'];
      let order: QueryPlan['order'];
      if (twoNamed) {
        type = 'agg';
        target = 'compare';
        if (/\b(?:older|oldest|first|earlier|earliest|before)\b/.test(q)) order = 'min';
        else if (/\b(?:younger|youngest|later|latest|newer|newest|more recent|last)\b/.test(q)) order = 'max';
        if (order) relations = ['born_on', 'released_on', 'founded_in', 'died_on'];
      } else if (/^how many\b|\bnumber of\b/.test(q)) {
        type = 'agg';
        target = 'relation-count';
      } else {
        // "Who directed the film that starred X": a relation of an entity reached through another
        const described = /\b(?:that|which|who|whose|where)\b/.test(q.replace(/^(?:who|which|where|what)\b/, '')) || / (?:the|a|an) [a-z]+ (?:of|by|from|in|with) /.test(q);
        type = described && entities.length > 0 ? 'multi' : relations.length > 0 && relations.every((r) => DATE_RELATIONS.has(r)) ? 'attr' : 'rel';
        target = 'relation';
      }
      if (own) {
        // the graph's own names: core cue relations and types it does not have are dropped
        const cues = ownSchemaCues(query, own);
        const hasRelation = new Set(own.relations.map((r) => r.relation));
        const hasType = new Set(own.nodeTypes.map((t) => t.type));
        relations = [...new Set([...relations.filter((r) => hasRelation.has(r)), ...cues.relations])];
        answerTypes = cues.answerTypes.length > 0 ? cues.answerTypes : answerTypes.filter((t) => hasType.has(t));
      }
      const steps = typedStepsOf({ type, entities, relations, target, yesNo, answerTypes, ...(order ? { order } : {}) });
      return { type, startType: '', hops: TYPED_HOPS_BY_TYPE[type], entities, steps, target, relations, answerTypes, yesNo, ...(order ? { order } : {}) };
    },
  };
}

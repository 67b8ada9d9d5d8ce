// The knowledge-graph relation schema shared by every triple extractor (embedded patterns and
// the LLM): entity types, the named relations with their head/tail types, label synonyms that
// map onto them, and the zod schema an extractor's output is validated with. The schema is
// open-ended: a label outside it stays a valid (untyped-by-schema) relation.
import { z } from 'zod';

/** Entity types an extractor assigns. Date and Number are literals (attribute values). */
export const KG_ENTITY_TYPES = ['Person', 'Organization', 'Place', 'Date', 'Work', 'Event', 'Number', 'Concept'] as const;
export type KgEntityType = (typeof KG_ENTITY_TYPES)[number];

/** Types whose nodes are literal values: they exist only as the tail of a typed relation. */
export const KG_LITERAL_TYPES: ReadonlySet<string> = new Set(['Date', 'Number']);

/** Weak, untyped edges: stored separately weighted, never counted as typed facts. */
export const KG_WEAK_RELATIONS: ReadonlySet<string> = new Set(['co_occurs_with', 'mentions', 'related_to']);

export interface RelationSpec {
  relation: string;
  head: readonly string[];
  tail: readonly string[];
  description: string;
  /** Same fact whichever way round (spouse, sibling). */
  symmetric?: boolean;
}

const AGENT = ['Person', 'Organization'];
const ANY = ['Person', 'Organization', 'Place', 'Work', 'Event', 'Concept'];

export const RELATION_SCHEMA: readonly RelationSpec[] = [
  // person
  { relation: 'born_in', head: ['Person'], tail: ['Place'], description: 'place of birth' },
  { relation: 'born_on', head: ['Person'], tail: ['Date'], description: 'date of birth' },
  { relation: 'died_in', head: ['Person'], tail: ['Place'], description: 'place of death' },
  { relation: 'died_on', head: ['Person'], tail: ['Date'], description: 'date of death' },
  { relation: 'spouse', head: ['Person'], tail: ['Person'], description: 'husband or wife', symmetric: true },
  { relation: 'parent', head: ['Person'], tail: ['Person'], description: 'the tail is a parent of the head' },
  { relation: 'child', head: ['Person'], tail: ['Person'], description: 'the tail is a child of the head' },
  { relation: 'sibling', head: ['Person'], tail: ['Person'], description: 'brother or sister', symmetric: true },
  { relation: 'nationality', head: ['Person', 'Organization', 'Work'], tail: ['Place', 'Concept'], description: 'country or nationality (demonym)' },
  { relation: 'occupation', head: ['Person'], tail: ['Concept'], description: 'profession or office' },
  { relation: 'member_of', head: AGENT, tail: ['Organization'], description: 'member, player or officer of an organisation' },
  { relation: 'educated_at', head: ['Person'], tail: ['Organization'], description: 'school or university attended' },
  { relation: 'award', head: [...AGENT, 'Work'], tail: ['Concept', 'Work', 'Event'], description: 'award or prize received' },
  // work
  { relation: 'director', head: ['Work', 'Event'], tail: ['Person'], description: 'director of a film or show' },
  { relation: 'author', head: ['Work'], tail: AGENT, description: 'writer, composer or lyricist' },
  { relation: 'performer', head: ['Work'], tail: AGENT, description: 'actor, singer or band performing in the work' },
  { relation: 'producer', head: ['Work'], tail: AGENT, description: 'producer of the work' },
  { relation: 'publisher', head: ['Work'], tail: ['Organization'], description: 'publisher, label, studio or broadcaster' },
  { relation: 'released_on', head: ['Work', 'Event'], tail: ['Date'], description: 'publication or release date' },
  { relation: 'genre', head: ['Work', 'Organization', 'Person'], tail: ['Concept'], description: 'genre or style' },
  // organisation
  { relation: 'founded_by', head: ['Organization', 'Work', 'Event'], tail: AGENT, description: 'founder' },
  { relation: 'founded_in', head: ['Organization', 'Event', 'Place'], tail: ['Date'], description: 'founding date or year' },
  { relation: 'headquartered_in', head: ['Organization'], tail: ['Place'], description: 'seat or base' },
  { relation: 'part_of', head: ANY, tail: ANY, description: 'component, subsidiary or section of' },
  // place
  { relation: 'located_in', head: ['Place', 'Organization', 'Event'], tail: ['Place'], description: 'located in a larger place' },
  { relation: 'country', head: ['Place', 'Organization', 'Event'], tail: ['Place'], description: 'country the head belongs to' },
  { relation: 'capital_of', head: ['Place'], tail: ['Place'], description: 'the head is the capital of the tail' },
  { relation: 'borders', head: ['Place'], tail: ['Place'], description: 'shares a border with', symmetric: true },
  { relation: 'flows_into', head: ['Place'], tail: ['Place'], description: 'river or stream that flows into the tail (a river, lake or sea)' },
  { relation: 'owned_by', head: ['Organization', 'Place', 'Work'], tail: AGENT, description: 'owner or operator' },
  // general
  { relation: 'instance_of', head: ANY, tail: ['Concept'], description: 'class of the head ("X is a Y")' },
  { relation: 'alias', head: ANY, tail: ANY, description: 'another name of the head' },
];

const BY_NAME = new Map(RELATION_SCHEMA.map((r) => [r.relation, r]));

/** Common spellings of schema relations (after snake_case normalisation) → the schema label. */
const SYNONYMS: Record<string, string> = {
  is_a: 'instance_of', type: 'instance_of', instance: 'instance_of',
  birthplace: 'born_in', place_of_birth: 'born_in', date_of_birth: 'born_on', birth_date: 'born_on', born: 'born_on',
  place_of_death: 'died_in', date_of_death: 'died_on', death_date: 'died_on',
  married_to: 'spouse', wife: 'spouse', husband: 'spouse', spouse_of: 'spouse',
  father: 'parent', mother: 'parent', son_of: 'parent', daughter_of: 'parent', child_of: 'parent',
  son: 'child', daughter: 'child', parent_of: 'child', brother: 'sibling', sister: 'sibling', sibling_of: 'sibling',
  citizenship: 'nationality', country_of_citizenship: 'nationality',
  profession: 'occupation', job: 'occupation', position_held: 'occupation',
  member: 'member_of', plays_for: 'member_of', memberof: 'member_of',
  studied_at: 'educated_at', alma_mater: 'educated_at', graduated_from: 'educated_at', education: 'educated_at',
  award_received: 'award', won: 'award', awarded: 'award',
  directed_by: 'director', written_by: 'author', wrote: 'author', authored_by: 'author', composer: 'author', screenwriter: 'author',
  starring: 'performer', cast_member: 'performer', performed_by: 'performer', starred_in: 'performer',
  produced_by: 'producer', published_by: 'publisher', record_label: 'publisher', label: 'publisher', network: 'publisher',
  release_date: 'released_on', publication_date: 'released_on', released: 'released_on', released_in: 'released_on',
  founder: 'founded_by', founded: 'founded_in', inception: 'founded_in', founding_date: 'founded_in',
  headquarters: 'headquartered_in', headquarters_location: 'headquartered_in', based_in: 'headquartered_in',
  subsidiary_of: 'part_of', division_of: 'part_of',
  location: 'located_in', located_at: 'located_in', in_country: 'country',
  capital: 'capital_of', shares_border_with: 'borders', borders_with: 'borders', bordered_by: 'borders', adjacent_to: 'borders',
  flows_to: 'flows_into', empties_into: 'flows_into', mouth: 'flows_into', drains_into: 'flows_into',
  owner: 'owned_by', owned: 'owned_by', operated_by: 'owned_by', operator: 'owned_by',
  also_known_as: 'alias', aka: 'alias', known_as: 'alias',
};

/** snake_case a free-form label ("Was Born In" → "was_born_in"); "related_to" when empty. */
export function snakeRelation(label: string): string {
  const out = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return out || 'related_to';
}

/** The schema label a free-form label means, or the snake_cased label itself (open-ended). */
export function canonicalRelation(label: string): string {
  const snake = snakeRelation(label);
  if (BY_NAME.has(snake)) return snake;
  return SYNONYMS[snake] ?? snake;
}

export function relationSpec(relation: string): RelationSpec | undefined {
  return BY_NAME.get(relation);
}

/** True for the schema's named relations (the "typed" edges). */
export function isSchemaRelation(relation: string): boolean {
  return BY_NAME.has(relation);
}

// ---- The one zod schema every extractor's output is validated with ----

export const KgEntityReplySchema = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  description: z.string().optional(),
});

export const KgRelationReplySchema = z.object({
  head: z.string().min(1),
  relation: z.string().min(1),
  tail: z.string().min(1),
  evidence: z.string().optional().describe('The sentence of the text that states the relation, quoted'),
});

export const KgExtractionReplySchema = z.object({
  entities: z.array(KgEntityReplySchema).describe('Entities named in the text'),
  relations: z.array(KgRelationReplySchema).describe('Relations between the entities'),
});
export type KgExtractionReply = z.infer<typeof KgExtractionReplySchema>;

/** The schema as prompt text: one line per relation with its head → tail types. */
export function describeRelationSchema(): string {
  return RELATION_SCHEMA.map((r) => `- ${r.relation} (${r.head.join('|')} → ${r.tail.join('|')}): ${r.description}`).join('\n');
}

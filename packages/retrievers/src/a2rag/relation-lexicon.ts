// Relation-intent lexicon: cue words → normalised relation labels. The heuristic query
// analyzer uses it to find A2RAG relation seeds (S_R) and the fixture extractor uses the same
// table, so query intents and graph relation types share one vocabulary.
import { canonicalRelation } from '@rag/core';

export const RELATION_CUES: Readonly<Record<string, string>> = Object.freeze({
  born: 'born_in',
  birthplace: 'born_in',
  died: 'died_in',
  death: 'died_in',
  directed: 'directed_by',
  director: 'directed_by',
  wrote: 'written_by',
  written: 'written_by',
  author: 'written_by',
  founded: 'founded_by',
  founder: 'founded_by',
  located: 'located_in',
  headquartered: 'located_in',
  headquarters: 'located_in',
  capital: 'capital_of',
  married: 'spouse_of',
  spouse: 'spouse_of',
  wife: 'spouse_of',
  husband: 'spouse_of',
  starred: 'starring',
  starring: 'starring',
  played: 'played_for',
  plays: 'played_for',
  member: 'member_of',
  released: 'released_by',
  published: 'published_by',
  publisher: 'published_by',
  produced: 'produced_by',
  producer: 'produced_by',
  owned: 'owned_by',
  owner: 'owned_by',
  created: 'created_by',
  creator: 'created_by',
  composed: 'composed_by',
  composer: 'composed_by',
  educated: 'educated_at',
  studied: 'educated_at',
  graduated: 'educated_at',
  attended: 'educated_at',
  son: 'child_of',
  daughter: 'child_of',
  father: 'parent_of',
  mother: 'parent_of',
  named: 'named_after',
  county: 'located_in',
  country: 'country_of',
  nationality: 'country_of',
});

/**
 * Intents whose relation-schema label (`RELATION_SCHEMA` in @rag/core) `canonicalRelation`
 * does not derive from the intent's own spelling. A graph built by a schema extractor stores
 * "played for" as `member_of` and "country of" as `country` / `nationality`.
 */
const SCHEMA_OF_INTENT: Readonly<Record<string, readonly string[]>> = Object.freeze({
  played_for: ['member_of'],
  released_by: ['publisher'],
  composed_by: ['author'],
  created_by: ['author', 'founded_by'],
  country_of: ['country', 'nationality'],
});

/** Schema labels an intent means: its canonical spelling plus the table above. */
export function schemaRelationsOf(intent: string): string[] {
  return [...new Set([canonicalRelation(intent), ...(SCHEMA_OF_INTENT[intent] ?? [])])];
}

/** Relation labels whose cue words appear in the text. */
export function relationCues(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const r = RELATION_CUES[w];
    if (r) out.add(r);
  }
  return [...out];
}

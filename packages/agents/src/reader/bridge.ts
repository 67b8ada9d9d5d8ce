// Bridge resolution for multi-hop questions. "What is the name of the waterfall in the country
// where the Bubye River is found?": the passage about the question's entity (the Bubye River)
// names the bridge (Zimbabwe), and another passage that names the bridge too holds the answer
// (Victoria Falls … on the border of Zambia and Zimbabwe). A bridge entity is a name stated in a
// sentence about the question's entities that another passage, not about those entities, also
// names, and that states one of the question's relation words: the link between the hops.
// sentence-scoring.ts lifts the second hop's sentences, and the
// candidate scorer demotes the bridge itself, the first hop's result rather than the answer.
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { bridgeNames } from './sentence-scoring.js';
import { QUESTION_WORDS, type Sent } from './types.js';
import { relationWords } from '@rag/verify';

/** Keys (phraseKey) of bridge entities: named next to the question's entities and in a passage of the next hop. */
export function bridgeEntities(query: string, sents: Sent[]): Set<string> {
  const named = bridgeNames(query, sents);
  if (named.length === 0) return new Set();
  const entities = nameSpans(query).map((n) => contentTerms(n.text)).filter((t) => t.length > 0);
  const entityTerms = new Set(entities.flat());
  // The question's relation words ("waterfall", "spouse"), and the words evidence uses for them.
  const relation = [...new Set(contentTerms(query))].filter((t) => !entityTerms.has(t) && !QUESTION_WORDS.has(t));
  const relationTerms = new Set([...relation, ...relation.flatMap((t) => relationWords(t))]);
  const otherHop: string[] = [];
  const seen = new Set<string>();
  for (const s of sents) {
    if (seen.has(s.chunk.chunkId)) continue;
    seen.add(s.chunk.chunkId);
    const terms = new Set(contentTerms(s.chunk.text));
    // A passage about the question's own entity is the first hop; a passage that states none of
    // the question's relation words is no next hop ("Where was X born?" is not answered by the
    // page of the town X was born in, so that town is no bridge).
    if (entities.some((e) => e.every((t) => terms.has(t)))) continue;
    if (![...relationTerms].some((t) => terms.has(t))) continue;
    otherHop.push(` ${phraseKey(s.chunk.text)} `);
  }
  return new Set(named.filter((b) => otherHop.some((text) => text.includes(` ${b} `))));
}

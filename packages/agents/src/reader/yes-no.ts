// Yes/no questions: "Are A and B both X?" is yes when every entity's own sentences state the
// question's key terms; "Same state / country …?" compares the place of that level read for each
// entity (same-attribute.ts); another "Same X?" is yes when the entities' sentences share a
// descriptor.
import { contentTerms, nameSpans, phraseKey } from '../internal/spans.js';
import { mentions } from './comparison.js';
import { compareSamePlace, sameLevel } from './same-attribute.js';
import { QUESTION_WORDS, type ReadAnswer, type Sent } from './types.js';

export function answerYesNo(query: string, sents: Sent[]): ReadAnswer | undefined {
  if (sents.length === 0) return undefined;
  // A demonym used as an adjective ("both American directors", "British publications") is a
  // property asked about, not an entity compared.
  const entities = nameSpans(query)
    .filter((n) => !(/^\p{Lu}\p{Ll}+(?:an|ese|ish|ic)$/u.test(n.text) && /^\s+\p{Ll}/u.test(query.slice(n.end))))
    .map((s) => s.text)
    .filter((e) => contentTerms(e).length > 0);
  const entityTerms = new Set(entities.flatMap(contentTerms));
  const key = [...new Set(contentTerms(query))].filter((t) => !entityTerms.has(t) && !QUESTION_WORDS.has(t) && t !== 'same' && t !== 'both');
  if (entities.length === 0) {
    const best = sents[0]!;
    const cover = key.length === 0 ? 0 : key.filter((t) => best.terms.has(t)).length / key.length;
    return { text: cover >= 0.8 ? 'yes' : 'no', sent: best };
  }
  const perEntity = entities.map((e) => sents.filter((s) => mentions(s, e)).slice(0, 3));
  const level = sameLevel(query);
  const place = level ? compareSamePlace(entities, sents, level) : undefined;
  if (place) return { text: place.same ? 'yes' : 'no', sent: place.sent };
  if (/\bsame\b/i.test(query) && entities.length >= 2) {
    // "Same X?": the entities' best sentences must share a descriptor (e.g. "American").
    const descriptors = perEntity.map((ss, i) => {
      const own = new Set(contentTerms(entities[i]!));
      return new Set(ss.flatMap((s) => nameSpans(s.text).map((n) => phraseKey(n.text))).filter((k) => !contentTerms(k).every((t) => own.has(t))));
    });
    const shared = [...descriptors[0]!].filter((d) => descriptors.slice(1).every((ds) => ds.has(d)) && !entities.some((e) => phraseKey(e) === d));
    const sent = perEntity[0]![0] ?? sents[0]!;
    return { text: shared.length > 0 ? 'yes' : 'no', sent };
  }
  const ok = perEntity.every((ss) => {
    if (ss.length === 0) return false;
    if (key.length === 0) return true;
    // Plural-insensitive ("designers" in the question, "designer" in the evidence).
    const terms = new Set(ss.flatMap((s) => [...s.terms].map(singular)));
    return key.filter((t) => terms.has(singular(t))).length / key.length >= 0.6;
  });
  return { text: ok ? 'yes' : 'no', sent: perEntity.find((ss) => ss.length > 0)?.[0] ?? sents[0]! };
}

function singular(term: string): string {
  return term.length > 4 && term.endsWith('s') && !term.endsWith('ss') ? term.slice(0, -1) : term;
}

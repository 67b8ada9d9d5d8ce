// Place chains: a subject lies in y and in every larger place named after it.
import { classTypeOf } from './class-nouns.js';
import { isCompass, isCountry, place } from './pattern-words.js';
import type { SentenceScan } from './sentence-scan.js';
import type { Mention } from './sentence-tokens.js';

/** subj lies in y and in every larger place named after it: "… a village in Ratnagiri district,
 *  Konkan, Maharashtra state, India", "in the Piedmont region of Virginia", "in Arenac County in
 *  the U.S. state of Michigan" (containment is transitive). */
export function placeChain(s: SentenceScan, subj: Mention, y: Mention, firstRelation?: string): void {
  const { tokens, byStart, lower, emit, listFrom } = s;
  emit(subj, firstRelation ?? (isCountry(y) ? 'country' : 'located_in'), y);
  // "located in Sac and Buena Vista counties in north-west Iowa": names listed before a plural
  // place noun are each a place the subject lies in; the chain goes on after the noun
  let from = y;
  const list = listFrom(y);
  const after = list[list.length - 1]!.t1;
  if (list.length > 1 && !tokens[after]?.cap && /s$/.test(lower(after)) && classTypeOf(lower(after)) === 'Place') {
    for (const m of list.slice(1)) {
      if (m === subj) continue;
      m.type = 'Place';
      emit(subj, firstRelation ?? (isCountry(m) ? 'country' : 'located_in'), m);
    }
    from = list[list.length - 1]!;
  }
  for (let c = from; ; ) {
    let j = c.t1;
    while (j < c.t1 + 2 && tokens[j] && !tokens[j]!.cap && classTypeOf(lower(j)) === 'Place') j++;
    let n: Mention | undefined;
    // "Caloocan, northern Metro Manila, Philippines"
    if (tokens[j]?.text === ',') {
      // "in Presque Isle County, Michigan, in the United States": the chain goes on after ", in"
      const at = lower(j + 1) === 'in' ? (lower(j + 2) === 'the' ? j + 3 : j + 2) : j + 1;
      n = byStart.get(at) ?? (isCompass(lower(at)) ? byStart.get(at + 1) : undefined);
      if (at > j + 1 && n && !(n.type === 'Place' && (isCountry(n) || c.type === 'Place'))) n = undefined;
    }
    else if ((lower(j) === 'of' && j > c.t1) || lower(j) === 'in') {
      // "in the U.S. state of Michigan": a country named as a modifier is passed over
      let i = lower(j + 1) === 'the' ? j + 2 : j + 1;
      // "in southwestern New Hampshire", "in north-west Iowa": a compass word before the place
      if (isCompass(lower(i)) && !byStart.has(i)) i++;
      n = byStart.get(i);
      if (n && place(n) && isCountry(n) && !tokens[n.t1]?.cap && classTypeOf(lower(n.t1)) === 'Place' && lower(n.t1 + 1) === 'of') {
        n.type = 'Place';
        emit(subj, 'country', n);
        i = n.t1 + 2;
        n = byStart.get(i);
        if (!n || n.type !== 'Place') break;
      }
      // an untyped name counts only with a place noun after it: "in the Harlan region of …"
      if (n && !(n.type === 'Place' || (n.type === 'Entity' && !tokens[n.t1]?.cap && classTypeOf(lower(n.t1)) === 'Place'))) n = undefined;
    }
    if (n && n.type === 'Nationality' && isCountry(n)) n.type = 'Place';
    if (!n || !(n.type === 'Place' || n.type === 'Entity') || n === subj) break;
    if (n.type === 'Entity') n.type = 'Place';
    emit(subj, isCountry(n) ? 'country' : 'located_in', n);
    if (isCountry(n)) break;
    c = n;
  }
}

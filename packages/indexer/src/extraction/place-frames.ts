// Place frames read after all others: "the 1928 Winter Olympics in St. Moritz", comma chains
// ("Salt Gap, McCulloch County, Texas"), and an untyped name after "in" / "at" / "near" as a place.
import { isCountry } from './pattern-words.js';
import type { SentenceScan } from './sentence-scan.js';

export function placeFrames(s: SentenceScan): void {
  const { tokens, mentions, lower, emit } = s;
  // ---- "at Castle Studios in Nashville", "the 1928 Winter Olympics in St. Moritz"
  for (let i = 0; i + 1 < mentions.length; i++) {
    const a = mentions[i]!;
    const b = mentions[i + 1]!;
    if ((a.type === 'Place' || a.type === 'Event') && b.type === 'Place' && b.t0 === a.t1 + 1 && lower(a.t1) === 'in' && !a.page) emit(a, isCountry(b) && a.type === 'Place' ? 'country' : 'located_in', b);
  }
  // ---- place chains: "Salt Gap, McCulloch County, Texas, United States"
  for (let i = 0; i < mentions.length; ) {
    let e = i;
    while (mentions[e + 1] && mentions[e + 1]!.t0 === mentions[e]!.t1 + 1 && tokens[mentions[e]!.t1]!.text === ',' && mentions[e + 1]!.type !== 'Date') e++;
    const chain = mentions.slice(i, e + 1);
    i = e + 1;
    if (chain.length < 2) continue;
    // "Faisalabad, Rawalpindi, Gujranwala … and Sahiwal" is a list, not a chain of containment
    const afterChain = lower(chain[chain.length - 1]!.t1);
    const isList = afterChain === 'and' || (afterChain === ',' && lower(chain[chain.length - 1]!.t1 + 1) === 'and') || chain.length > 4;
    if (isList) {
      // a list shares one type: untyped members take the type of the typed ones
      const known = chain.find((m) => m.type !== 'Entity' && m.type !== 'Date')?.type;
      if (known) for (const m of chain) if (m.type === 'Entity') m.type = known;
      continue;
    }
    if (chain[0]!.type !== 'Place') continue;
    for (let c = 0; c + 1 < chain.length; c++) {
      const a = chain[c]!;
      const b = chain[c + 1]!;
      if (!(b.type === 'Place' || b.type === 'Entity')) break;
      if (b.type === 'Entity') b.type = 'Place';
      emit(a, isCountry(b) ? 'country' : 'located_in', b);
    }
  }
  // ---- "in X", "at X", "near X": an untyped or first-name-guessed name there is a place
  for (const m of mentions) {
    const p = lower(m.t0 - 1) === 'the' ? lower(m.t0 - 2) : lower(m.t0 - 1);
    if ((m.type === 'Entity' || (m.type === 'Person' && !m.page)) && ['in', 'at', 'near', 'from'].includes(p) && !m.quoted) m.type = 'Place';
  }
}

// The answer type a question asks for, refined beyond the question's first word. @rag/verify's
// questionForm reads the opening wh-word ("Who …", "When …"); multi-hop questions often put the
// wh-phrase last ("… was founded by who?", "… based in what state?"), so here the wh-phrase is
// found anywhere in the question's last sentence and its head noun decides the type.
import { questionForm, type AnswerType } from '@rag/verify';

const PLACE_NOUNS = 'city|country|state|town|county|place|continent|region|province|island|village|district|nation|location|capital|area|territory|neighborhood|neighbourhood';
const DATE_NOUNS = 'year|date|decade|century|month|day';
const PERSON_NOUNS =
  'person|man|woman|actor|actress|author|writer|singer|director|producer|musician|rapper|player|politician|composer|poet|novelist|artist|painter|king|queen|president|coach|footballer|guitarist|drummer|vocalist|comedian|journalist|screenwriter|songwriter|businessman|philosopher|scientist|founder|senator|governor|minister|chancellor|mayor|prince|princess|emperor|general|son|daughter|wife|husband|father|mother';

const WH_PLACE = new RegExp(`\\b(?:what|which)\\s+(?:\\w+\\s+)?(?:${PLACE_NOUNS})\\b`);
const WH_DATE = new RegExp(`\\b(?:what|which)\\s+(?:${DATE_NOUNS})\\b`);
const WH_PERSON = new RegExp(`\\b(?:what|which)\\s+(?:\\w+\\s+){0,2}(?:${PERSON_NOUNS})\\b`);

/** The answer type asked: the question's own form, refined by a wh-phrase anywhere in it. */
export function askedType(query: string): AnswerType {
  const base = questionForm(query);
  if (base !== 'entity' && base !== 'other') return base;
  const q = query.toLowerCase().replace(/\s+/g, ' ');
  if (WH_DATE.test(q)) return 'date';
  if (WH_PLACE.test(q)) return 'place';
  if (/\bin what\b.*\b(?:located|based|born|situated|headquartered)\b|\bwhere\s*\??$/.test(q)) return 'place';
  // "… created by who?", "… founded by whom?": a wh-word at the end asks for a person.
  if (/\b(?:who|whom)\s*\??\s*$/.test(q) || /\bby (?:who|whom)\b/.test(q) || WH_PERSON.test(q)) return 'person';
  return base;
}

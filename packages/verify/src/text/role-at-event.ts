// "Who was president when the area where X is located became a state?": the question asks who
// held a role at the time of an event. The role ("president") is the relation asked, though the
// answer may carry it as a title ("President James K. Polk"), and the event ("became a state")
// fixes which holder: a sentence that states the holder without the event states some other one.
import { taggedTerms } from '../internal/lazy-nlp.js';
import { isRoleNoun } from './expected-type.js';
import { lemmaTokens } from './relation-cues.js';
import { STOP_WORDS } from './stop-words.js';

export interface RoleAtEvent {
  /** The role noun, lower-cased ("president"). */
  role: string;
  /** Lemmas of the event's predicate ("become", "state"), all of which the answer's sentence must state. */
  event: string[];
}

const FORM = /^\s*who\s+(?:is|was|were|are)\s+(?:the\s+)?(?:[a-z-]+\s+)?([a-z-]+)\s+(?:when|while|as)\s+(.+?)\s*\??\s*$/i;

/** The role and event of a "who was <role> when <event>?" question; undefined for any other form. */
export function roleAtEvent(query: string): RoleAtEvent | undefined {
  const m = FORM.exec(query);
  if (!m || !isRoleNoun(m[1]!)) return undefined;
  // The event's predicate: from its last verb on ("the area where X is located became a state"
  // → "became a state"); the words before it name the hop, not the event.
  const terms = taggedTerms(m[2]!);
  const verb = terms.map((t, i) => ({ t, i })).filter(({ t }) => t.tags.includes('Verb') && !t.tags.includes('Auxiliary') && !t.tags.includes('Copula')).at(-1);
  if (!verb) return undefined;
  const predicate = terms.slice(verb.i).map((t) => t.text).join(' ');
  const event = [...new Set(lemmaTokens(predicate).map((t) => t.lemma).filter((l) => l.length >= 3 && !STOP_WORDS.has(l) && !/\d/.test(l)))];
  return event.length > 0 ? { role: m[1]!.toLowerCase(), event } : undefined;
}

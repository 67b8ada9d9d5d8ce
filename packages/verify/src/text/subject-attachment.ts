// "Last Vegas is a 2013 American comedy film directed by Jon Turteltaub, written by Dan Fogelman
// and starring Michael Douglas, Robert De Niro, Morgan Freeman …": when the answer is the subject
// the sentence opens with ("X is a … film"), the relation it stands in may be stated far from it,
// attached to the question's entity ("starring … Morgan Freeman"), as long as nothing starts
// another clause in between (a relative pronoun or a semicolon would give the relation another
// subject: "X is the son of Y, who starred in Z").
import type { Mention } from './mentions.js';
import type { LemmaToken } from './relation-cues.js';

/** Words between a relation word and the question entity it introduces. */
const WINDOW = 10;

// The answer opens the sentence ("The Mission", "Last Vegas") and a copula follows it, perhaps after a parenthesis.
const OPENS = /^\s*(?:the\s+)?$/i;
const COPULA = /^\s*(?:\([^()]{0,200}\)\s*)?,?\s*(?:is|was|are|were)\s/i;
const NEW_CLAUSE = /\b(?:who|whom|whose|which|that|while|whereas|but)\b|[;:()]/i;
// "Michael Douglas, Robert De Niro, " before the entity: the other members of the list.
const LIST_GAP = /^[\s,]*(?:and\s+)?$/i;

export interface SubjectAttachmentInput {
  sentence: string;
  /** Where the answer stands in the sentence. */
  answer: { start: number; end: number };
  lemmas: readonly LemmaToken[];
  /** Is this lemma a word of the asked relation? */
  isCue: (lemma: string) => boolean;
  /** Mentions of the question's entities in the sentence. */
  entities: readonly Mention[];
  /** All name mentions of the sentence (list members between cue and entity are allowed). */
  names: readonly Mention[];
}

/** Does the sentence, whose subject is the answer, state the asked relation towards a question entity? */
export function subjectStatesRelation({ sentence, answer, lemmas, isCue, entities, names }: SubjectAttachmentInput): boolean {
  if (!OPENS.test(sentence.slice(0, answer.start)) || !COPULA.test(sentence.slice(answer.end))) return false;
  const words = (a: number, b: number) => (sentence.slice(a, b).match(/\S+/g) ?? []).length;
  return lemmas.some((t) => {
    if (t.start < answer.end || !isCue(t.lemma) || NEW_CLAUSE.test(sentence.slice(answer.end, t.start).replace(/^\s*\([^()]*\)/, ''))) return false;
    return entities.some((e) => {
      if (e.start < t.end || words(t.end, e.start) > WINDOW) return false;
      // Only other names of a list may stand between the relation word and the entity.
      let gap = sentence.slice(t.end, e.start);
      for (const n of names.filter((x) => x.start >= t.end && x.end <= e.start).sort((x, y) => y.start - x.start)) gap = gap.slice(0, n.start - t.end) + gap.slice(n.end - t.end);
      return gap.split(',').every((part) => LIST_GAP.test(part)) || LIST_GAP.test(gap);
    });
  });
}

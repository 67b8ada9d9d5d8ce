// Typed relations of one sentence, read from its structure rather than from word windows:
//  - copular and appositive frames: "X is/was a [Demonym] [date] NP (, NP and NP)" → occupation
//    (person class nouns) or instance_of, nationality, released_on, genre; "X, the NP of Y,";
//  - a class noun introducing a name: "bassist Jung Seok-won", "the band Metallica", "the ABC
//    medical drama "Grey's Anatomy"" → type, occupation, nationality, genre, publisher;
//  - verb frames for the schema's relations ("directed by", "founded in 1984", "born 2 April
//    1930 in London", "plays for", "son of", "also known as", …) with lists of tails;
//  - place chains "Salt Gap, McCulloch County, Texas" → located_in / country.
// Every pattern checks the types of both ends against the relation schema of @rag/core; a name
// the lexicon could not type ("Entity") takes the type its slot requires.
// The patterns are split by kind — class frames (class-frame.ts), frames around names (noun-frames.ts),
// verb frames as a table (verb-frames.ts), place frames (place-frames.ts) — over one SentenceScan
// (sentence-scan.ts); their word lists are in pattern-words.ts.
import { appositiveFrames, classNounFrames, classOfFrames, subjectClassFrame } from './noun-frames.js';
import { placeFrames } from './place-frames.js';
import { createSentenceScan } from './sentence-scan.js';
import type { Mention, Token } from './sentence-tokens.js';
import { verbFrames } from './verb-frames.js';

export { isCountry } from './pattern-words.js';

export interface TypedFact {
  head: Mention;
  relation: string;
  tail: Mention;
}

export interface SentenceContext {
  tokens: Token[];
  mentions: Mention[];
  /** The passage's title entity, if any. */
  page?: Mention;
  /** Raw sentence text and its absolute start offset. */
  text: string;
  start: number;
}

/** Collects the typed facts of one sentence: the frames in the order they were written, as later frames see the types earlier ones set. */
export function sentenceFacts(ctx: SentenceContext): TypedFact[] {
  const s = createSentenceScan(ctx);
  subjectClassFrame(s);
  appositiveFrames(s);
  classNounFrames(s);
  classOfFrames(s);
  verbFrames(s);
  placeFrames(s);
  return s.out;
}

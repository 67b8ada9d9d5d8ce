// Word → part-of-speech / named-entity tags from compromise's built-in English lexicon.
// We read the lexicon directly (an O(1) lookup per word) instead of running compromise's full
// tagger on every sentence: the tagger costs ~5 ms per 100-word passage on our machines,
// which alone would cap indexing below the 200 passages/s target (see docs/indexer.md).
import { loadNlp } from '../internal/lazy-nlp.js';
import { z } from 'zod';

const ModelSchema = z.object({
  one: z.object({ lexicon: z.record(z.string(), z.union([z.string(), z.array(z.string())])) }),
});

export type WordClass = 'person-first' | 'person-last' | 'person' | 'place' | 'country' | 'organization' | 'verb' | 'adverb' | 'adjective' | 'noun' | 'agent-noun' | 'function' | 'month' | 'demonym' | 'honorific';

let cache: Map<string, Set<WordClass>> | undefined;
const phrases = new Map<string, Set<WordClass>>();

function classesOf(tags: string[]): Set<WordClass> {
  const out = new Set<WordClass>();
  for (const t of tags) {
    if (t === 'FirstName' || t === 'MaleName' || t === 'FemaleName') out.add('person-first');
    else if (t === 'LastName') out.add('person-last');
    else if (t === 'Person') out.add('person');
    else if (t === 'Country') out.add('place').add('country');
    else if (t === 'City' || t === 'Region' || t === 'Place') out.add('place');
    else if (t === 'Organization' || t === 'SportsTeam') out.add('organization');
    else if (['PastTense', 'PresentTense', 'Infinitive', 'Gerund', 'Participle', 'PhrasalVerb', 'Modal', 'Copula'].includes(t)) out.add('verb');
    else if (t === 'Adverb') out.add('adverb');
    else if (['Adjective', 'Comparative', 'Superlative'].includes(t)) out.add('adjective');
    else if (t === 'Actor') out.add('noun').add('agent-noun');
    else if (['Singular', 'Plural', 'Uncountable', 'Noun', 'Unit', 'Duration'].includes(t)) out.add('noun');
    else if (['Determiner', 'Preposition', 'Conjunction', 'Pronoun', 'QuestionWord', 'Reflexive', 'Negative'].includes(t)) out.add('function');
    else if (t === 'Month' || t === 'WeekDay') out.add('month');
    else if (t === 'Demonym') out.add('demonym');
    else if (t === 'Honorific') out.add('honorific');
  }
  return out;
}

function lexicon(): Map<string, Set<WordClass>> {
  if (cache) return cache;
  const parsed = ModelSchema.safeParse(loadNlp().model());
  const map = new Map<string, Set<WordClass>>();
  if (parsed.success) {
    for (const [word, tags] of Object.entries(parsed.data.one.lexicon)) {
      // a key with capitals can never equal a lower-cased lookup: leaving it out keeps
      // every key lower-case, so a word found as written needs no lower-casing
      if (word !== word.toLowerCase()) continue;
      const cls = classesOf(Array.isArray(tags) ? tags : [tags]);
      if (cls.size > 0) (word.includes(' ') ? phrases : map).set(word, cls);
    }
  }
  for (const d of EXTRA_DEMONYMS) {
    const cls = new Set(map.get(d) ?? []);
    cls.add('demonym');
    map.set(d, cls);
  }
  cache = map;
  return map;
}

const EMPTY: ReadonlySet<WordClass> = new Set();

// Demonyms the lexicon lacks or tags otherwise.
const EXTRA_DEMONYMS = ['british', 'english', 'welsh', 'irish', 'dutch', 'french', 'spanish', 'portuguese', 'swiss', 'danish', 'swedish', 'finnish', 'polish', 'czech', 'greek', 'turkish', 'chinese', 'japanese', 'korean', 'thai', 'vietnamese', 'telugu', 'tamil', 'hindi', 'bengali', 'punjabi', 'malayalam', 'kannada', 'marathi', 'urdu', 'persian', 'arab', 'arabic', 'hebrew', 'jewish', 'flemish', 'basque', 'catalan', 'cornish', 'manx', 'breton', 'scots', 'kiwi', 'filipino', 'icelandic', 'hungarian', 'romanian', 'serbian', 'croatian', 'slovak', 'slovenian', 'ukrainian', 'russian', 'soviet', 'canadian', 'australian', 'mexican', 'brazilian', 'argentine', 'argentinian', 'chilean', 'colombian', 'peruvian', 'cuban', 'nigerian', 'kenyan', 'egyptian', 'israeli', 'iranian', 'iraqi', 'pakistani', 'indian', 'sri lankan', 'nepali', 'indonesian', 'malaysian', 'singaporean', 'zambian', 'salvadoran', 'trinidadian', 'jamaican', 'norwegian', 'german', 'italian', 'austrian', 'belgian', 'american', 'scottish', 'akkadian', 'roman', 'byzantine', 'ottoman', 'prussian', 'bavarian', 'texan', 'californian'];

/** Classes of a word (lower-cased lookup). */
export function wordClasses(word: string): ReadonlySet<WordClass> {
  const map = lexicon();
  const found = map.get(word);
  if (found) return found;
  const lower = word.toLowerCase();
  return (lower !== word && map.get(lower)) || EMPTY;
}

/** Classes of a multi-word phrase the lexicon knows as a whole ("sri lanka", "new york"). */
export function phraseClasses(phrase: string): ReadonlySet<WordClass> {
  lexicon();
  return phrases.get(phrase.toLowerCase()) ?? EMPTY;
}

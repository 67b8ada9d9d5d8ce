// Relation cues: the words evidence uses for a relation a question names differently ("spouse"
// in the question, "married" in the passage). A sentence with a cue of a question term counts as
// containing that term. A small hand-written lexicon of common encyclopedic relations; it names
// relations, not answers, and is not drawn from the dev questions.
const CUES: Record<string, readonly string[]> = {
  spouse: ['married', 'marry', 'wife', 'husband', 'wed'],
  wife: ['married', 'spouse'],
  husband: ['married', 'spouse'],
  director: ['directed'],
  directed: ['director'],
  author: ['wrote', 'written'],
  writer: ['wrote', 'written'],
  wrote: ['written', 'author', 'writer'],
  written: ['wrote', 'author', 'writer'],
  founder: ['founded', 'established'],
  founded: ['established', 'founder', 'formed'],
  birthplace: ['born'],
  birth: ['born'],
  born: ['birth'],
  died: ['death'],
  death: ['died'],
  father: ['son', 'daughter'],
  mother: ['son', 'daughter'],
  child: ['son', 'daughter'],
  sibling: ['brother', 'sister'],
  producer: ['produced'],
  produced: ['producer'],
  composer: ['composed'],
  performer: ['performed', 'recorded', 'sung', 'sang'],
  singer: ['sung', 'sang', 'performed'],
  capital: ['seat'],
  located: ['lies', 'situated'],
  owner: ['owned', 'owns'],
  owned: ['owner', 'owns'],
  member: ['joined'],
  headquartered: ['headquarters', 'based'],
  citizen: ['nationality'],
  formed: ['founded'],
};

/** Evidence words that state the relation a question term names (none when it has no cue). */
export function relationCues(term: string): readonly string[] {
  return CUES[term] ?? [];
}

// Names of the relations every embedded extractor writes besides the typed ones.

/** Two names in one sentence with no relation read between them (weak: graph walks skip it by default). */
export const COOCCURS = 'co_occurs_with';
/** The passage's title entity → each name its passage mentions (weak, as COOCCURS). */
export const MENTIONS = 'mentions';
/** "X is a Y" as the heuristic extractor writes it (the typed extractor writes `instance_of`). */
export const IS_A = 'is_a';

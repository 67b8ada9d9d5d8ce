// English function words ignored when measuring term coverage. Kept local (and small) so the
// lexical validators are stable even if a shared list elsewhere changes.
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a an the and or but nor so yet if then else than that this these those there here
   of in on at to for from by with without about above below into onto over under between among through during
   before after since until upon within along across against around behind beyond near off out up down
   is are was were be been being am do does did done doing has have had having will would shall should
   can could may might must ought
   i me my mine we us our ours you your yours he him his she her hers it its they them their theirs
   who whom whose which what when where why how whether
   as also both either each every all any some such only own same other another more most much many
   very too just not no yes one ones s t
   what's who's it's`
    .split(/\s+/)
    .filter(Boolean),
);

/** Question words and auxiliaries: they shape the question, they are not content. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'who', 'whom', 'whose', 'what', 'which', 'when', 'where', 'why', 'how',
]);

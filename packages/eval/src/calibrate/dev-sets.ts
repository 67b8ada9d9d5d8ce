// The development sets the calibration model is fitted on (issue 32): the train100 sets, the
// Vitest documentation set, and questions 201 and later of the three evaluation sets. The first
// 200 questions of hotpotqa-val, 2wiki and musique-dev are the test split and are never read here:
// `skip` is fixed per set, not an option.
export interface DevSet {
  /** Folder name under the datasets directory (corpus.jsonl + questions.jsonl). */
  name: string;
  /** Questions skipped at the start of the file (the test split). */
  skip: number;
}

export const TEST_SPLIT_SIZE = 200;

export const DEV_SETS: readonly DevSet[] = [
  { name: 'hotpotqa-train100', skip: 0 },
  { name: 'musique-train100', skip: 0 },
  { name: 'realdocs-vitest', skip: 0 },
  { name: 'hotpotqa-val', skip: TEST_SPLIT_SIZE },
  { name: '2wiki', skip: TEST_SPLIT_SIZE },
  { name: 'musique-dev', skip: TEST_SPLIT_SIZE },
];

/**
 * The questions of `set` that may be fitted on: lines after `skip`, from the `from`-th of those
 * (0-based; to split one set's dump over several processes), at most `limit` of them.
 */
export function devQuestionLines(set: DevSet, lines: readonly string[], limit?: number, from = 0): string[] {
  const usable = lines.filter((l) => l.trim() !== '').slice(set.skip + from);
  return limit === undefined ? usable : usable.slice(0, limit);
}

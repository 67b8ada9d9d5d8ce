import { describe, expect, it } from 'vitest';
import { readAnswer } from './read-answer.js';
import { isMemoryFigure, isRate, ownText, phraseShare } from './docs-quantity.js';
import { sentencesOf } from './test-passages.js';

// Fixture passages written for these tests, in the style of an engineering note and a sizing page.
const NOTE =
  'What this says about 10k entries on a laptop: the build fits (2.1 GB RSS after each batch; 9.5 KB of live memory per entry after an update of the 5k cache). ' +
  '- 10k entries: **built and folded**: 6,000 entries added to the 4,000-entry cache (peak RSS 1.9 GB), folded in 3 min at 2.2 GB peak RSS, 58 MB (5.8 KB per entry); cold reads 2 s.';
const TABLE =
  '| package | state | limits |\n|---|---|---|\n| `quill-cache` | a cache with a log | heap at 8k entries 240 → 150 MB; 10k entries not reached in the first session (31 min, 2.0 GB RSS) |';

async function answer(query: string, ...texts: string[]) {
  const sents = sentencesOf(query, ...texts);
  return (await readAnswer({ query, sents, pool: sents.slice(0, 6), exclude: [] })).answer;
}

describe('docs quantities', () => {
  it('tells a rate and a memory figure from the size of the thing', () => {
    const s = 'folded in 3 min at 2.2 GB peak RSS, 58 MB (5.8 KB per entry)';
    const at = (fig: string) => [s.indexOf(fig), s.indexOf(fig) + fig.length] as const;
    expect(isRate(s, ...at('5.8 KB'))).toBe(true);
    expect(isRate(s, ...at('58 MB'))).toBe(false);
    expect(isMemoryFigure(s, ...at('2.2 GB'))).toBe(true);
    expect(isMemoryFigure(s, ...at('58 MB'))).toBe(false);
    expect(isRate('6.1 KB/entry', 0, 12)).toBe(true);
  });

  it("reads the question's phrase with the figure's own clause and lead-in, not the whole cell", () => {
    const row = TABLE.split('\n')[2]!;
    const own = ownText(row, row.indexOf('150 MB'), row.indexOf('150 MB') + 6);
    expect(own.text).toMatch(/heap at 8k entries 240 → 150 MB/);
    expect(own.text).not.toMatch(/10k entries/);
    expect(own.text.slice(own.start, own.end)).toBe('150 MB');
    expect(phraseShare('How large is a cache of 10k entries?', '- 10k entries: 58 MB')).toBeGreaterThan(0);
  });

  it('answers the size stated with the asked phrase, not a memory figure or a rate of a better-matching sentence', async () => {
    expect((await answer('How large is a cache of 10k entries?', NOTE, TABLE))?.text).toBe('58 MB');
  });

  it('answers memory when memory is asked, and a rate when one entry is asked', async () => {
    expect((await answer('How much memory does a cache of 10k entries take per entry?', NOTE, TABLE))?.text).toBe('9.5 KB');
    expect((await answer('How large is a cache of 10k entries per entry?', NOTE, TABLE))?.text).toBe('5.8 KB');
  });

  it('answers a count with the number that counts the asked noun', async () => {
    const pool = 'The pool starts with `maxThreads` set from the machine: on 8 cores it runs 7 workers, and each worker keeps 2 connections open.';
    expect((await answer('How many workers does the pool run on 8 cores?', pool))?.text).toBe('7');
  });
});

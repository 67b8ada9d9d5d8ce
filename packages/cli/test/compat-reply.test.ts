// The text of compatible replies: answer, sources and verification; what a streamed reply adds
// when an agent discards an attempt or its final answer is not what was streamed.
import { describe, expect, it } from 'vitest';
import { createReplyStream, DISCARDED_NOTE } from '../src/http/compat/reply-stream.js';
import { replyText } from '../src/http/compat/reply-text.js';
import type { AskResult } from '../src/types.js';
import { askResult } from './support/ask-result.js';

const result = askResult;

const FOOTER = '\n\nSources:\n[1] Maximum Overdrive — “written and directed by Stephen King.”\n\nVerification: verified — relevance, grounding, answer type checks passed';

describe('replyText', () => {
  it('is the answer, its quoted sources and its verification', () => {
    expect(replyText(result())).toBe(`Stephen King${FOOTER}`);
  });
  it('prefixes a sentence answer, so a chat reader does not take it for an exact answer', () => {
    const r = result({ answer: 'Maximum Overdrive is a 1986 film.', form: 'sentence', verification: { status: 'unsure', reason: 'no phrase of the asked type was found; the best supporting sentence is shown' } });
    expect(replyText(r)).toMatch(/^Passage answer \(no exact answer found; the best supporting sentence\): Maximum Overdrive is a 1986 film\.\n\nSources:/);
    expect(replyText(r)).toContain('Verification: unsure — no phrase of the asked type was found');
  });
  it('says when the method abstained or failed, and lists passages for retrievers', () => {
    expect(replyText(result({ status: 'abstained', answer: '', citations: [], verification: null }))).toBe('The indexed documents do not answer this question (the method abstained).');
    // an abstention with its reason says it once, as a sentence
    expect(
      replyText(result({ status: 'abstained', answer: '', citations: [], verification: { status: 'unsure', reason: 'no passage mentions Vic Darchinyan' } })),
    ).toBe('The indexed documents do not answer this question: no passage mentions Vic Darchinyan.');
    expect(replyText(result({ status: 'failed', answer: '', citations: [], verification: null }))).toBe('No answer (status: failed).\n\nStatus: failed (the answer was not verified).');
    expect(replyText(result({ kind: 'evidence', status: 'evidence', answer: null, method: 'bm25', verification: null }))).toBe(
      'bm25 ranks passages and does not write an answer; the top 1 for the question:\n\n[1] Maximum Overdrive — “Maximum Overdrive is a 1986 film.”',
    );
  });
});

describe('createReplyStream', () => {
  const run = (tokens: [string, number][], r: AskResult) => {
    const s = createReplyStream();
    return tokens.map(([t, g]) => s.token(t, g)).join('') + s.finish(r);
  };

  it('streamed answer + the rest = the non-streamed reply', () => {
    expect(run([['Stephen ', 1], ['King', 1]], result())).toBe(replyText(result()));
    expect(run([['Stephen', 1]], result())).toBe(replyText(result())); // the rest of the answer is sent at the end
    expect(run([], result())).toBe(replyText(result())); // no model: the reply arrives whole
  });

  it('marks a discarded attempt, then continues with the next', () => {
    expect(run([['Paris', 1], ['Stephen ', 2], ['King', 2]], result())).toBe(`Paris${DISCARDED_NOTE}Stephen King${FOOTER}`);
  });

  it('ends with the final answer when it is not what was streamed', () => {
    expect(run([['Paris', 1]], result())).toBe(`Paris\n\nAnswer: Stephen King${FOOTER}`);
  });
});

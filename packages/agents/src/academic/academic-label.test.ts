import { createRunContext, type Verdict } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { INCONSISTENT_REASON, labelAcademicAnswer, NO_TEXT_REASON } from './academic-label.js';

const query = 'Who founded the Quentavian Observatory?';
const text = 'The Quentavian Observatory was founded by Marta Oliveira in 1802 on the hill above Porto.';
const chunk = { id: 'obs::0', docId: 'obs', text };
const index = { getChunk: (id: string) => (id === chunk.id ? ({ ...chunk, start: 0, end: text.length, sentences: [] } as never) : undefined) };
const paper: Verdict[] = [{ check: 'sufficiency', outcome: 'pass', score: 0.9, reason: 'S_suf', spans: [] }];
const input = (over: Partial<Parameters<typeof labelAcademicAnswer>[0]> = {}) => ({
  query,
  text: 'Marta Oliveira',
  citations: [{ chunkId: 'obs::0', docId: 'obs', start: 0, end: text.length }],
  evidence: [{ chunkId: 'obs::0', docId: 'obs', score: 1 }],
  index,
  verdicts: paper,
  consistent: true,
  ...over,
});

describe('the academic agent label', () => {
  it('runs the Triple-Check over the passages the facts came from, keeping the paper verdicts', async () => {
    const label = await labelAcademicAnswer(input(), createRunContext());
    expect(label.verification?.status).toBe('verified');
    expect(label.verdicts?.[0]).toEqual(paper[0]);
    expect(label.verdicts!.length).toBeGreaterThan(1);
  });

  it('never verifies an answer the passages do not state in relation to the question', async () => {
    const label = await labelAcademicAnswer(input({ text: 'Porto' }), createRunContext());
    expect(label.verification?.status).not.toBe('verified');
  });

  it('is unsure when S_cons did not accept the answer, and when there is no passage text to read', async () => {
    expect((await labelAcademicAnswer(input({ consistent: false }), createRunContext())).verification).toEqual({ status: 'unsure', reason: INCONSISTENT_REASON });
    expect((await labelAcademicAnswer(input({ index: undefined }), createRunContext())).verification).toEqual({ status: 'unsure', reason: NO_TEXT_REASON });
  });
});

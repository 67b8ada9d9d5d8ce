import { describe, expect, it } from 'vitest';
import { sentencesOf } from './test-passages.js';
import { answerYesNo } from './yes-no.js';

describe('answerYesNo', () => {
  const vidor = 'King Vidor (1894 – 1982) was an American film director and screenwriter.';
  it('treats a demonym before a noun as the property asked, not as an entity', () => {
    const q = 'Are King Vidor and Géza von Cziffra both American directors?';
    expect(answerYesNo(q, sentencesOf(q, vidor, 'Géza von Cziffra (1900 – 1989) was a Hungarian film director and screenwriter.'))?.text).toBe('no');
    expect(answerYesNo(q, sentencesOf(q, vidor, 'Géza von Cziffra (1900 – 1989) was an American film director.'))?.text).toBe('yes');
  });

  it('compares the province of each entity for "same province"', () => {
    const q = 'Are Nantong and Jingdezhen situated in the same province?';
    const nantong = 'Nantong is a prefecture-level city in southeastern Jiangsu province, China.';
    expect(answerYesNo(q, sentencesOf(q, nantong, 'Jingdezhen is a prefecture-level city in Jiangxi province, China.'))?.text).toBe('no');
    expect(answerYesNo(q, sentencesOf(q, nantong, 'Jingdezhen is a prefecture-level city in Jiangsu province, China.'))?.text).toBe('yes');
  });
});

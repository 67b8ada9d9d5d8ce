import { describe, expect, it } from 'vitest';
import { createExtractiveAnswerGenerator } from '../strategies/extractive-answer-generator.js';
import { bridgeEntities } from './bridge.js';
import { passages, sentencesOf } from './test-passages.js';

const Q = 'What is the name of the waterfall in the country where the Tamba River is found?';
const FIRST_HOP = 'The Tamba River is a tributary of the Limpo in the Velden District, Norland.';
const SECOND_HOP = 'Silver Falls is a waterfall on the Orrin River at the border between Norland and Estmark.';
const DISTRACTOR = 'The Velden District has a population of 40,000 people.';

describe('bridgeEntities', () => {
  it('is a name of the first hop that a passage of the next hop names too', () => {
    const bridges = bridgeEntities(Q, sentencesOf(Q, FIRST_HOP, SECOND_HOP, DISTRACTOR));
    expect(bridges.has('norland')).toBe(true);
    // Named only in the first hop's passage: no link to the next hop.
    expect(bridges.has('limpo')).toBe(false);
  });

  it('is no bridge when the other passage states none of the question\'s relation words', async () => {
    const q = 'Where was Anton Vell born?';
    const texts = ['Anton Vell was a Norlandic engineer. He was born in Karsby in 1832.', 'Karsby is a town in eastern Norland, famous for its mustard.'];
    expect(bridgeEntities(q, sentencesOf(q, ...texts)).size).toBe(0);
    expect((await createExtractiveAnswerGenerator().generate({ query: q, evidence: passages(...texts) })).text).toBe('Karsby');
  });

  it('is empty without a passage beyond the first hop', () => {
    expect(bridgeEntities(Q, sentencesOf(Q, FIRST_HOP)).size).toBe(0);
  });
});

describe('bridge resolution in the reader', () => {
  it('answers from the bridge passage, not with the bridge itself', async () => {
    const a = await createExtractiveAnswerGenerator().generate({ query: Q, evidence: passages(FIRST_HOP, SECOND_HOP, DISTRACTOR) });
    expect(a.text).toBe('Silver Falls');
  });

  it('answers a person question with the second hop\'s person, not the first hop\'s', async () => {
    const q = 'Who is the spouse of the director of Leap for Honour?';
    const evidence = passages('Leap for Honour is a 1937 British drama film directed by Roald Welsby.', 'Roald Welsby married the actress Miriam Corder in 1916.');
    const a = await createExtractiveAnswerGenerator().generate({ query: q, evidence });
    expect(a.text).toBe('Miriam Corder');
  });
});

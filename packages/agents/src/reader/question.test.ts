import { describe, expect, it } from 'vitest';
import { analyseQuestion } from './question.js';

describe('analyseQuestion', () => {
  it('lets the head noun of "what …" decide over an analyzer that read a relative wh-word', () => {
    // The analyzer reads "where" anywhere as a place question; here it is a relative "where".
    expect(analyseQuestion('What river flows through the city where Lena Fiala played?', 'place').form).toBe('entity');
    expect(analyseQuestion('What era does the church date from in the town where Lena Fiala lived?', 'place').form).toBe('date');
    expect(analyseQuestion('What is the total of the fees paid in the city where Lena Fiala lives?', 'place').form).toBe('number');
  });
  it('still takes the analyzer\'s type when the question names no typed head noun', () => {
    expect(analyseQuestion('Lena Fiala was born where?', 'place').form).toBe('place');
    expect(analyseQuestion('What did Lena Fiala study?', 'person').form).toBe('person');
  });
});

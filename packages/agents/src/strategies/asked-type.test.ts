import { describe, expect, it } from 'vitest';
import { askedType } from './asked-type.js';

describe('askedType', () => {
  it.each([
    ['Who wrote the novel?', 'person'],
    ['Kate Ramsay is a character from a soap opera created by who?', 'person'],
    ['He served as chief of staff to which Queensland senator?', 'person'],
    ['From 1945-1949 he played for an NFL team based in what state?', 'place'],
    ['Toad Hall is in a university located in what Australian city?', 'place'],
    ['The Adelaide team was formed in what year?', 'date'],
    ['When was the bridge built?', 'date'],
    ['How many people live there?', 'number'],
    ['Are both magazines British publications?', 'yesno'],
    ['Drew Fuller starred in a series that broadcast on what station?', 'entity'],
  ])('%s → %s', (q, type) => {
    expect(askedType(q)).toBe(type);
  });
});

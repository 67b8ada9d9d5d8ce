import { describe, expect, it } from 'vitest';
import { isAbstention, questionForm, typeAgreement } from './answer-type.js';

describe('questionForm', () => {
  it.each([
    ['Who directed the film?', 'person'],
    ['When was the bridge opened?', 'date'],
    ['In what year did the war end?', 'date'],
    ['How many players are on a team?', 'number'],
    ['Is Oslo the capital of Norway?', 'yesno'],
    ['Where was she born?', 'place'],
    ['What language is spoken there?', 'entity'],
    // "when" and "where" as conjunctions do not make date / place questions.
    ['Who was president when the territory became a state?', 'person'],
    ['What is the population of the city where she was born?', 'number'],
    // The question is the last sentence.
    ['The director has an OBE. Does the producer also have one?', 'yesno'],
    // An auxiliary-first question whose "or" joins two named options asks for one of them.
    ['Was Ada Marsh or Bo Lind born first?', 'entity'],
    ['Is the Corn Exchange or 12 Mill Street taller?', 'entity'],
    ['Are Ada Marsh and Bo Lind known by several names or nicknames?', 'yesno'],
    ['Is Ada Marsh still alive or not?', 'yesno'],
    ['Do both magazines have an editor or a publisher in Ohio?', 'yesno'],
    // A leading clause before the auxiliary, and a wh-word opening a subordinate clause.
    ['In release 3, is the cache cleared on start?', 'yesno'],
    ['If I pass --fast, does the tool still lint?', 'yesno'],
    ['In release 2, if a request has no body, is the body still an empty object?', 'yesno'],
    ['Does the loader retry when the file is missing?', 'yesno'],
    ['Did the man who founded the mill live in Ohio?', 'yesno'],
    ['In which year, roughly, was the mill built?', 'date'],
    // A leading "when / if …," clause: the wh-word after it decides.
    ['When a request carries broken JSON, what value does the parser store in the error?', 'entity'],
    ['When the mill burned down, who rebuilt it?', 'person'],
    ['When did the mill burn down?', 'date'],
    // "how many" inside the clause of a which-phrase does not make a number question.
    ['Which option decides how many leading bits of the address are kept?', 'entity'],
    ['How many bits does the option keep?', 'number'],
    // A quoted question mark does not end the question.
    ["How do I make the parser drop the leading '?' when I hand it the search string?", 'other'],
  ])('%s → %s', (q, form) => {
    expect(questionForm(q)).toBe(form);
  });
});

describe('typeAgreement', () => {
  it('accepts answers of the asked type and rejects others', () => {
    expect(typeAgreement('number', 'twice').agree).toBe(true);
    // Docs write a value and its unit as one word.
    expect(typeAgreement('number', '100kb').agree).toBe(true);
    expect(typeAgreement('number', '4e3').agree).toBe(true);
    expect(typeAgreement('number', 'kb').agree).toBe(false);
    expect(typeAgreement('number', 'Oslo').agree).toBe(false);
    expect(typeAgreement('date', 'in the 1990s').agree).toBe(true);
    expect(typeAgreement('date', 'Marie Lindqvist').agree).toBe(false);
    expect(typeAgreement('yesno', 'No, it is not.').agree).toBe(true);
    expect(typeAgreement('yesno', 'Oslo').agree).toBe(false);
    expect(typeAgreement('person', 'yes').agree).toBe(false);
    expect(typeAgreement('person', '1961').agree).toBe(false);
    expect(typeAgreement('person', 'Marie Lindqvist').agree).toBe(true);
  });
  it('recognises abstentions', () => {
    expect(isAbstention("I don't know.")).toBe(true);
    expect(isAbstention('The information is not mentioned in the context.')).toBe(true);
    expect(isAbstention('Uppsala')).toBe(false);
  });
});

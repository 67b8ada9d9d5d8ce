import { describe, expect, it } from 'vitest';
import { sentenceNameTypes } from '../strategies/name-types.js';
import { abbreviationFit, headFit, nameTypes, typeFit } from './candidate-type.js';

describe('nameTypes', () => {
  const sentence = 'Jump for Glory is a 1937 British film directed by Raoul Walsh and produced by Criterion Films in London.';
  const tagged = sentenceNameTypes(sentence);

  it('reads the tagger and the name-only guess', () => {
    expect(nameTypes('Raoul Walsh', tagged).has('Person')).toBe(true);
    expect(nameTypes('Criterion Films', tagged).has('Person')).toBe(false);
    expect(nameTypes('London', tagged).has('Place')).toBe(true);
  });

  it('adds the graph node type of the name', () => {
    // A two-node graph: the reader only asks it for node types by name.
    const graph = { findByName: (name: string) => (name === 'Jump for Glory' ? [{ id: 'n1', type: 'Work' }] : []) };
    expect(nameTypes('Jump for Glory', tagged, graph).has('Work')).toBe(true);
    expect(nameTypes('Jump for Glory', tagged).has('Work')).toBe(false);
  });
});

describe('typeFit', () => {
  it('lifts a name of the asked type, demotes one of another type, keeps an untyped place', () => {
    expect(typeFit('Person', new Set(['Person']))).toBeGreaterThan(1);
    expect(typeFit('Person', new Set(['Work']))).toBeLessThan(0.5);
    expect(typeFit('Person', new Set())).toBeLessThan(1);
    expect(typeFit('Place', new Set())).toBe(1);
    // A place read as an organisation is a softer mismatch than a film read for a person.
    expect(typeFit('Place', new Set(['Organization']))).toBeGreaterThan(typeFit('Place', new Set(['Person'])));
    expect(typeFit('Date', new Set(['Person']))).toBe(1);
  });
});

describe('headFit', () => {
  it('matches the head as the last word, as a definition, or before the name', () => {
    expect(headFit('county', 'Avery County')).toBeGreaterThan(1);
    const s = 'Victoria Falls (Mosi-oa-Tunya) is a waterfall in southern Africa on the Zambezi River.';
    const at = { start: 0, end: 'Victoria Falls'.length };
    expect(headFit('waterfall', 'Victoria Falls', s, at)).toBeGreaterThan(1);
    const africa = s.indexOf('Africa');
    expect(headFit('waterfall', 'Africa', s, { start: africa, end: africa + 6 })).toBe(1);
    const t = 'The city lies on the river Fulda.';
    const f = t.indexOf('Fulda');
    expect(headFit('river', 'Fulda', t, { start: f, end: f + 5 })).toBeGreaterThan(1);
    expect(headFit(undefined, 'Avery County')).toBe(1);
  });

  it('reads the head noun before a name\'s "of" complement', () => {
    expect(headFit('church', 'Anglican Church of Canada')).toBeGreaterThan(1);
    expect(headFit('church', 'Ecclesiastical Province of Canada')).toBe(1);
    expect(headFit('university', 'University of Kansas')).toBeGreaterThan(1);
  });

  it('does not read the last word of a preceding name as the head ("Jefferson County, Iowa")', () => {
    const s = 'Black Hawk Township is located in Jefferson County, Iowa.';
    const i = s.indexOf('Iowa');
    expect(headFit('county', 'Iowa', s, { start: i, end: i + 4 })).toBe(1);
    const j = s.indexOf('Jefferson County');
    expect(headFit('county', 'Jefferson County', s, { start: j, end: j + 16 })).toBeGreaterThan(1);
  });
});

describe('abbreviationFit', () => {
  it('reads an abbreviation as no person, whatever the graph typed it', () => {
    // Typed Person (fit 1.3) by a noisy graph, "U.S" still ends below an untyped name.
    expect(typeFit('Person', new Set(['Person'])) * abbreviationFit('Person', 'U.S')).toBeLessThan(typeFit('Person', new Set()));
    expect(abbreviationFit('Person', 'NBA')).toBeLessThan(1);
    expect(abbreviationFit('Person', 'James K. Polk')).toBe(1);
    expect(abbreviationFit('Place', 'U.S')).toBe(1);
  });
});

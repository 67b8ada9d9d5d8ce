import { describe, expect, it } from 'vitest';
import { compareSamePlace, placesOfLevel, sameLevel } from './same-attribute.js';
import { sentencesOf } from './test-passages.js';

describe('sameLevel', () => {
  it.each([
    ['Are Nantong and Jingdezhen situated in the same province?', 'region'],
    ['Are both airports in the same state?', 'region'],
    ['Were Scott Derrickson and Ed Wood of the same nationality?', 'country'],
    ['Are the two towns in the same county?', 'county'],
    ['Are Marian Gold and Jung Eun-ji members of the same band?', undefined],
  ])('%s → %s', (q, level) => {
    expect(sameLevel(q)).toBe(level);
  });
});

describe('placesOfLevel', () => {
  it('reads tagged regions and names followed by the level noun', () => {
    expect(placesOfLevel('Nantong is a prefecture-level city in southeastern Jiangsu province, China.', 'region')).toEqual(['jiangsu']);
    expect(placesOfLevel('The airport is in Alexandria, Rapides Parish, Louisiana, United States.', 'region')).toContain('louisiana');
    expect(placesOfLevel('Watertown is a city in Jefferson County, New York.', 'county')).toEqual(['jefferson']);
    expect(placesOfLevel('Alexandria is a city in Louisiana, United States.', 'country')).toEqual(['united states']);
  });
});

describe('compareSamePlace', () => {
  const q = 'Are Halden Airport and Merrow Airport in the same state?';
  it('says no when the states differ and yes when they agree', () => {
    const differ = compareSamePlace(['Halden Airport', 'Merrow Airport'], sentencesOf(q, 'Halden Airport is a public airport near Tulsa, Oklahoma.', 'Merrow Airport is a small airfield in Fresno, California.'), 'region');
    expect(differ?.same).toBe(false);
    const agree = compareSamePlace(['Halden Airport', 'Merrow Airport'], sentencesOf(q, 'Halden Airport is a public airport near Tulsa, Oklahoma.', 'Merrow Airport is a small airfield in Enid, Oklahoma.'), 'region');
    expect(agree?.same).toBe(true);
  });

  it('is undefined when one entity has no place of that level', () => {
    expect(compareSamePlace(['Halden Airport', 'Merrow Airport'], sentencesOf(q, 'Halden Airport is a public airport near Tulsa, Oklahoma.', 'Merrow Airport opened in 1950.'), 'region')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { replicaSuffix, scaleCorpus } from './scale-corpus.js';

const base = [
  { id: 'a', title: 'Arthur', text: "Arthur's Magazine was started in Philadelphia." },
  { id: 'b', text: 'First for Women is a magazine published by Bauer Media Group.' },
];
const firstWord = (text: string) => text.split(/[^\p{L}]/u)[0]!;

describe('scaleCorpus', () => {
  it('renames replicas 1–19 with the letter rotation alone (stores up to 20 copies are unchanged)', () => {
    // the values main's generator (53b6fea, before the suffix) produced for these replicas
    const c = scaleCorpus(base, 40);
    expect(c[0]).toEqual(base[0]);
    expect(c[2]).toEqual({ id: 'a~r1', title: 'Ebdqab', text: "Ebdqab's Vepejowi was started in Xqotemitxqoe." });
    expect(c[3]).toEqual({ id: 'b~r1', text: 'Nobcd for Guviw is a magazine published by Keaib Vimoe Pbuax.' });
    expect(c[38]).toEqual({ id: 'a~r19', title: 'Ujlxoj', text: "Ujlxoj's Duwuqefa was started in Gxecutacgxeu." });
    expect(c[39]!.text).toBe('Vejkl for Nidaf is a magazine published by Ruoaj Dateu Wjiog.');
  });

  it('keeps every replica’s names distinct at any size', () => {
    const replicas = 2500;
    const c = scaleCorpus(base, base.length * replicas);
    const names = new Set(c.filter((_, i) => i % 2 === 0).map((d) => firstWord(d.text)));
    expect(names.size).toBe(replicas);
    expect(new Set(c.map((d) => d.id)).size).toBe(c.length);
    // lower-case words are kept; only capitalised ones are renamed
    expect(c[2 * 2400]!.text).toMatch(/^\p{Lu}\p{L}+'s \p{Lu}\p{L}+ was started in \p{Lu}\p{L}+\.$/u);
  });

  it('is deterministic and spells ⌊r / 20⌋ in base 100 as the suffix', () => {
    expect(scaleCorpus(base, 200)).toEqual(scaleCorpus(base, 200));
    expect(replicaSuffix(19)).toBe('');
    expect(replicaSuffix(20)).toBe('be');
    expect(replicaSuffix(40)).toBe('bi');
    expect(replicaSuffix(20 * 100)).toBe('beba');
    expect(scaleCorpus(base, 2 * 41)[2 * 40]!.title).toBe('Arthurbi');
  });
});

import { describe, expect, it } from 'vitest';
import { createKeywordIntentRouter } from './keyword-intent-router.js';
import { DOMAIN_TEMPLATES, templateFor } from './templates.js';

describe('domain templates and the keyword intent router', () => {
  it('has a general template plus news, legal, medical, finance and scholarly, each with types and relations', () => {
    expect(DOMAIN_TEMPLATES.map((t) => t.domain)).toEqual(['general', 'news', 'legal', 'medical', 'finance', 'scholarly']);
    for (const t of DOMAIN_TEMPLATES) {
      expect(t.entityTypes.length).toBeGreaterThan(3);
      expect(t.relations.length).toBeGreaterThan(3);
      for (const r of t.relations) expect(r.relation).toMatch(/^[a-z_]+$/);
    }
    expect(templateFor('unknown').domain).toBe('general');
  });

  it('routes by cue density and falls back to general', async () => {
    const r = createKeywordIntentRouter();
    expect((await r.route('The patient received treatment; clinical symptoms improved after a 5 mg dose of the drug.')).domain).toBe('medical');
    expect((await r.route('The court held that the defendant breached the contract clause; the plaintiff may appeal.')).domain).toBe('legal');
    expect((await r.route('Quarterly revenue rose and the stock gained as investors welcomed the dividend.')).domain).toBe('finance');
    expect((await r.route('We propose a method and evaluate it on a benchmark dataset against a strong baseline.')).domain).toBe('scholarly');
    expect((await r.route('Demon Dice is a collectible dice game created by Lester Smith.')).domain).toBe('general');
  });
});

// Embedded intent detection (TAdaRAG): score each domain by cue words in the text and pick
// the best one, falling back to "general" when no domain is clearly indicated.
import { invalidInput, type IntentRouter } from '@rag/core';

export const DOMAIN_CUES: Readonly<Record<string, readonly string[]>> = {
  news: ['reported', 'announced', 'said', 'spokesperson', 'according', 'yesterday', 'press', 'journalist', 'breaking', 'officials', 'statement', 'interview'],
  legal: ['court', 'plaintiff', 'defendant', 'statute', 'section', 'contract', 'clause', 'shall', 'pursuant', 'jurisdiction', 'ruling', 'appeal', 'tribunal', 'liability', 'herein'],
  medical: ['patient', 'patients', 'disease', 'treatment', 'clinical', 'symptoms', 'dose', 'mg', 'diagnosis', 'therapy', 'drug', 'syndrome', 'gene', 'trial', 'infection'],
  finance: ['revenue', 'earnings', 'shares', 'stock', 'market', 'investors', 'quarter', 'fiscal', 'dividend', 'usd', 'profit', 'bond', 'ebitda', 'valuation', 'acquisition'],
  scholarly: ['paper', 'we propose', 'arxiv', 'dataset', 'benchmark', 'proceedings', 'conference', 'journal', 'authors', 'citation', 'experiments', 'baseline', 'et al'],
};

export interface KeywordIntentRouterOptions {
  /** Cue words per domain (default DOMAIN_CUES). */
  cues?: Record<string, readonly string[]>;
  /** Minimum cue hits per 100 words for a specialised domain (default 1.5). */
  minDensity?: number;
}

export function createKeywordIntentRouter(options: KeywordIntentRouterOptions = {}): IntentRouter {
  const cues = options.cues ?? DOMAIN_CUES;
  const minDensity = options.minDensity ?? 1.5;
  const compiled = Object.entries(cues).map(([domain, words]) => ({
    domain,
    patterns: words.map((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi')),
  }));
  return {
    async route(text) {
      if (typeof text !== 'string') throw invalidInput('text', 'must be a string');
      const words = Math.max(1, (text.match(/\S+/g) ?? []).length);
      let best = { domain: 'general', hits: 0 };
      for (const { domain, patterns } of compiled) {
        let hits = 0;
        for (const p of patterns) hits += (text.match(p) ?? []).length;
        if (hits > best.hits) best = { domain, hits };
      }
      const density = (best.hits / words) * 100;
      if (best.domain === 'general' || density < minDensity) return { domain: 'general', confidence: best.hits === 0 ? 1 : 0.5 };
      return { domain: best.domain, confidence: Math.min(1, density / (minDensity * 4)) };
    },
  };
}

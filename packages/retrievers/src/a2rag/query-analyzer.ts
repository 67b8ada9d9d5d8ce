// Embedded QueryAnalyzer: rule-based, no model. Entity mentions are capitalised phrases, quoted
// strings and code identifiers; relation intents come from the shared cue lexicon; the answer type from the
// question word; the query type (academic-agent plan classes) from simple structural cues.
import { identifierMentions, invalidInput, type QueryAnalysis, type QueryAnalyzer, type QueryType } from '@rag/core';
import { capitalisedPhrases, normalize, quotedPhrases, tokenize, words } from '../internal/text.js';
import { relationCues } from './relation-lexicon.js';

export type HeuristicQueryAnalyzerOptions = Record<string, never>;

const QUESTION_WORDS = new Set(['what', 'which', 'who', 'whom', 'whose', 'when', 'where', 'why', 'how', 'is', 'are', 'was', 'were', 'did', 'do', 'does', 'in', 'the', 'if', 'a', 'an', 'name']);

// Prepositions that may stand before the question word ("In which country …", "For what …").
const LEAD_PREPOSITIONS = new Set(['in', 'at', 'on', 'for', 'from', 'to', 'by', 'of', 'with', 'during', 'under', 'into', 'through']);

function answerTypeOf(ws: readonly string[]): QueryAnalysis['answerType'] {
  const first = ws[0] ?? '';
  const text = ws.join(' ');
  if (/^(is|are|was|were|did|do|does|can|could|has|have|had)$/.test(first)) return 'yesno';
  if (/\bhow (many|much|long|old|tall|far)\b/.test(text)) return 'number';
  // A question that opens with what / which is asked by that word: a later who / where / when
  // is a relative pronoun describing another noun ("What is X an instance of in the birthplace
  // of the person who made Y?" asks for no person, "… the city where X was born" for no place).
  const opener = LEAD_PREPOSITIONS.has(first) ? 1 : 0;
  if (ws[opener] === 'what' || ws[opener] === 'which') {
    const phrase = ws.slice(opener, opener + 2).join(' ');
    if (/^(what|which) (year|date)$/.test(phrase)) return 'date';
    if (/^(what|which) (city|country|state|town|place)$/.test(phrase)) return 'place';
    return 'entity';
  }
  if (/\b(when|what year|which year|what date)\b/.test(text)) return 'date';
  if (/\b(where|what (city|country|state|town|place))\b/.test(text)) return 'place';
  if (/\b(who|whom|whose)\b/.test(text)) return 'person';
  if (/\b(which|what)\b/.test(text)) return 'entity';
  return 'other';
}

export function createHeuristicQueryAnalyzer(_options: HeuristicQueryAnalyzerOptions = {}): QueryAnalyzer {
  return {
    async analyze(query) {
      if (typeof query !== 'string' || !query.trim()) throw invalidInput('query', 'must be a non-empty string');
      const seen = new Set<string>();
      const entities: string[] = [];
      const add = (m: string, quoted: boolean) => {
        // A sentence-initial question word is capitalised but is not part of a mention.
        const tokens = m.split(/\s+/).filter(Boolean);
        while (!quoted && tokens.length > 0 && QUESTION_WORDS.has(normalize(tokens[0]!))) tokens.shift();
        const mention = tokens.join(' ');
        const key = normalize(mention);
        if (!key || seen.has(key)) return;
        seen.add(key);
        entities.push(mention);
      };
      for (const q of quotedPhrases(query)) add(q, true);
      for (const m of capitalisedPhrases(query)) {
        // Skip a capitalised phrase already inside a quoted title ("The Salt Road" ⊃ "Salt Road").
        if ([...seen].some((k) => ` ${k} `.includes(` ${normalize(m.text)} `))) continue;
        add(m.text, false);
      }
      // Code identifiers (`c.redirect()`, `maxSize`, `--coverage`) name things as entities do.
      for (const m of identifierMentions(query)) add(m, true);
      const ws = words(query);
      const relations = relationCues(ws);
      const text = ws.join(' ');
      let queryType: QueryType = 'attr';
      if (/\bhow many\b|\bnumber of\b|\bcount\b|\blist\b|\ball\b/.test(text)) queryType = 'agg';
      else if (entities.length >= 2 || /\b(both|same|more|less|older|younger|first|earlier|later)\b/.test(text)) queryType = 'rel';
      else if ((text.match(/\b(of|by|from|in) the\b/g) ?? []).length >= 2 || /\bthat\b|\bwho (is|was)\b/.test(text)) queryType = 'multi';
      return { query, entities, relations, keywords: tokenize(query), answerType: answerTypeOf(ws), queryType };
    },
  };
}

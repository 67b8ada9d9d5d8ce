// Prompts of the academic agent: the query planner (the paper's prompted classifier f_θ,
// §3.2) and the answer from the linearised subgraph (§3.4). The question and the subgraph are
// quoted as data.
import { quoteUntrusted, UNTRUSTED_DATA_NOTICE, type ChatMessage } from '@rag/core';

export const PLAN_SYSTEM_PROMPT = [
  'You plan retrieval over a scholarly graph: Author —writes→ Paper —published_in→ Venue; papers have year and citations.',
  "Query types: Attr (a paper attribute), Rel (a paper's authors or venue), Agg (count/sum/argmax over an author's papers), Multi (co-authors; venue of an author's most cited paper).",
  'Reply with JSON {"target": one of year|citations|authors|venue|count|sum|argmax|coauthors|venue-of-argmax, "entities": [the paper titles or author names mentioned]}.',
  UNTRUSTED_DATA_NOTICE,
].join('\n');

export function buildPlanMessages(query: string): ChatMessage[] {
  return [
    { role: 'system', content: PLAN_SYSTEM_PROMPT },
    { role: 'user', content: quoteUntrusted(query, { id: 'question' }) },
  ];
}

export const TYPED_PLAN_SYSTEM_PROMPT = [
  'You plan retrieval over a typed knowledge graph whose schema (node types and relation types, read from the graph) is given below as data.',
  'Query types: attr (one attribute or literal of one entity), rel (an entity joined to the named one by a relation), agg (count relations of one entity, or compare two named entities), multi (a relation of an entity reached through another relation, two hops).',
  'target: relation (follow the relations), relation-count (how many), compare (two named entities; order min = earliest date wins, max = latest, none otherwise).',
  'Use ONLY relation and node type names listed in the schema, spelled exactly; leave a list empty when none fits.',
  'Reply with JSON {"type", "target", "entities": [entity names as written in the question, the start entity first], "startType": a node type or null, "relations": [relation types the question asks about], "answerTypes": [node types of the answer], "order": "min"|"max"|"none", "yesNo": true|false}.',
  UNTRUSTED_DATA_NOTICE,
].join('\n');

export function buildTypedPlanMessages(query: string, schemaText: string): ChatMessage[] {
  return [
    { role: 'system', content: TYPED_PLAN_SYSTEM_PROMPT },
    { role: 'user', content: `Graph schema:\n${quoteUntrusted(schemaText, { id: 'schema' })}\nQuestion:\n${quoteUntrusted(query, { id: 'question' })}` },
  ];
}

export const SUBGRAPH_ANSWER_PROMPT = `Answer from the scholarly subgraph only. ${UNTRUSTED_DATA_NOTICE} Reply with JSON {"answer": [answer items]}; an empty list if the subgraph does not contain the answer.`;

export function buildSubgraphAnswerMessages(question: string, subgraphText: string, retry: boolean): ChatMessage[] {
  return [
    { role: 'system', content: SUBGRAPH_ANSWER_PROMPT },
    {
      role: 'user',
      content: `Subgraph:\n${quoteUntrusted(subgraphText, { id: 'subgraph' })}\nQuestion: ${question}${retry ? '\nYour previous answer did not match the graph facts; answer again using only the facts above.' : ''}`,
    },
  ];
}

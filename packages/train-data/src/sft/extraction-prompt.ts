// The extraction prompt of an instruction. The same messages go to the teacher and into the
// exported data, so the student is trained on exactly the input it will see.
import { UNTRUSTED_DATA_NOTICE, quoteUntrusted, type ChatMessage, type DomainTemplate } from '@rag/core';

export interface ExtractionPromptOptions {
  allowOtherRelations?: boolean;
}

export function extractionSystemPrompt(template: DomainTemplate, options: ExtractionPromptOptions = {}): string {
  const rels = template.relations
    .map((r) => `- ${r.relation}${r.head || r.tail ? ` (${r.head ?? 'any'} → ${r.tail ?? 'any'})` : ''}${r.description ? `: ${r.description}` : ''}`)
    .join('\n');
  return [
    `You build a task-adaptive knowledge graph for the "${template.domain}" domain: ${template.description}`,
    'Extract the entities and relations of the reference text that help answer the question.',
    `Entity types (use exactly these): ${template.entityTypes.join(', ')}.`,
    `Relation labels (snake_case${options.allowOtherRelations ? '; prefer these, other clear relations are allowed' : '; use only these'}):\n${rels}`,
    'Copy entity names exactly as they are written in the text. Every relation joins two listed entities and quotes, in "evidence", the sentence of the text that states it.',
    'Reply with JSON only: {"entities":[{"name":"…","type":"…"}],"relations":[{"head":"…","relation":"…","tail":"…","evidence":"…"}]}.',
    UNTRUSTED_DATA_NOTICE,
  ].join('\n');
}

export function extractionUserPrompt(question: string, reference: string): string {
  return `Question: ${JSON.stringify(question)}\nReference text:\n${quoteUntrusted(reference, { source: 'retrieved passages' })}`;
}

export function extractionMessages(input: { question: string; reference: string; template: DomainTemplate }, options: ExtractionPromptOptions = {}): ChatMessage[] {
  return [
    { role: 'system', content: extractionSystemPrompt(input.template, options) },
    { role: 'user', content: extractionUserPrompt(input.question, input.reference) },
  ];
}

// IRCoT (Trivedi et al., 2023) reasoning-step prompt: write the next sentence of a chain of
// thought over the paragraphs so far; "So the answer is: X." ends the chain.
// As in the paper, the prompt carries few-shot demonstrations whose chains state one fact per
// sentence (one hop per step) and end with a separate answer sentence; each call asks for the
// next single sentence. The demonstrations are invented (made-up places, people and labels) and
// sit in the system message as trusted text, apart from the retrieved paragraphs.
import { quoteUntrusted, UNTRUSTED_DATA_NOTICE, type ChatMessage, type RankedChunk } from '@rag/core';

/** Bumped when the prompt's wording or demonstrations change (2.0.0: few-shot, one fact per sentence). */
export const IRCOT_PROMPT_VERSION = '2.0.0';

interface Demonstration {
  paragraphs: readonly (readonly [title: string, text: string])[];
  question: string;
  chain: readonly string[];
}

/** Invented examples: each chain sentence states one fact from the paragraphs; the last one gives the answer. */
export const IRCOT_DEMONSTRATIONS: readonly Demonstration[] = [
  {
    paragraphs: [
      ['Harwick Bridge', 'Harwick Bridge is a stone arch bridge over the river Lune. It was designed by the engineer Mara Ostby.'],
      ['Mara Ostby', 'Mara Ostby (1821–1890) was a Norwegian engineer. She was born in the town of Selvik.'],
    ],
    question: 'In which town was the designer of Harwick Bridge born?',
    chain: ['Harwick Bridge was designed by the engineer Mara Ostby.', 'Mara Ostby was born in the town of Selvik.', 'So the answer is: Selvik.'],
  },
  {
    paragraphs: [
      ['Blue Finch Records', 'Blue Finch Records is a music label founded in Leeds in 1974.'],
      ['Orrin Sound', 'Orrin Sound is an independent label. It was founded in 1981 by two brothers.'],
    ],
    question: 'Which label was founded first, Blue Finch Records or Orrin Sound?',
    chain: ['Blue Finch Records was founded in 1974.', 'Orrin Sound was founded in 1981.', 'So the answer is: Blue Finch Records.'],
  },
  {
    paragraphs: [
      ['Lake Tamsin', 'Lake Tamsin is a glacial lake in the province of Manitoba, Canada.'],
      ['Lake Oru', 'Lake Oru is a shallow lake in eastern Finland.'],
    ],
    question: 'Are Lake Tamsin and Lake Oru in the same country?',
    chain: ['Lake Tamsin is in Canada.', 'Lake Oru is in Finland.', 'So the answer is: no.'],
  },
];

function demonstrationText(d: Demonstration): string {
  const paragraphs = d.paragraphs.map(([title, text]) => `Title: ${title}\n${text}`).join('\n');
  return `${paragraphs}\nQuestion: ${d.question}\nChain: ${d.chain.join(' ')}`;
}

export const IRCOT_SYSTEM_PROMPT = [
  'You answer multi-hop questions by reasoning one step at a time over retrieved paragraphs.',
  UNTRUSTED_DATA_NOTICE,
  'Each call writes only the NEXT single sentence of the chain. A sentence states one fact taken from the paragraphs, one hop at a time.',
  'Only when the chain so far already holds every fact the answer needs, write the answer sentence instead: So the answer is: <short answer>.',
  'Examples of complete chains (one sentence is written per call):',
  ...IRCOT_DEMONSTRATIONS.map((d, i) => `Example ${i + 1}:\n${demonstrationText(d)}`),
].join('\n');

export function buildIrcotMessages(question: string, chunks: readonly RankedChunk[], thoughts: readonly string[]): ChatMessage[] {
  const paragraphs = chunks.map((c) => quoteUntrusted(c.text, { id: c.chunkId })).join('\n');
  return [
    { role: 'system', content: IRCOT_SYSTEM_PROMPT },
    { role: 'user', content: `Paragraphs:\n${paragraphs}\n\nQuestion: ${question}\nReasoning so far: ${thoughts.join(' ') || '(none)'}\nNext sentence:` },
  ];
}

export function finalAnswerOf(thought: string): string | undefined {
  const m = /so the answer is:?\s*(.+?)\.?\s*$/i.exec(thought.trim());
  return m ? m[1]!.trim() : undefined;
}

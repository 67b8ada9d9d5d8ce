// The embedded strategies read a small, fixed vocabulary out of rewrite instructions (the LLM
// strategies read the same instructions as prose): "Answer strictly from the evidence" turns on
// strict grounding, and `Do not answer "X"` excludes a rejected candidate.
export interface InstructionRules {
  strict: boolean;
  exclude: string[];
}

export const STRICT_GROUNDING_INSTRUCTION = 'Answer strictly from the evidence: use only a span stated in the best-matching sentences.';

export function excludeInstruction(answer: string): string {
  return `Do not answer "${answer.replace(/"/g, "'")}": it failed verification.`;
}

export function parseInstructions(instructions: string | undefined): InstructionRules {
  if (!instructions) return { strict: false, exclude: [] };
  return {
    strict: /answer strictly from the evidence/i.test(instructions),
    exclude: [...instructions.matchAll(/Do not answer "([^"]*)"/g)].map((m) => m[1]!).filter(Boolean),
  };
}

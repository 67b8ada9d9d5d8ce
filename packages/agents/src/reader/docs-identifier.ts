// An identifier's words and its comparison key, for matching it against a question's words.

/** The words of an identifier: `--logHeapUsage` → log, heap, usage; `vi.stubEnv` → vi, stub, env. */
export function identifierParts(text: string): string[] {
  return text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
}

/** A comparison key without case or punctuation: `secureHeaders()` → secureheaders. */
export const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

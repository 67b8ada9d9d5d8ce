// The commands of the getting-started page (docs/index.md, "Your own documents in five minutes"),
// as argument lists for the installed `rag` bin, so the consumer test runs them as written.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const GETTING_STARTED = 'docs/index.md';
const SECTION = '## Your own documents in five minutes';

/** Splits a shell line into words: double and single quotes, no expansions; `#` starts a comment. */
export function shellWords(line) {
  const words = [];
  let word = null;
  let quote = null;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === '#' && word === null) break;
    else word = (word ?? '') + ch;
  }
  if (quote) throw new Error(`unclosed ${quote} in: ${line}`);
  if (word !== null) words.push(word);
  return words;
}

/** [{ line, argv }] for every `pnpm rag …` line of the section's sh blocks; throws if there are none. */
export function gettingStartedCommands(root) {
  const text = readFileSync(join(root, GETTING_STARTED), 'utf8');
  const start = text.indexOf(SECTION);
  if (start < 0) throw new Error(`${GETTING_STARTED}: no "${SECTION}" section`);
  const end = text.indexOf('\n## ', start + SECTION.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  const commands = [];
  for (const m of section.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const line of m[1].split('\n')) {
      const words = shellWords(line);
      if (words[0] === 'pnpm' && words[1] === 'rag') commands.push({ line: line.replace(/\s+#.*$/, '').trim(), argv: words.slice(2) });
    }
  }
  if (commands.length === 0) throw new Error(`${GETTING_STARTED}: no \`pnpm rag\` command in "${SECTION}"`);
  return commands;
}

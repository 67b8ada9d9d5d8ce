#!/usr/bin/env node
// Checks every relative link of the Markdown docs (docs/**, README.md, packages/*/README.md):
// the target file exists and, for a `page.md#anchor` link, the page has a heading with that
// GitHub anchor. Also fails on a docs page over 400 lines (docs/notes/ excepted).
// Usage: node tooling/scripts/check-doc-links.mjs   (exit 1 and one line per problem)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSlugger } from './github-slug.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_LINES = 400;

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.md')) out.push(p);
  }
  return out;
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function proseLines(text) {
  const out = [];
  let fence = null;
  text.split('\n').forEach((line, i) => {
    const m = /^\s*(```+|~~~+)/.exec(line);
    if (m) {
      if (fence === null) fence = m[1][0];
      else if (m[1][0] === fence) fence = null;
      return;
    }
    if (fence === null) out.push({ line, n: i + 1 });
  });
  return out;
}

const anchorCache = new Map();
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const slug = createSlugger();
    const set = new Set();
    for (const { line } of proseLines(readFileSync(file, 'utf8'))) {
      const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (h) set.add(slug(h[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
      for (const a of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) set.add(a[1]);
    }
    anchorCache.set(file, set);
  }
  return anchorCache.get(file);
}

const files = [
  ...walk(join(root, 'docs')),
  join(root, 'README.md'),
  ...readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d, 'README.md')).filter(existsSync),
].filter((f) => !f.includes(`${join('docs', 'api')}/`) && !f.includes(`${join('docs', '.vitepress')}/`));

const problems = [];
for (const file of files) {
  const rel = relative(root, file);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (rel.startsWith('docs/') && !rel.startsWith('docs/notes/') && lines > MAX_LINES) {
    problems.push(`${rel}: ${lines} lines (a docs page may have at most ${MAX_LINES}; move history to docs/notes/)`);
  }
  for (const { line, n } of proseLines(text)) {
    const stripped = line.replace(/`[^`]*`/g, '');
    for (const m of stripped.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target) || target.startsWith('//')) continue;
      const [path, anchor] = target.split('#');
      const dest = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
      if (path !== '' && path.startsWith('/')) {
        problems.push(`${rel}:${n}: absolute link ${target} (use a relative path so it works on GitHub)`);
        continue;
      }
      if (!existsSync(dest)) {
        problems.push(`${rel}:${n}: ${target}: no such file`);
        continue;
      }
      if (anchor && dest.endsWith('.md') && !anchorsOf(dest).has(anchor)) {
        problems.push(`${rel}:${n}: ${target}: no heading with anchor #${anchor} in ${relative(root, dest)}`);
      }
    }
  }
}
for (const p of problems) console.error(p);
console.log(`check-doc-links: ${files.length} files, ${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);

#!/usr/bin/env node
// Function length check: parses every TypeScript file under packages/*/src and apps/*/src with the
// TypeScript compiler API and measures each function-like node (declarations, expressions, arrow
// functions, methods, constructors, accessors) from its first to its last line. A nested function
// counts inside its parent too, as a reader has to hold both. Test files (`*.test.ts`) are
// skipped: their length is the `describe` callback holding the cases, not logic to hold in mind.
//
//   node tooling/scripts/function-length.mjs            fail (exit 1) on any function over 300 lines
//   node tooling/scripts/function-length.mjs --max 200  another limit
//   node tooling/scripts/function-length.mjs --list 100 also list (without failing) those over 100
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`function-length: ${name} needs a positive whole number of lines, got "${process.argv[i + 1] ?? ''}"`);
    process.exit(2);
  }
  return n;
};
const max = arg('--max', 300);
const list = arg('--list', Infinity);

function* sources(dir) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) yield* sources(p);
    else if (/\.(m|c)?tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) yield p;
  }
}

/** A readable name for a function-like node: its own name, or the variable / property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

const found = [];
let files = 0;
let functions = 0;
for (const group of ['packages', 'apps']) {
  if (!existsSync(join(root, group))) continue;
  for (const pkg of readdirSync(join(root, group))) {
    const src = join(root, group, pkg, 'src');
    if (!existsSync(src)) continue;
    for (const file of sources(src)) {
      files++;
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          functions++;
          const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
          const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > Math.min(max, list)) found.push({ where: `${relative(root, file)}:${start + 1}`, name: nameOf(node), lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
  }
}

found.sort((a, b) => b.lines - a.lines);
const over = found.filter((f) => f.lines > max);
for (const f of found) console.log(`${f.lines > max ? 'FAIL' : '    '} ${String(f.lines).padStart(4)} lines  ${f.name}  ${f.where}`);
console.log(`function-length: ${functions} functions in ${files} files; ${over.length} over ${max} lines${Number.isFinite(list) ? `; ${found.length} over ${list}` : ''}`);
process.exit(over.length ? 1 : 0);

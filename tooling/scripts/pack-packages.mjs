// Packs every publishable package (packages/*, not private) with `pnpm pack`, exactly as it
// would be published: workspace:^ ranges become real ranges, only `files` ship. Needs the
// packages built (`pnpm build`). Used by lint-packages.mjs and consumer-test.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Publishable packages: { name, dir, pkg } for every non-private packages/* entry. */
export function publishablePackages() {
  return readdirSync(join(root, 'packages'))
    .map((d) => join(root, 'packages', d))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => !pkg.private)
    .map(({ dir, pkg }) => ({ name: pkg.name, dir, pkg }));
}

/** `pnpm pack` each publishable package into outDir; returns [{ name, dir, pkg, tarball }]. */
export function packAll(outDir) {
  mkdirSync(outDir, { recursive: true });
  return publishablePackages().map((p) => {
    const missing = Object.values(p.pkg.bin ?? {}).filter((b) => !existsSync(join(p.dir, b)));
    if (!existsSync(join(p.dir, 'dist')) || missing.length > 0)
      throw new Error(`${p.name}: not built (${missing.length ? missing.join(', ') : 'dist/'} missing); run pnpm build first`);
    const out = execFileSync('pnpm', ['pack', '--pack-destination', outDir], { cwd: p.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const tarball = out.trim().split('\n').filter((l) => l.endsWith('.tgz')).pop();
    if (!tarball || !existsSync(tarball)) throw new Error(`${p.name}: pnpm pack printed no tarball path:\n${out}`);
    return { ...p, tarball };
  });
}

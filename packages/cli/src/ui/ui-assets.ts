// Loads the web UI: bundles src/ui/main.ts (the page's script) and src/ui/layout/layout-worker.ts
// (the graph layout's worker) with esbuild when the sources are present (dev, `pnpm rag serve`),
// or reads the prebuilt bundles from dist/ui (the built `rag` bin; tsup.config.ts writes them).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RagError } from '@rag/core';

export interface UiAssets {
  html: string;
  js: string;
  /** The layout worker's script (served as /ui/layout-worker.js). */
  worker: string;
  css: string;
}

/** The @rag/cli package directory, found from this module whether it runs from src/ or dist/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const hasUi = existsSync(join(dir, 'src', 'ui', 'main.ts')) || existsSync(join(dir, 'dist', 'ui', 'app.js'));
    if (existsSync(join(dir, 'package.json')) && hasUi) return dir;
    dir = dirname(dir);
  }
  throw new RagError('RAG_CONFIG', 'could not find the @rag/cli package directory (its src/ui or dist/ui)');
}

async function bundle(entry: string, format: 'esm' | 'iife'): Promise<string> {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format,
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** Bundle the browser code (sigma + graphology + our UI) into one ES module string. */
export const bundleUi = (root = packageRoot()) => bundle(join(root, 'src', 'ui', 'main.ts'), 'esm');

/** Bundle the layout worker (graphology + ForceAtlas2 + noverlap) as a classic worker script. */
export const bundleLayoutWorker = (root = packageRoot()) => bundle(join(root, 'src', 'ui', 'layout', 'layout-worker.ts'), 'iife');

/** The stylesheet: styles.css, then each panel's own file in styles/ (alphabetical). */
export async function bundleCss(root = packageRoot()): Promise<string> {
  const src = join(root, 'src', 'ui');
  const panels = existsSync(join(src, 'styles')) ? (await readdir(join(src, 'styles'))).filter((f) => f.endsWith('.css')).sort() : [];
  const parts = await Promise.all([join(src, 'styles.css'), ...panels.map((f) => join(src, 'styles', f))].map((f) => readFile(f, 'utf8')));
  return parts.join('\n');
}

export async function loadUiAssets(root = packageRoot()): Promise<UiAssets> {
  const src = join(root, 'src', 'ui');
  const dist = join(root, 'dist', 'ui');
  // Running from the build (dist/): use the prebuilt bundle; from sources: bundle now.
  const fromBuild = fileURLToPath(import.meta.url).includes(`${join('dist', '')}`) && existsSync(join(dist, 'app.js'));
  if (!fromBuild && existsSync(join(src, 'main.ts'))) {
    const [html, css, js, worker] = await Promise.all([readFile(join(src, 'index.html'), 'utf8'), bundleCss(root), bundleUi(root), bundleLayoutWorker(root)]);
    return { html, css, js, worker };
  }
  const [html, css, js, worker] = await Promise.all(['index.html', 'styles.css', 'app.js', 'layout-worker.js'].map((f) => readFile(join(dist, f), 'utf8')));
  return { html: html!, css: css!, js: js!, worker: worker! };
}

import { cp, mkdir } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  // ask-worker: the entry of the ask pool's worker threads (src/service/asks/ask-pool.ts finds it beside the built chunks).
  entry: { index: 'src/index.ts', 'bin/rag': 'src/bin/rag.ts', 'ask-worker': 'src/service/asks/ask-worker.ts' },
  format: ['esm'],
  dts: { entry: ['src/index.ts'] },
  clean: true,
  sourcemap: true,
  target: 'node20',
  // esbuild is only used from sources; the build ships the prebundled UI instead.
  external: ['esbuild'],
  tsconfig: 'tsconfig.build.json',
  // The web UI (page script and layout worker) is bundled once at build time so the built `rag` bin needs no esbuild.
  async onSuccess() {
    const { bundleCss, bundleLayoutWorker, bundleUi } = await import('./src/ui/ui-assets.js');
    const { writeFile } = await import('node:fs/promises');
    await mkdir('dist/ui', { recursive: true });
    await writeFile('dist/ui/app.js', await bundleUi(process.cwd()));
    await writeFile('dist/ui/layout-worker.js', await bundleLayoutWorker(process.cwd()));
    await cp('src/ui/index.html', 'dist/ui/index.html');
    await writeFile('dist/ui/styles.css', await bundleCss(process.cwd()));
  },
});

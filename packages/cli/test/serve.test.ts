import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RagError } from '@rag/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../src/http/serve.js';
import type { RagService } from '../src/service/rag-service.js';
import { createFixtureService } from './support/fixture-stack.js';

let dir: string;
let service: RagService;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-serve-'));
  ({ service } = await createFixtureService({ dir, docs: [{ id: 'a', title: 'A', text: 'Alpha is a letter.' }] }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('startServer', () => {
  it('binds 127.0.0.1 by default and serves the UI and API', async () => {
    const s = await startServer({ service, port: 0 });
    try {
      expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const page = await fetch(s.url);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain('/ui/app.js');
      const js = await fetch(`${s.url}/ui/app.js`);
      expect(js.headers.get('content-type')).toContain('javascript');
      expect((await js.text()).length).toBeGreaterThan(10_000);
      expect(page.headers.get('content-security-policy')).toContain("worker-src 'self'");
      const worker = await fetch(`${s.url}/ui/layout-worker.js`);
      expect(worker.headers.get('content-type')).toContain('javascript');
      expect(await worker.text()).toContain('onmessage');
      expect((await fetch(`${s.url}/api/info`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('refuses a non-loopback address without a token', async () => {
    await expect(startServer({ service, host: '0.0.0.0', port: 0, ui: false })).rejects.toSatisfy(
      (e) => RagError.isInstance(e, 'RAG_CONFIG') && /needs --token/.test((e as Error).message),
    );
  });

  it('reports a port in use as a clear error', async () => {
    const s = await startServer({ service, port: 0, ui: false });
    try {
      await expect(startServer({ service, port: s.port, ui: false })).rejects.toThrow(/already in use/);
    } finally {
      await s.close();
    }
  });
});

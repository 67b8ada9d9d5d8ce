import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../test/fixtures/make-pdf.js';
import { loadFiles, loadPath } from './load-path.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rag-loaders-'));
  await writeFile(join(dir, 'a.txt'), 'Plain text file.\nSecond line.');
  await writeFile(join(dir, 'b.md'), '# Marie Curie\n\nMarie Curie was a physicist.');
  await writeFile(join(dir, 'c.html'), '<html><head><title>Warsaw</title><style>p{}</style></head><body><h1>Warsaw</h1><p>Warsaw is the capital of <b>Poland</b>.</p><script>alert(1)</script></body></html>');
  await writeFile(join(dir, 'd.jsonl'), '{"id":"p1","title":"One","text":"First passage."}\n{not json}\n{"id":"p3","text":""}\n{"id":2,"title":"Two","text":"Second passage.","metadata":{"year":2020}}\n');
  await writeFile(join(dir, 'e.json'), JSON.stringify([{ doc_id: 'x1', body: { content: 'Mapped text.' }, name: 'Mapped', year: 1999 }]));
  await writeFile(join(dir, 'empty.txt'), '');
  await writeFile(join(dir, 'binary.txt'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe]));
  await writeFile(join(dir, 'big.txt'), 'x'.repeat(5000));
  await writeFile(join(dir, 'broken.pdf'), '%PDF-1.4 this is not really a pdf');
  await writeFile(join(dir, 'doc.pdf'), makePdf(['Page one talks about Paris.', 'Page two talks about Rome.']));
  await mkdir(join(dir, 'skip'));
  await writeFile(join(dir, 'skip', 'ignored.txt'), 'should be ignored');
  await mkdir(join(dir, 'sub'));
  await writeFile(join(dir, 'sub', 'nested.txt'), 'Nested file text.');
  await writeFile(join(dir, 'sub', 'image.png'), Buffer.from([0x89, 0x50]));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadPath', () => {
  it('loads a directory recursively, honours ignore patterns and reports every bad file by name and reason', async () => {
    const { docs, problems } = await loadPath(dir, { ignore: ['skip/'], maxBytes: 4096 });
    const ids = docs.map((d) => d.id).sort();
    expect(ids).toEqual(['2', 'a.txt', 'b.md', 'c.html', 'doc.pdf', 'p1', 'sub/nested.txt']);
    const byPath = (name: string) => problems.filter((p) => p.path.endsWith(name)).map((p) => p.reason);
    expect(byPath('empty.txt')).toEqual(['empty']);
    expect(byPath('binary.txt')).toEqual(['binary']);
    expect(byPath('big.txt')).toEqual(['oversized']);
    expect(byPath('broken.pdf')).toEqual(['malformed']);
    expect(byPath('d.jsonl')).toEqual(['malformed', 'malformed']);
    expect(problems.find((p) => p.path.endsWith('d.jsonl'))?.line).toBe(2);
    // e.json has no "text" field under the default mapping
    expect(byPath('e.json')).toEqual(['malformed']);
    expect(ids).not.toContain('skip/ignored.txt');
  });

  it('keeps text verbatim for txt/md, strips markup from html and maps titles', async () => {
    const { docs } = await loadPath(dir, { ignore: ['skip/'] });
    const md = docs.find((d) => d.id === 'b.md')!;
    expect(md.title).toBe('Marie Curie');
    expect(md.text).toContain('Marie Curie was a physicist.');
    const html = docs.find((d) => d.id === 'c.html')!;
    expect(html.title).toBe('Warsaw');
    expect(html.text).toContain('Warsaw is the capital of Poland.');
    expect(html.text).not.toMatch(/alert|<b>|p\{\}/);
    const two = docs.find((d) => d.id === '2')!;
    expect(two).toMatchObject({ title: 'Two', text: 'Second passage.' });
    expect(two.metadata).toMatchObject({ year: 2020 });
  });

  it('reads PDFs page by page with page starts in metadata', async () => {
    const { docs, problems } = await loadFiles([join(dir, 'doc.pdf')]);
    expect(problems).toEqual([]);
    const pdf = docs[0]!;
    expect(pdf.text).toContain('Page one talks about Paris.');
    expect(pdf.text).toContain('Page two talks about Rome.');
    const starts = pdf.metadata!.pageStarts as number[];
    expect(starts).toHaveLength(2);
    expect(pdf.text.slice(starts[1]!)).toMatch(/^Page two/);
    expect(pdf.metadata!.pages).toBe(2);
  });

  it('maps JSON fields with a custom mapping', async () => {
    const { docs, problems } = await loadFiles([join(dir, 'e.json')], { json: { id: 'doc_id', text: 'body.content', title: 'name', metadata: ['year'] } });
    expect(problems).toEqual([]);
    expect(docs).toEqual([{ id: 'x1', title: 'Mapped', text: 'Mapped text.', metadata: { source: join(dir, 'e.json'), year: 1999 } }]);
  });

  it('loads a corpus.jsonl in the shared datasets shape with no options', async () => {
    // first 60 lines of ../shared/datasets/hotpotqa-train100/corpus.jsonl (see test/fixtures/ATTRIBUTION.md)
    const path = join(import.meta.dirname, '../../test/fixtures/hotpotqa-60.jsonl');
    const { docs, problems } = await loadPath(path);
    expect(problems).toEqual([]);
    expect(docs.length).toBe(60);
    expect(docs[0]).toMatchObject({ id: 'hpt-00000', title: 'Demon Dice' });
  });

  it('reports a missing path instead of throwing, and rejects a non-string path', async () => {
    const r = await loadPath(join(dir, 'nope'));
    expect(r.problems[0]).toMatchObject({ reason: 'unreadable' });
    await expect(loadPath('')).rejects.toMatchObject({ code: 'RAG_INVALID_INPUT' });
  });
});

// The Documents tab: the indexed documents (filter, page, open, delete after a confirmation
// dialog), uploads by file picker or drag and drop, and the upload jobs followed live from
// /api/jobs/stream: queued, indexing with per-stage progress, indexed, or failed with the
// reason. Everything from the server is shown with textContent.
import type { IngestJob } from '../service/ingest-jobs.js';
import { createJobsStream } from './jobs-stream.js';
import { hasToken } from './page-token.js';

export type Api = <T>(path: string, init?: RequestInit) => Promise<T>;
export type El = <K extends keyof HTMLElementTagNameMap>(tag: K, props?: Record<string, unknown>, ...children: (Node | string)[]) => HTMLElementTagNameMap[K];

export interface DocsTabDeps {
  api: Api;
  el: El;
  /** The store changed (a document was indexed or deleted): refresh what shows its size. */
  onStoreChanged(): void | Promise<void>;
}

export interface DocsTab {
  /** The tab became visible: load the list and start following the jobs. */
  show(): void;
}

interface DocItem {
  id: string;
  title: string;
  chunks: number;
  chars: number;
}

const PAGE = 25;
/** Finished (indexed) uploads shown above the list; failed ones stay until dismissed. */
const SHOWN_INDEXED = 3;
/** Documents listed per upload before "and N more". */
const SHOWN_JOB_DOCS = 6;
/** The indexer's stages in the order it runs them (others are shown after these). */
const STAGE_ORDER = ['chunk', 'keyword', 'embed', 'extract', 'resolve', 'summaries', 'persist'];
const STATE_LABEL: Record<IngestJob['state'], string> = { queued: 'queued', indexing: 'indexing', indexed: 'indexed', failed: 'failed' };

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Set attributes (aria-*, role) and data-* values on an element made by `el`. */
function mark<T extends HTMLElement>(e: T, attrs: Record<string, string>, data: Record<string, string> = {}): T {
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  Object.assign(e.dataset, data);
  return e;
}

export function mountDocsTab({ api, el, onStoreChanged }: DocsTabDeps): DocsTab {
  let offset = 0;
  const jobs = new Map<string, IngestJob>();
  /** Documents deleted on this page: an upload that indexed them no longer links to them. */
  const deleted = new Set<string>();
  const list = $('doc-list');
  const jobList = $('doc-jobs');
  const uploadError = $('doc-upload-error');
  const uploadStatus = $('doc-upload-status');
  const drop = $('doc-drop');
  const picker = $<HTMLInputElement>('doc-file');
  const confirm = $<HTMLDialogElement>('doc-confirm');
  let pendingDelete: DocItem | undefined;

  const showError = (message: string | undefined) => {
    uploadError.textContent = message ?? '';
    uploadError.hidden = message === undefined;
  };

  // --- the document list ---------------------------------------------------------------
  async function loadDocs() {
    const q = $<HTMLInputElement>('doc-filter').value;
    const page = await api<{ total: number; items: DocItem[] }>(`/api/docs?${new URLSearchParams({ offset: String(offset), limit: String(PAGE), ...(q ? { q } : {}) })}`);
    list.replaceChildren(
      ...(page.items.length === 0
        ? [el('li', { className: 'docs-empty hint', textContent: q ? `No document title or id contains “${q}”.` : 'No documents yet: upload some above.' })]
        : page.items.map(docRow)),
    );
    $('doc-page').textContent = `${page.total === 0 ? 0 : offset + 1}–${Math.min(offset + PAGE, page.total)} of ${page.total}`;
    $<HTMLButtonElement>('doc-prev').disabled = offset === 0;
    $<HTMLButtonElement>('doc-next').disabled = offset + PAGE >= page.total;
  }

  function docRow(d: DocItem) {
    return mark(
      el(
        'li',
        { className: 'docs-row' },
        el('button', { type: 'button', className: 'docs-open', onclick: () => void showDoc(d.id) }, el('span', { className: 'docs-title', textContent: d.title }), el('span', { className: 'sub', textContent: `${d.id} · ${plural(d.chunks, 'chunk')} · ${d.chars.toLocaleString('en')} chars` })),
        el('span', { className: 'badge job-indexed', textContent: 'indexed' }),
        mark(el('button', { type: 'button', className: 'ghost docs-delete', textContent: 'Delete', onclick: () => askDelete(d) }), { 'aria-label': `Delete ${d.title}` }),
      ),
      {},
      { docId: d.id },
    );
  }

  async function showDoc(id: string) {
    const view = $('doc-view');
    try {
      const d = await api<{ id: string; title: string; text: string; chunks: { id: string }[] }>(`/api/docs/${encodeURIComponent(id)}`);
      view.dataset.docId = d.id;
      view.replaceChildren(el('h2', { textContent: d.title }), el('p', { className: 'hint', textContent: `${d.id} · ${plural(d.chunks.length, 'chunk')}` }), el('p', { className: 'passage-text', textContent: d.text }));
    } catch (e) {
      delete view.dataset.docId;
      view.replaceChildren(el('p', { className: 'error', textContent: (e as Error).message }));
    }
  }

  // --- delete, after a confirmation dialog ---------------------------------------------
  function askDelete(d: DocItem) {
    pendingDelete = d;
    $('doc-confirm-title').textContent = d.title;
    $('doc-confirm-body').textContent = `This removes ${d.id}, its ${plural(d.chunks, 'chunk')}, their vectors and the graph facts only this document supported. It cannot be undone.`;
    confirm.returnValue = '';
    confirm.showModal();
  }

  confirm.addEventListener('close', () => {
    const d = pendingDelete;
    pendingDelete = undefined;
    if (confirm.returnValue !== 'delete' || !d) return;
    void (async () => {
      try {
        const r = await api<{ removedChunks: number }>(`/api/docs/${encodeURIComponent(d.id)}`, { method: 'DELETE' });
        showError(undefined);
        deleted.add(d.id);
        renderJobs();
        uploadStatus.textContent = `Deleted “${d.title}” (${plural(r.removedChunks, 'chunk')}).`;
        const view = $('doc-view');
        if (view.dataset.docId === d.id) {
          delete view.dataset.docId;
          view.replaceChildren(el('p', { className: 'hint', textContent: 'Pick a document.' }));
        }
        await loadDocs();
        await onStoreChanged();
      } catch (e) {
        showError(`Could not delete “${d.title}”: ${(e as Error).message}`);
      }
    })();
  });

  // --- uploads -------------------------------------------------------------------------
  async function upload(files: File[]) {
    if (files.length === 0) return;
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    drop.dataset.busy = 'true';
    uploadStatus.textContent = `Uploading ${plural(files.length, 'file')}…`;
    try {
      const job = await api<IngestJob>('/api/upload', { method: 'POST', body: form });
      showError(undefined);
      uploadStatus.textContent = `${plural(job.docCount, 'document')} from ${plural(files.length, 'file')} queued for indexing.`;
      // The stream sends the same job; whichever arrives later is the newer state.
      if (!jobs.has(job.id)) jobs.set(job.id, job);
      renderJobs();
    } catch (e) {
      uploadStatus.textContent = '';
      showError((e as Error).message);
    } finally {
      delete drop.dataset.busy;
      picker.value = '';
    }
  }

  $('doc-choose').addEventListener('click', () => picker.click());
  picker.addEventListener('change', () => void upload(Array.from(picker.files ?? [])));
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  let depth = 0;
  drop.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth++;
    drop.dataset.dragging = 'true';
  });
  drop.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
  drop.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) delete drop.dataset.dragging;
  });
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    delete drop.dataset.dragging;
    void upload(Array.from(e.dataTransfer?.files ?? []));
  });
  // A file dropped beside the drop zone must not make the browser navigate away to it.
  for (const type of ['dragover', 'drop'] as const)
    window.addEventListener(type, (e) => {
      if (hasFiles(e) && !drop.contains(e.target as Node)) e.preventDefault();
    });

  // --- jobs, followed live -------------------------------------------------------------
  const { follow } = createJobsStream({
    snapshot: onSnapshot,
    job: onJob,
    forgotten: (id) => {
      jobs.delete(id);
      renderJobs();
    },
  });

  function onSnapshot(items: IngestJob[]) {
    const before = new Map(jobs);
    jobs.clear();
    for (const j of items) jobs.set(j.id, j);
    // Jobs that finished while the stream was down (reconnect) changed the store.
    if (items.some((j) => j.state === 'indexed' && before.has(j.id) && before.get(j.id)!.state !== 'indexed')) void storeChanged();
    renderJobs();
  }

  function onJob(job: IngestJob) {
    const was = jobs.get(job.id)?.state;
    jobs.set(job.id, job);
    if (job.state === 'indexed') for (const d of job.docs) deleted.delete(d.id);
    renderJobs();
    if (job.state === 'indexed' && was !== 'indexed') {
      uploadStatus.textContent = `Indexed ${plural(job.docCount, 'document')}: ${summaryText(job)}.`;
      void storeChanged();
    }
    if (job.state === 'failed' && was !== 'failed') uploadStatus.textContent = `Indexing failed: ${job.error?.message ?? 'unknown reason'}`;
  }

  async function storeChanged() {
    await loadDocs();
    await onStoreChanged();
  }

  const summaryText = (j: IngestJob) => {
    const s = j.summary;
    if (!s) return '';
    const parts = [s.added && `${s.added} new`, s.updated && `${s.updated} changed`, s.unchanged && `${s.unchanged} unchanged`].filter(Boolean);
    return `${parts.join(', ') || 'nothing new'} · ${plural(s.chunks, 'chunk')} · ${plural(s.nodes, 'entity', 'entities')} · ${(s.ms / 1000).toFixed(1)} s`;
  };

  function renderJobs() {
    const all = [...jobs.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const shown = [...all.filter((j) => j.state !== 'indexed'), ...all.filter((j) => j.state === 'indexed').slice(0, SHOWN_INDEXED)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    jobList.hidden = shown.length === 0;
    $('doc-jobs-head').hidden = shown.length === 0;
    jobList.replaceChildren(...shown.map(jobBlock));
  }

  function jobBlock(j: IngestJob) {
    const head = el(
      'div',
      { className: 'job-head' },
      el('span', { className: `badge job-${j.state}`, textContent: STATE_LABEL[j.state] }),
      el('span', { className: 'job-what', textContent: `${plural(j.files.length, 'file')} · ${plural(j.docCount, 'document')}`, title: j.files.join(', ') }),
      el('span', { className: 'hint job-when', textContent: new Date(j.createdAt).toLocaleTimeString() }),
    );
    if (j.state === 'indexed' || j.state === 'failed')
      head.append(mark(el('button', { type: 'button', className: 'ghost job-dismiss', textContent: 'Dismiss', onclick: () => void dismiss(j) }), { 'aria-label': `Dismiss the upload of ${j.files.join(', ')}` }));
    const docs = el(
      'ul',
      { className: 'job-docs' },
      ...j.docs.slice(0, SHOWN_JOB_DOCS).map((d) => {
        const gone = j.state === 'indexed' && deleted.has(d.id);
        return mark(
          el(
            'li',
            {},
            j.state === 'indexed' && !gone ? el('button', { type: 'button', className: 'link', textContent: d.title, onclick: () => void showDoc(d.id) }) : el('span', { textContent: d.title }),
            el('span', { className: 'sub', textContent: [d.id === d.title ? '' : d.id, gone ? 'deleted' : ''].filter(Boolean).join(' · ') }),
          ),
          {},
          { docId: d.id, state: j.state, deleted: String(gone) },
        );
      }),
    );
    if (j.docCount > SHOWN_JOB_DOCS) docs.append(el('li', { className: 'hint', textContent: `and ${j.docCount - SHOWN_JOB_DOCS} more` }));
    const block = mark(el('li', { className: 'job' }, head, docs), {}, { jobId: j.id, state: j.state });
    if (j.state === 'indexing' || (j.state === 'queued' && j.stages.length > 0)) block.append(stages(j));
    if (j.state === 'queued') block.append(el('p', { className: 'hint job-note', textContent: 'Waiting for the upload before it to finish.' }));
    if (j.state === 'indexing' && j.stages.length === 0) block.append(el('p', { className: 'hint job-note', textContent: 'Starting…' }));
    if (j.state === 'indexed') block.append(el('p', { className: 'hint job-note', textContent: summaryText(j) }));
    if (j.state === 'failed') block.append(el('p', { className: 'job-error', textContent: `Failed: ${j.error?.message ?? 'unknown reason'}` }));
    return block;
  }

  function stages(j: IngestJob) {
    const rank = (s: string) => (STAGE_ORDER.includes(s) ? STAGE_ORDER.indexOf(s) : STAGE_ORDER.length);
    const sorted = [...j.stages].sort((a, b) => rank(a.stage) - rank(b.stage));
    return mark(
      el(
        'ol',
        { className: 'job-stages' },
        ...sorted.map((s) =>
          el(
            'li',
            { className: s.done >= s.total ? 'done' : 'running' },
            el('span', { className: 'stage-name', textContent: s.stage }),
            mark(el('progress', { max: Math.max(1, s.total), value: s.done }), { 'aria-label': `${s.stage}: ${s.done} of ${s.total}` }),
            el('span', { className: 'stage-count', textContent: `${s.done}/${s.total}` }),
          ),
        ),
      ),
      { 'aria-label': 'indexing progress by stage' },
    );
  }

  async function dismiss(j: IngestJob) {
    try {
      await api(`/api/jobs/${encodeURIComponent(j.id)}`, { method: 'DELETE' });
      jobs.delete(j.id);
      renderJobs();
    } catch (e) {
      showError((e as Error).message);
    }
  }

  // --- filter and pages ----------------------------------------------------------------
  $('doc-filter').addEventListener('input', () => {
    offset = 0;
    void loadDocs();
  });
  $('doc-prev').addEventListener('click', () => {
    offset = Math.max(0, offset - PAGE);
    void loadDocs();
  });
  $('doc-next').addEventListener('click', () => {
    offset += PAGE;
    void loadDocs();
  });

  return {
    show() {
      follow();
      void api<{ writesNeedToken: boolean }>('/api/info')
        .then((i) => ($('doc-token-hint').hidden = !i.writesNeedToken || hasToken()))
        .catch(() => undefined);
      void loadDocs().catch((e: Error) => showError(e.message));
    },
  };
}

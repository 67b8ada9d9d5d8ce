// The web UI: ask with a method, read the cited answer, open passages with the cited span
// highlighted, follow the trace, explore the evidence graph; the other tabs are modules
// (docs-tab, explorer-tab, curation-tab) mounted here.
// Everything from the server is shown with textContent: retrieved text is data, never markup.
import type { TraceEvent } from '@rag/core';
import type { AskResult, CitationView } from '../types.js';
import { openAskSession, type AskSession } from './ask-session.js';
import { clearAskResults, createAnswerStream } from './ask-view.js';
import { mountCurationTab } from './curation-tab.js';
import { mountDocsTab } from './docs-tab.js';
import { mountExplorerTab } from './explorer-tab.js';
import { renderGraph, renderNodeChips, type GraphView } from './evidence-graph.js';
import { createNodePanel } from './ask-entity-card.js';
import { addToken, saveToken } from './page-token.js';

interface Info {
  mode: string;
  defaultMethod: string;
  methods: { name: string; kind: string; description: string }[];
  docs: number;
  chunks: number;
  nodes: number;
  edges: number;
  samples?: string[];
  writesNeedToken: boolean;
}
const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
/** Create an element; props are DOM properties (textContent, className, onclick…), never HTML. */
const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] => {
  const e = Object.assign(document.createElement(tag), props) as HTMLElementTagNameMap[K];
  e.append(...children);
  return e;
};

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = addToken(new Headers(init.headers));
  // A FormData body (uploads) gets its multipart content type, with the boundary, from fetch.
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const res = await fetch(path, { ...init, headers });
  const data = (await res.json().catch(() => ({}))) as { error?: { message: string } };
  if (!res.ok) throw new ApiError(data.error?.message ?? `${res.status} ${res.statusText}`, res.status);
  return data as T;
}

function toast(message: string) {
  const t = $('curate-msg');
  t.textContent = message;
  t.hidden = false;
  setTimeout(() => (t.hidden = true), 3000);
}

// --- tabs ------------------------------------------------------------------------------
for (const b of Array.from(document.querySelectorAll<HTMLButtonElement>('.tabs button'))) {
  b.addEventListener('click', () => {
    for (const o of Array.from(document.querySelectorAll<HTMLButtonElement>('.tabs button'))) o.setAttribute('aria-selected', String(o === b));
    for (const s of Array.from(document.querySelectorAll<HTMLElement>('.tab'))) s.dataset.active = String(s.id === `tab-${b.dataset.tab}`);
    if (b.dataset.tab === 'docs') docsTab.show();
    if (b.dataset.tab === 'graph') explorerTab.show();
    if (b.dataset.tab === 'curate') void curationTab.show();
  });
}

// --- info ------------------------------------------------------------------------------
let info: Info | undefined;
async function loadInfo() {
  info = await api<Info>('/api/info');
  const store = $('store-info');
  store.textContent = `${info.docs} documents · ${info.chunks} chunks · ${info.nodes} entities · ${info.edges} relations · ${info.mode.split(/[:(]/)[0]!.trim()}`;
  store.title = info.mode;
  const select = $<HTMLSelectElement>('method');
  select.replaceChildren(
    ...info.methods.map((m) => el('option', { value: m.name, textContent: `${m.name}${m.kind === 'agent' ? ' (agent)' : ''}`, title: m.description, selected: m.name === info!.defaultMethod })),
  );
  $('samples').replaceChildren(
    ...(info.samples ?? []).map((q) =>
      el('button', {
        type: 'button',
        textContent: q,
        onclick: () => {
          $<HTMLInputElement>('question').value = q;
          $<HTMLFormElement>('ask-form').requestSubmit();
        },
      }),
    ),
  );
  $('token-row').hidden = !info.writesNeedToken;
}

// --- passage viewer --------------------------------------------------------------------
async function openPassage(docId: string, start: number, end: number) {
  const doc = await api<{ title: string; text: string }>(`/api/docs/${encodeURIComponent(docId)}`);
  $('passage-title').textContent = doc.title;
  const body = $('passage-text');
  const mark = el('mark', { textContent: doc.text.slice(start, end) });
  body.replaceChildren(doc.text.slice(0, start), mark, doc.text.slice(end));
  const dialog = $<HTMLDialogElement>('passage');
  dialog.showModal();
  mark.scrollIntoView({ block: 'center' });
}

// --- ask -------------------------------------------------------------------------------
let graphView: GraphView | undefined;
let session: AskSession | undefined;
const destroyGraph = () => {
  graphView?.destroy();
  graphView = undefined;
};

function renderTrace(list: HTMLElement, events: TraceEvent[]) {
  list.replaceChildren(
    ...events.map((e) => {
      const li = el('li', { className: e.kind });
      li.append(el('span', { className: 'kind', textContent: e.kind }), el('strong', { textContent: e.name }));
      const ms = e.end !== undefined ? e.end - e.start : 0;
      li.append(el('span', { className: 'ms', textContent: `${e.start.toFixed(1)} ms${ms > 0 ? ` · ${ms.toFixed(1)} ms` : ''}` }));
      const bits: string[] = [];
      if (e.decision) bits.push(e.decision);
      if (e.calls) bits.push(`${e.calls} call(s)`);
      if (e.tokensIn || e.tokensOut) bits.push(`${e.tokensIn ?? 0}→${e.tokensOut ?? 0} tokens`);
      if (e.data) bits.push(JSON.stringify(e.data).slice(0, 160));
      if (bits.length) li.append(el('span', { className: 'decision', textContent: bits.join(' · ') }));
      return li;
    }),
  );
}

function citationButton(c: CitationView) {
  return el(
    'button',
    { type: 'button', className: 'citation', onclick: () => void openPassage(c.docId, c.start, c.end) },
    el('span', { className: 'n', textContent: `[${c.n}]` }),
    el('span', { className: 'title', textContent: c.title }),
    el('q', { textContent: c.quote }),
  );
}

function renderResult(r: AskResult) {
  $('results').hidden = false;
  const status = $('answer-status');
  status.textContent = r.status === 'evidence' ? 'evidence only' : r.status;
  status.className = `badge ${r.status}`;
  // What the checks established, in words: verified / unsure / failed, with the reason.
  const verification = $('answer-verification');
  const reason = $('verification-reason');
  // An abstention's reason is the answer line itself (below), so it is not repeated here.
  verification.hidden = reason.hidden = r.verification === null || r.status === 'abstained';
  if (r.verification) {
    verification.textContent = r.verification.status;
    verification.className = `badge verification-${r.verification.status}`;
    reason.textContent = r.verification.reason;
  }
  const text = $('answer-text');
  // A sentence answer: no phrase of the asked type was found, so the note above says the text is
  // the best supporting sentence (its label stays unsure, its citation below).
  $('answer-form-note').hidden = !(r.form === 'sentence' && r.answer);
  if (r.status === 'abstained') {
    // No answer: say why in a sentence (the evidence stays listed below).
    text.textContent = r.verification ? `No answer — ${r.verification.reason}` : 'No answer (the method abstained).';
    text.className = 'answer muted';
  } else if (r.answer !== null) {
    text.textContent = r.answer;
    text.className = r.form === 'sentence' ? 'answer sentence' : 'answer';
  } else {
    text.textContent = `“${r.method}” is a retriever: it ranks evidence and does not write an answer. The best passages are cited below.`;
    text.className = 'answer muted';
  }
  const meta: [string, string][] = [
    ['method', r.method],
    ['stage', r.stage ?? '—'],
    ['retries', String(r.retries)],
    ['verdicts', r.verdicts.length === 0 ? '—' : `${r.verdicts.filter((v) => v.outcome === 'pass').length}/${r.verdicts.length} pass`],
    ['LLM calls', String(r.cost.llmCalls)],
    ['tokens', String(r.cost.tokensIn + r.cost.tokensOut)],
    ['embedding calls', String(r.cost.embeddingCalls)],
    ['time', `${r.cost.wallMs.toFixed(0)} ms`],
  ];
  $('answer-meta').replaceChildren(...meta.map(([k, v]) => el('div', {}, el('dt', { textContent: k }), el('dd', { textContent: v }))));
  $('citations').replaceChildren(...r.citations.map((c) => el('li', {}, citationButton(c))));
  // Agents record their verdicts in the trace; add them only when the trace has none.
  if (!r.trace.some((e) => e.kind === 'verdict'))
    for (const v of r.verdicts) r.trace.push({ kind: 'verdict', name: v.check, start: r.trace.at(-1)?.end ?? 0, decision: `${v.outcome} (${v.score.toFixed(2)}): ${v.reason}` });
  renderTrace($('trace'), r.trace);
  $('evidence').replaceChildren(
    ...r.evidence.map((e) =>
      el(
        'li',
        {},
        el(
          'div',
          { className: 'row' },
          el('span', { textContent: `${e.rank}.` }),
          el('button', { type: 'button', className: 'link', textContent: e.title, onclick: () => void openPassage(e.docId, 0, 0) }),
          el('span', { className: 'score', textContent: `${e.source ?? ''} ${e.score.toFixed(3)}` }),
        ),
        el('p', { textContent: e.text.length > 280 ? `${e.text.slice(0, 280)}…` : e.text }),
      ),
    ),
  );
  graphView?.destroy();
  graphView = renderGraph($('graph'), r.subgraph.nodes, r.subgraph.edges, (id) => void showNode(id));
  renderNodeChips($('graph-chips'), r.subgraph.nodes, (id) => void showNode(id));
  $('graph-hint').textContent = `${r.subgraph.nodes.length} entities · ${r.subgraph.edges.length} relations · click a node`;
  $('node-card').hidden = true;
}

$<HTMLFormElement>('ask-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const question = $<HTMLInputElement>('question').value.trim();
  const method = $<HTMLSelectElement>('method').value;
  if (!question) return;
  session?.close();
  $('ask-error').hidden = true;
  const button = $<HTMLButtonElement>('ask-button');
  button.disabled = true;
  button.replaceChildren(el('span', { className: 'spinner' }));
  const live: TraceEvent[] = [];
  // Nothing of the previous answer stays beside the new question.
  clearAskResults(destroyGraph);
  $('results').hidden = false;
  $('answer-text').textContent = 'Retrieving…';
  const answer = createAnswerStream();
  const done = () => {
    button.disabled = false;
    button.textContent = 'Ask';
  };
  session = openAskSession(
    { question, method },
    {
      trace: (e) => {
        live.push(e);
        renderTrace($('trace'), live);
      },
      token: (text, generation) => answer.token(text, generation),
      result: (r) => {
        renderResult(r);
        done();
      },
      error: (message) => {
        clearAskResults(destroyGraph);
        $('results').hidden = true;
        const err = $('ask-error');
        err.textContent = `The question could not be answered: ${message}`;
        err.hidden = false;
        done();
      },
    },
  );
});

// --- tabs' modules ---------------------------------------------------------------------
const showNode = createNodePanel({ api, el, openPassage });
const docsTab = mountDocsTab({ api, el, onStoreChanged: () => loadInfo() });
const explorerTab = mountExplorerTab({ api, el, writesNeedToken: () => info?.writesNeedToken ?? false, onStoreChanged: () => loadInfo() });
const curationTab = mountCurationTab({ api, el, toast, onStoreChanged: () => loadInfo() });
$('token').addEventListener('change', () => {
  saveToken($<HTMLInputElement>('token').value);
  void loadInfo().catch(showInfoError);
});

/** A server that needs its token for reads (no --public-reads) refuses /api/info until it is entered. */
function showInfoError(e: Error) {
  if (e instanceof ApiError && e.status === 401) {
    $('store-info').textContent = 'this server needs its token: enter it on the Curation tab';
    $('token-row').hidden = false;
    return;
  }
  $('store-info').textContent = `cannot reach the server: ${e.message}`;
}

void loadInfo().catch(showInfoError);

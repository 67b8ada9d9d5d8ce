// The panel beside the explorer's graph: the selected entity (name, type, description,
// aliases) with a form to edit them, its relations each with a delete button, a form to add a
// relation (target found by search, a passage of the entity as evidence, a note), and Undo
// for the latest edit. Every change goes through the API's logged, undoable edits; the panel
// then reloads the entity and asks the explorer to redraw.
import type { El } from '../docs-tab.js';
import type { TypeColours } from '../type-colours.js';
import type { EditRecord, ExplorerApi, ExplorerGraph, NodeView } from './explorer-api.js';
import { hasToken } from '../page-token.js';

export interface NodePanelDeps {
  api: ExplorerApi;
  el: El;
  colours: TypeColours;
  /** Whether the relation list includes weak (provenance, co-occurrence) edges. */
  includeWeak(): boolean;
  /** The server wants a bearer token for writes. */
  writesNeedToken(): boolean;
  select(id: string): void;
  expand(id: string): void;
  /** The graph changed: redraw what is in view. */
  edited(): Promise<void>;
}

export interface NodePanel {
  show(id: string | undefined): Promise<void>;
  readonly current: string | undefined;
  /** Refresh the undo button from the edit log. */
  refreshUndo(): Promise<void>;
  /** The types and relation labels offered by the forms' suggestions. */
  suggest(types: string[], relations: string[]): void;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** "person:ada lovelace -[born_in]-> place:london" → "ada lovelace born in london". */
const readable = (id: string) => id.replace(/(^|\s)[a-z0-9_]+:/g, '$1').replace(/ -\[([^\]]+)\]-> /, (_, r: string) => ` ${r.replace(/_/g, ' ')} `);

function describeEdit(e: EditRecord): string {
  const what: Record<EditRecord['kind'], string> = { 'entity.update': 'edited entity', 'relation.add': 'added relation', 'relation.update': 'changed relation', 'relation.remove': 'deleted relation' };
  const name = e.kind === 'entity.update' ? (e.after as { name?: string } | undefined)?.name : undefined;
  return `${what[e.kind]} “${name ?? readable(e.target)}”`;
}

export function mountNodePanel(deps: NodePanelDeps): NodePanel {
  const { api, el } = deps;
  let current: string | undefined;
  let view: NodeView | undefined;
  const msg = $('ex-msg');
  const say = (text: string, bad = false) => {
    msg.textContent = text;
    msg.classList.toggle('bad', bad);
    msg.hidden = text === '';
  };
  const failed = (err: unknown) => {
    const text = err instanceof Error ? err.message : String(err);
    say(/Bearer|token/i.test(text) ? `${text} — enter the write token on the Curation tab` : text, true);
  };

  /** Run an edit, then reload the entity, the undo button and the drawing. */
  async function edit(action: () => Promise<EditRecord>, done: string): Promise<boolean> {
    let record: EditRecord;
    try {
      record = await action();
    } catch (err) {
      failed(err);
      return false;
    }
    say(`${done} (${record.id})`);
    await deps.edited();
    await panel.show(current);
    await panel.refreshUndo();
    return true;
  }

  function renderRelations(id: string, hood: ExplorerGraph) {
    const names = new Map(hood.nodes.map((n) => [n.id, n]));
    const edges = hood.edges.filter((e) => e.source === id || e.target === id).sort((a, b) => Number(a.weak) - Number(b.weak) || a.relation.localeCompare(b.relation));
    $('ex-rel-count').textContent = String(edges.length);
    $('ex-rel-list').replaceChildren(
      ...edges.map((e) => {
        const out = e.source === id;
        const other = names.get(out ? e.target : e.source);
        const go = el('button', { type: 'button', className: 'link other', textContent: other?.name ?? (out ? e.target : e.source), title: 'select this entity' });
        go.dataset.nodeId = other?.id ?? (out ? e.target : e.source);
        go.addEventListener('click', () => deps.select(go.dataset.nodeId!));
        if (other) go.style.borderLeftColor = deps.colours(other.type);
        const del = el('button', { type: 'button', className: 'ghost danger small', textContent: 'Delete', title: `delete the relation ${e.id}` });
        del.setAttribute('aria-label', `delete relation ${e.relation} ${other?.name ?? ''}`);
        del.addEventListener('click', () => void edit(() => api.removeRelation(e.id), `Deleted “${e.relation.replace(/_/g, ' ')}”`));
        const li = el(
          'li',
          { className: e.weak ? 'weak' : '' },
          el('span', { className: 'dir', textContent: out ? '→' : '←' }),
          el('span', { className: 'rel', textContent: e.relation.replace(/_/g, ' ') }),
          go,
          el('span', { className: 'conf', textContent: e.confidence.toFixed(2) }),
          del,
        );
        li.dataset.edgeId = e.id;
        return li;
      }),
    );
  }

  function fillForm(v: NodeView) {
    $<HTMLInputElement>('ex-edit-name').value = v.node.name;
    $<HTMLInputElement>('ex-edit-type').value = v.node.type;
    $<HTMLTextAreaElement>('ex-edit-desc').value = v.node.description ?? '';
    $<HTMLInputElement>('ex-edit-aliases').value = v.node.aliases.join(', ');
    const evidence = $<HTMLSelectElement>('ex-add-evidence');
    const seen = new Set<string>();
    evidence.replaceChildren(
      el('option', { value: '', textContent: 'no passage' }),
      ...v.provenance
        .filter((p) => !seen.has(p.chunkId) && Boolean(seen.add(p.chunkId)))
        .map((p) => el('option', { value: p.chunkId, textContent: `${p.title}: ${p.quote.slice(0, 60)}` })),
    );
  }

  $<HTMLFormElement>('ex-edit-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!current || !view) return;
    const name = $<HTMLInputElement>('ex-edit-name').value.trim();
    const type = $<HTMLInputElement>('ex-edit-type').value.trim();
    const description = $<HTMLTextAreaElement>('ex-edit-desc').value.trim();
    const aliases = $<HTMLInputElement>('ex-edit-aliases')
      .value.split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const change: Parameters<ExplorerApi['updateEntity']>[1] = {};
    if (name !== view.node.name) change.name = name;
    if (type !== view.node.type) change.type = type;
    if (description !== (view.node.description ?? '')) change.description = description === '' ? null : description;
    // a rename keeps the old name as an alias unless the aliases were edited too
    if (aliases.join('\n') !== view.node.aliases.join('\n')) change.aliases = aliases;
    if (Object.keys(change).length === 0) return say('Nothing changed.');
    const id = current;
    void edit(() => api.updateEntity(id, change), 'Saved');
  });

  let searchSeq = 0;
  $('ex-add-target-q').addEventListener('input', async () => {
    const q = $<HTMLInputElement>('ex-add-target-q').value.trim();
    const seq = ++searchSeq;
    const hits = q ? await api.search(q).catch(() => []) : [];
    if (seq !== searchSeq) return;
    $('ex-add-target').replaceChildren(...hits.filter((h) => h.id !== current).map((h, i) => el('option', { value: h.id, textContent: `${h.name} (${h.type})`, selected: i === 0 })));
  });

  $<HTMLFormElement>('ex-add-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    if (!current) return;
    const target = $<HTMLSelectElement>('ex-add-target').value;
    const relation = $<HTMLInputElement>('ex-add-relation').value.trim();
    if (!target) return say('Pick the other entity: search it, then choose it in the list.', true);
    if (!relation) return say('Name the relation.', true);
    const outgoing = $<HTMLSelectElement>('ex-add-direction').value !== 'in';
    const evidenceChunkId = $<HTMLSelectElement>('ex-add-evidence').value;
    const note = $<HTMLInputElement>('ex-add-note').value.trim();
    const source = current;
    void edit(
      () =>
        api.createRelation({
          source: outgoing ? source : target,
          target: outgoing ? target : source,
          relation,
          ...(evidenceChunkId ? { evidenceChunkId } : {}),
          ...(note ? { note } : {}),
        }),
      `Added “${relation}”`,
    ).then((ok) => {
      if (!ok) return;
      $<HTMLInputElement>('ex-add-relation').value = '';
      $<HTMLInputElement>('ex-add-note').value = '';
    });
  });

  $('ex-expand').addEventListener('click', () => current && deps.expand(current));
  $('ex-undo').addEventListener('click', () => void edit(() => api.undo(), 'Undone'));

  const panel: NodePanel = {
    get current() {
      return current;
    },
    async show(id) {
      current = id;
      $('ex-panel-empty').hidden = id !== undefined;
      $('ex-node').hidden = id === undefined;
      $('ex-token-hint').hidden = !deps.writesNeedToken() || hasToken();
      if (id === undefined) return;
      try {
        const [v, hood] = await Promise.all([api.node(id), api.neighbourhood(id, 1, 1000, { minConfidence: 0, includeWeak: deps.includeWeak() })]);
        if (current !== id) return;
        view = v;
        $('ex-node-name').textContent = v.node.name;
        const type = $('ex-node-type');
        type.textContent = v.node.type;
        type.style.background = deps.colours(v.node.type);
        $('ex-node-desc').textContent = v.node.description ?? '';
        $('ex-node-desc').hidden = !v.node.description;
        $('ex-node-aliases').textContent = v.node.aliases.length ? `also: ${v.node.aliases.join(', ')}` : '';
        $('ex-node-sources').textContent = `${new Set(v.provenance.map((p) => p.docId)).size} source document(s) · ${v.provenance.length} mention(s)`;
        fillForm(v);
        renderRelations(id, hood);
      } catch (err) {
        failed(err);
      }
    },
    async refreshUndo() {
      const log = await api.editLog().catch(() => [] as EditRecord[]);
      const last = [...log].reverse().find((e) => !e.undone);
      const undo = $<HTMLButtonElement>('ex-undo');
      undo.disabled = !last;
      $('ex-last-edit').textContent = last ? `last: ${describeEdit(last)}` : 'no edits to undo';
    },
    suggest(types, relations) {
      $('ex-type-options').replaceChildren(...types.map((t) => el('option', { value: t })));
      $('ex-relation-options').replaceChildren(...relations.map((r) => el('option', { value: r.replace(/_/g, ' ') })));
    },
  };
  return panel;
}

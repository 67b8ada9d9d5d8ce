// The Curate tab: merge two entities (with the merge log and undo), split an entity by the
// chunks it was read from, and approve or reject extraction proposals of the review queue.
// Everything from the server is shown with textContent.
import type { ReviewItem } from '@rag/train-data';
import type { Api, El } from './docs-tab.js';
import type { NodeRef, NodeView } from './ask-entity-card.js';

interface MergeRecord {
  id: string;
  keptId: string;
  mergedId: string;
  at: string;
  undone?: boolean;
}

export interface CurationTabDeps {
  api: Api;
  el: El;
  /** A short message under the tab's controls. */
  toast(message: string): void;
  /** The graph changed (merge, undo, split): refresh what shows its size. */
  onStoreChanged(): Promise<void>;
}

export interface CurationTab {
  /** The tab became visible: load the merge log and the proposals. */
  show(): Promise<void>;
}

export function mountCurationTab({ api, el, toast, onStoreChanged }: CurationTabDeps): CurationTab {
  const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
  function entitySearch(input: string, select: string, after?: (id: string) => void) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    $(input).addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const q = $<HTMLInputElement>(input).value.trim();
        const found = q ? await api<NodeRef[]>(`/api/nodes?${new URLSearchParams({ q })}`) : [];
        $(select).replaceChildren(...found.map((n) => el('option', { value: n.id, textContent: `${n.name} (${n.type})` })));
      }, 150);
    });
    if (after) $(select).addEventListener('change', () => after($<HTMLSelectElement>(select).value));
  }
  entitySearch('keep-q', 'keep-id');
  entitySearch('merge-q', 'merge-id');
  entitySearch('split-q', 'split-id', (id) => void loadSplitChunks(id));

  async function loadSplitChunks(id: string) {
    const v = await api<NodeView>(`/api/nodes/${encodeURIComponent(id)}`);
    const seen = new Set<string>();
    $('split-chunks').replaceChildren(
      ...v.provenance
        .filter((p) => !seen.has(p.chunkId) && seen.add(p.chunkId))
        .map((p) => el('label', {}, el('input', { type: 'checkbox', value: p.chunkId }), `${p.title}: “${p.quote}”`)),
    );
  }

  async function loadCuration() {
    const log = await api<MergeRecord[]>('/api/graph/merges');
    $('merge-log').replaceChildren(
      ...log
        .slice()
        .reverse()
        .map((m) =>
          el(
            'li',
            { className: m.undone ? 'undone' : '' },
            el('span', { className: 'what', textContent: `${m.mergedId} → ${m.keptId}` }),
            ...(m.undone
              ? [el('span', { className: 'hint', textContent: 'undone' })]
              : [
                  el('button', {
                    type: 'button',
                    className: 'ghost',
                    textContent: 'Undo',
                    onclick: async () => {
                      try {
                        await api('/api/graph/undo', { method: 'POST', body: JSON.stringify({ recordId: m.id }) });
                        toast('merge undone');
                        await loadCuration();
                        await onStoreChanged();
                      } catch (e) {
                        toast((e as Error).message);
                      }
                    },
                  }),
                ]),
          ),
        ),
    );
    const proposals = await api<ReviewItem[]>('/api/proposals');
    $('proposals').replaceChildren(
      ...(proposals.length === 0
        ? [el('li', {}, el('span', { className: 'hint', textContent: 'No proposals in the review queue.' }))]
        : proposals.map((p) => {
            const li = el('li', {}, el('span', { className: 'what', textContent: `${p.triple.head} —${p.triple.relation}→ ${p.triple.tail}` }));
            if (p.status === 'pending') {
              for (const d of ['approve', 'reject'] as const)
                li.append(
                  el('button', {
                    type: 'button',
                    className: d === 'approve' ? '' : 'ghost',
                    textContent: d === 'approve' ? 'Approve' : 'Reject',
                    onclick: async () => {
                      try {
                        await api(`/api/proposals/${encodeURIComponent(p.id)}/${d}`, { method: 'POST' });
                        toast(`proposal ${d === 'approve' ? 'approved' : 'rejected'}`);
                        await loadCuration();
                      } catch (e) {
                        toast((e as Error).message);
                      }
                    },
                  }),
                );
            } else li.append(el('span', { className: 'badge', textContent: p.status }));
            return li;
          })),
    );
  }

  $('merge-button').addEventListener('click', async () => {
    const keepId = $<HTMLSelectElement>('keep-id').value;
    const mergeId = $<HTMLSelectElement>('merge-id').value;
    if (!keepId || !mergeId) return toast('pick an entity to keep and one to merge');
    try {
      await api('/api/graph/merge', { method: 'POST', body: JSON.stringify({ keepId, mergeId }) });
      toast('merged');
      await loadCuration();
      await onStoreChanged();
    } catch (e) {
      toast((e as Error).message);
    }
  });

  $('split-button').addEventListener('click', async () => {
    const nodeId = $<HTMLSelectElement>('split-id').value;
    const name = $<HTMLInputElement>('split-name').value.trim();
    const chunkIds = Array.from(document.querySelectorAll<HTMLInputElement>('#split-chunks input:checked')).map((i) => i.value);
    if (!nodeId || !name) return toast('pick an entity and give the new entity a name');
    try {
      await api('/api/graph/split', { method: 'POST', body: JSON.stringify({ nodeId, name, chunkIds }) });
      toast(`split “${name}” out`);
      await onStoreChanged();
    } catch (e) {
      toast((e as Error).message);
    }
  });

  return { show: loadCuration };
}

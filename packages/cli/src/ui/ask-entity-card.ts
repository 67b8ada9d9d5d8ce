// The entity card beside the Ask tab's evidence graph: name, type, aliases, the passages the
// entity was read from (each opens the passage viewer) and its neighbours (each opens theirs).
// Everything from the server is shown with textContent.
import type { Api, El } from './docs-tab.js';

export interface NodeRef {
  id: string;
  name: string;
  type: string;
  aliases: string[];
}
export interface NodeView {
  node: NodeRef & { provenance: unknown[] };
  provenance: { chunkId: string; docId: string; title: string; start: number; end: number; quote: string }[];
  neighbours: { edgeId: string; relation: string; direction: 'out' | 'in'; node: NodeRef }[];
}

export interface NodePanelDeps {
  api: Api;
  el: El;
  openPassage(docId: string, start: number, end: number): Promise<void>;
}

/** Returns `showNode(id)`, which fills the card (#node-card) with the entity `id`. */
export function createNodePanel({ api, el, openPassage }: NodePanelDeps): (id: string) => Promise<void> {
  const $ = (id: string) => document.getElementById(id) as HTMLElement;
  async function showNode(id: string) {
    const v = await api<NodeView>(`/api/nodes/${encodeURIComponent(id)}`);
    $('node-card').hidden = false;
    $('node-name').textContent = v.node.name;
    $('node-type').textContent = v.node.type;
    const body = $('node-body');
    const aliases = el('div', { className: 'node-section' }, el('strong', { textContent: 'Aliases: ' }), v.node.aliases.length ? v.node.aliases.join(', ') : '—');
    const prov = el('div', { className: 'node-section' }, el('strong', { textContent: `Read from (${v.provenance.length})` }));
    prov.append(
      el(
        'ul',
        {},
        ...v.provenance.slice(0, 12).map((p) =>
          el('li', {}, el('button', { type: 'button', className: 'link', textContent: p.title, onclick: () => void openPassage(p.docId, p.start, p.end) }), ` — “${p.quote}”`),
        ),
      ),
    );
    const nb = el('div', { className: 'node-section' }, el('strong', { textContent: `Neighbours (${v.neighbours.length})` }));
    nb.append(
      el(
        'ul',
        {},
        ...v.neighbours.slice(0, 20).map((n) =>
          el(
            'li',
            {},
            n.direction === 'out' ? `—${n.relation}→ ` : `←${n.relation}— `,
            el('button', { type: 'button', className: 'link', textContent: n.node.name, onclick: () => void showNode(n.node.id) }),
          ),
        ),
      ),
    );
    body.replaceChildren(aliases, prov, nb);
  }
  return showNode;
}

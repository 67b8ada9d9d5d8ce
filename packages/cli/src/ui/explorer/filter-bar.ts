// The explorer's filters: entity types and relation labels (checkbox menus built from the
// facets), a minimum confidence slider, and the toggle for weak edges (provenance `mentions`
// and co-occurrence), off by default. Also the legend: one colour per entity type in view.
import type { El } from '../docs-tab.js';
import type { TypeColours } from '../type-colours.js';
import type { Facets, ViewFilters } from './explorer-api.js';

export interface FilterBar {
  /** Build the menus from the graph's facets (keeps what was unticked). */
  setFacets(facets: Facets): void;
  readonly filters: ViewFilters;
  /** The legend for the types in view, with how many of each. */
  legend(counts: Map<string, number>): void;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export function mountFilterBar(el: El, colours: TypeColours, onChange: () => void): FilterBar {
  const hiddenTypes = new Set<string>();
  const hiddenRelations = new Set<string>();
  let facets: Facets | undefined;
  const confidence = $<HTMLInputElement>('ex-confidence');
  const confidenceOut = $('ex-confidence-value');
  const weak = $<HTMLInputElement>('ex-weak');

  const summary = (id: string, label: string, hidden: number, total: number) => {
    $(id).textContent = hidden === 0 ? `${label}: all` : `${label}: ${total - hidden} of ${total}`;
  };

  function checkboxes(box: HTMLElement, items: { key: string; count: number; colour?: string; weak?: boolean }[], hidden: Set<string>, label: string, summaryId: string) {
    const refreshSummary = () => summary(summaryId, label, [...hidden].filter((h) => items.some((i) => i.key === h)).length, items.length);
    const rows = items.map((item) => {
      const input = el('input', { type: 'checkbox', checked: !hidden.has(item.key), value: item.key });
      input.addEventListener('change', () => {
        if (input.checked) hidden.delete(item.key);
        else hidden.add(item.key);
        refreshSummary();
        onChange();
      });
      const swatch = el('span', { className: 'swatch' });
      if (item.colour) swatch.style.background = item.colour;
      else swatch.hidden = true;
      return el('label', { className: 'ex-check' }, input, swatch, el('span', { className: 'name', textContent: item.key.replace(/_/g, ' ') + (item.weak ? ' (weak)' : '') }), el('span', { className: 'count', textContent: String(item.count) }));
    });
    const all = el('button', { type: 'button', className: 'link', textContent: 'all' });
    all.addEventListener('click', () => {
      hidden.clear();
      for (const c of Array.from(box.querySelectorAll<HTMLInputElement>('input'))) c.checked = true;
      refreshSummary();
      onChange();
    });
    const none = el('button', { type: 'button', className: 'link', textContent: 'none' });
    none.addEventListener('click', () => {
      for (const i of items) hidden.add(i.key);
      for (const c of Array.from(box.querySelectorAll<HTMLInputElement>('input'))) c.checked = false;
      refreshSummary();
      onChange();
    });
    box.replaceChildren(el('div', { className: 'ex-menu-actions' }, all, none), ...rows);
    refreshSummary();
  }

  confidence.addEventListener('input', () => (confidenceOut.textContent = Number(confidence.value).toFixed(2)));
  confidence.addEventListener('change', onChange);
  weak.addEventListener('change', onChange);

  return {
    setFacets(f) {
      facets = f;
      colours.prime(f.types.map((t) => t.type));
      checkboxes($('ex-types'), f.types.map((t) => ({ key: t.type, count: t.count, colour: colours(t.type) })), hiddenTypes, 'Types', 'ex-types-summary');
      checkboxes($('ex-relations'), f.relations.map((r) => ({ key: r.relation, count: r.count, weak: r.weak })), hiddenRelations, 'Relations', 'ex-relations-summary');
    },
    get filters(): ViewFilters {
      const types = facets && hiddenTypes.size ? facets.types.map((t) => t.type).filter((t) => !hiddenTypes.has(t)) : undefined;
      const relations = facets && hiddenRelations.size ? facets.relations.map((r) => r.relation).filter((r) => !hiddenRelations.has(r)) : undefined;
      return { ...(types ? { types } : {}), ...(relations ? { relations } : {}), minConfidence: Number(confidence.value), includeWeak: weak.checked };
    },
    legend(counts) {
      const items = [...counts.entries()].sort((a, b) => b[1] - a[1]);
      $('ex-legend').replaceChildren(
        ...items.map(([type, n]) => {
          const swatch = el('span', { className: 'swatch' });
          swatch.style.background = colours(type);
          return el('span', { className: 'ex-legend-item', title: `${n} ${type} in view` }, swatch, el('span', { textContent: `${type} ${n}` }));
        }),
      );
    },
  };
}

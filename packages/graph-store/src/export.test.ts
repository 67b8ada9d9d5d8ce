import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeXml, toGEXF, toGraphML } from './export.js';
import { createGraphStore } from './graph-store.js';

function nasty() {
  const s = createGraphStore();
  s.addTriple({
    head: 'AT&T <Labs> "R&D"',
    relation: 'owns',
    tail: "O'Reilly\u0001 Media",
    provenance: [{ chunkId: 'c<1>', start: 0, end: 3 }],
    confidence: 0,
  });
  s.addEntity({ name: 'Zoë', description: 'a </node> injection & more', aliases: ['Zoe'] });
  return s;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

describe('GraphML / GEXF export', () => {
  it('escapes XML and drops characters XML 1.0 forbids', () => {
    expect(escapeXml('a<b>&"c\'\u0000')).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });

  it('writes GraphML that parses and keeps names, types and edges', () => {
    const xml = toGraphML(nasty());
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    const g = doc.graphml.graph;
    expect(g['@edgedefault']).toBe('directed');
    const nodes = Array.isArray(g.node) ? g.node : [g.node];
    expect(nodes).toHaveLength(3);
    const names = nodes.map((n: { data: { '#text': string; '@key': string }[] }) => n.data.find((d) => d['@key'] === 'name')!['#text']);
    // the parser decodes entities, so the original text comes back
    expect(names).toContain('AT&T <Labs> "R&D"');
    const edge = Array.isArray(g.edge) ? g.edge[0] : g.edge;
    expect(edge['@source']).toBe('entity:at t labs r d');
  });

  it('writes GEXF that parses', () => {
    const xml = toGEXF(nasty());
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    const nodes = doc.gexf.graph.nodes.node;
    expect(nodes.map((n: { '@label': string }) => n['@label'])).toContain("O'Reilly Media");
    expect(Number(doc.gexf.graph.edges.edge['@weight'])).toBeGreaterThan(0);
  });
});

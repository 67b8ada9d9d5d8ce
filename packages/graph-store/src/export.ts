// GraphML and GEXF export for Gephi, yEd and friends. All text is XML-escaped and characters
// XML 1.0 forbids are dropped, since names and descriptions come from arbitrary documents.
import type { GraphStore } from './types.js';

const INVALID_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(value: unknown): string {
  return String(value)
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function chunkList(p: { chunkId: string }[]): string {
  return [...new Set(p.map((x) => x.chunkId))].join(' ');
}

export function toGraphML(store: GraphStore): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">',
    '  <key id="name" for="node" attr.name="name" attr.type="string"/>',
    '  <key id="type" for="node" attr.name="type" attr.type="string"/>',
    '  <key id="aliases" for="node" attr.name="aliases" attr.type="string"/>',
    '  <key id="description" for="node" attr.name="description" attr.type="string"/>',
    '  <key id="nchunks" for="node" attr.name="chunks" attr.type="string"/>',
    '  <key id="relation" for="edge" attr.name="relation" attr.type="string"/>',
    '  <key id="confidence" for="edge" attr.name="confidence" attr.type="double"/>',
    '  <key id="echunks" for="edge" attr.name="chunks" attr.type="string"/>',
    '  <graph id="G" edgedefault="directed">',
  ];
  for (const n of store.nodes()) {
    out.push(`    <node id="${escapeXml(n.id)}">`);
    out.push(`      <data key="name">${escapeXml(n.name)}</data>`);
    out.push(`      <data key="type">${escapeXml(n.type)}</data>`);
    if (n.aliases.length > 0) out.push(`      <data key="aliases">${escapeXml(n.aliases.join(' | '))}</data>`);
    if (n.description !== undefined) out.push(`      <data key="description">${escapeXml(n.description)}</data>`);
    if (n.provenance.length > 0) out.push(`      <data key="nchunks">${escapeXml(chunkList(n.provenance))}</data>`);
    out.push('    </node>');
  }
  for (const e of store.edges()) {
    out.push(`    <edge id="${escapeXml(e.id)}" source="${escapeXml(e.source)}" target="${escapeXml(e.target)}">`);
    out.push(`      <data key="relation">${escapeXml(e.relation)}</data>`);
    out.push(`      <data key="confidence">${e.confidence}</data>`);
    if (e.provenance.length > 0) out.push(`      <data key="echunks">${escapeXml(chunkList(e.provenance))}</data>`);
    out.push('    </edge>');
  }
  out.push('  </graph>', '</graphml>', '');
  return out.join('\n');
}

export function toGEXF(store: GraphStore): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gexf xmlns="http://gexf.net/1.3" version="1.3">',
    '  <meta><creator>@rag/graph-store</creator></meta>',
    '  <graph defaultedgetype="directed" mode="static">',
    '    <attributes class="node">',
    '      <attribute id="type" title="type" type="string"/>',
    '      <attribute id="aliases" title="aliases" type="string"/>',
    '      <attribute id="description" title="description" type="string"/>',
    '      <attribute id="chunks" title="chunks" type="string"/>',
    '    </attributes>',
    '    <attributes class="edge">',
    '      <attribute id="relation" title="relation" type="string"/>',
    '      <attribute id="chunks" title="chunks" type="string"/>',
    '    </attributes>',
    '    <nodes>',
  ];
  for (const n of store.nodes()) {
    out.push(`      <node id="${escapeXml(n.id)}" label="${escapeXml(n.name)}">`);
    out.push('        <attvalues>');
    out.push(`          <attvalue for="type" value="${escapeXml(n.type)}"/>`);
    if (n.aliases.length > 0) out.push(`          <attvalue for="aliases" value="${escapeXml(n.aliases.join(' | '))}"/>`);
    if (n.description !== undefined) out.push(`          <attvalue for="description" value="${escapeXml(n.description)}"/>`);
    if (n.provenance.length > 0) out.push(`          <attvalue for="chunks" value="${escapeXml(chunkList(n.provenance))}"/>`);
    out.push('        </attvalues>', '      </node>');
  }
  out.push('    </nodes>', '    <edges>');
  for (const e of store.edges()) {
    // GEXF weights must be positive; confidence 0 becomes a tiny weight
    const weight = Math.max(e.confidence, 1e-6);
    out.push(
      `      <edge id="${escapeXml(e.id)}" source="${escapeXml(e.source)}" target="${escapeXml(e.target)}" label="${escapeXml(e.relation)}" weight="${weight}">`,
    );
    out.push('        <attvalues>');
    out.push(`          <attvalue for="relation" value="${escapeXml(e.relation)}"/>`);
    if (e.provenance.length > 0) out.push(`          <attvalue for="chunks" value="${escapeXml(chunkList(e.provenance))}"/>`);
    out.push('        </attvalues>', '      </edge>');
  }
  out.push('    </edges>', '  </graph>', '</gexf>', '');
  return out.join('\n');
}

// A readable page of the OpenAPI document, rendered on the server: no script, no CDN, so it
// works offline and under the UI's strict Content-Security-Policy.
type Json = Record<string, unknown>;

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const schemaText = (schema: unknown) => esc(JSON.stringify(schema, null, 2) ?? '');

function operationHtml(method: string, path: string, op: Json): string {
  const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
  const params = (op.parameters as Json[] | undefined) ?? [];
  const responses = (op.responses as Json | undefined) ?? {};
  const secured = Array.isArray(op.security) && op.security.length > 0;
  const parts = [
    `<details class="op"><summary><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code> ${esc(String(op.summary ?? ''))}${secured ? ' <span class="lock" title="writes: bearer token when configured">🔒</span>' : ''}</summary>`,
  ];
  if (op.description) parts.push(`<p>${esc(String(op.description))}</p>`);
  if (params.length)
    parts.push(
      `<h4>Parameters</h4><ul>${params.map((p) => `<li><code>${esc(String(p.name))}</code> (${esc(String(p.in))}${p.required ? ', required' : ''})</li>`).join('')}</ul>`,
    );
  if (body)
    for (const [type, media] of Object.entries(body))
      parts.push(`<h4>Body <code>${esc(type)}</code></h4><pre>${schemaText((media as Json).schema)}</pre>`);
  parts.push(`<h4>Responses</h4><ul>${Object.entries(responses).map(([code, r]) => `<li><code>${esc(code)}</code> ${esc(String((r as Json).description ?? ''))}</li>`).join('')}</ul>`);
  parts.push('</details>');
  return parts.join('\n');
}

export function renderDocsPage(doc: Json): string {
  const info = (doc.info as Json | undefined) ?? {};
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {}))
    for (const [method, op] of Object.entries(item as Json)) {
      const tag = String(((op as Json).tags as string[] | undefined)?.[0] ?? 'other');
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op as Json)]);
    }
  const sections = [...byTag].map(([tag, ops]) => `<section><h2>${esc(tag)}</h2>${ops.join('\n')}</section>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(String(info.title ?? 'API'))}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1d2330}
h1{font-size:1.4rem}h2{font-size:1.1rem;border-bottom:1px solid #dde;margin-top:1.6rem;text-transform:capitalize}
.op{border:1px solid #dde;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}.op summary{cursor:pointer}
.m{display:inline-block;min-width:4.2em;font:600 12px monospace;padding:1px 6px;border-radius:4px;color:#fff;background:#667}
.m-get{background:#2a7ab8}.m-post{background:#2f8f5b}.m-delete{background:#b8432a}.m-patch,.m-put{background:#a77a12}
pre{background:#f5f6fa;padding:.5rem;overflow:auto;max-height:24rem;font-size:12px}code{word-break:break-all}
</style></head><body>
<h1>${esc(String(info.title ?? 'API'))} <small>${esc(String(info.version ?? ''))}</small></h1>
<p>${esc(String(info.description ?? ''))}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${esc(String(doc.openapi ?? ''))}).</p>
${sections}
</body></html>`;
}

// Near-miss JSON from language models: code fences, prose before or after the object, trailing
// commas, single-quoted strings, unquoted keys, Python literals, and output cut off before the
// closing brackets. `repairJson` rewrites such text into valid JSON; it never invents values
// (a cut-off trailing key without a value is dropped). The result still needs schema validation.

/** Parse model output as JSON, repairing near misses. Returns `undefined` when it cannot. */
export function parseJsonLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // fall through to repair
  }
  const repaired = repairJson(text);
  if (repaired === undefined) return undefined;
  try {
    return JSON.parse(repaired);
  } catch {
    return undefined;
  }
}

/** Rewrite near-miss JSON into a JSON string, or `undefined` when there is no JSON value in it. */
export function repairJson(text: string): string | undefined {
  let s = text.trim();
  const fence = /```(?:json|JSON)?\s*\n?([\s\S]*?)(?:```|$)/.exec(s);
  if (fence) s = fence[1]!.trim();
  const first = s.search(/[{[]/);
  if (first < 0) return undefined;
  s = s.slice(first);

  let out = '';
  const stack: string[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"' || c === "'") {
      const { value, end, closed } = readString(s, i, c);
      out += value;
      i = end;
      if (!closed) break;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push(c === '{' ? '}' : ']');
      out += c;
      i++;
      continue;
    }
    if (c === '}' || c === ']') {
      out = out.replace(/,\s*$/, ''); // trailing comma
      if (stack.length === 0) break;
      out += stack.pop();
      i++;
      if (stack.length === 0) return out; // the first complete value; ignore trailing prose
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const word = /^[A-Za-z_$][\w$]*/.exec(s.slice(i))![0];
      const after = s.slice(i + word.length).trimStart();
      if (after.startsWith(':')) out += JSON.stringify(word); // unquoted key
      else out += ({ True: 'true', False: 'false', None: 'null', undefined: 'null' } as Record<string, string>)[word] ?? word;
      i += word.length;
      continue;
    }
    if (c === '/' && s[i + 1] === '/') {
      while (i < s.length && s[i] !== '\n') i++; // line comment
      continue;
    }
    out += c;
    i++;
  }
  // Cut off: drop a dangling separator or key, then close what is open.
  out = out.replace(/\s+$/, '');
  for (;;) {
    const before = out;
    out = out.replace(/,\s*$/, '').replace(/"(?:[^"\\]|\\.)*"\s*:\s*$/, '').replace(/[:]\s*$/, '');
    out = out.replace(/,\s*$/, '');
    if (out === before) break;
  }
  if (/-$|\.$|[eE][+-]?$/.test(out)) out = out.replace(/[-.eE+]+$/, '');
  while (stack.length > 0) out += stack.pop();
  return out;
}

/** Read a string starting at `s[start]` (quote `q`) and return it re-quoted as JSON. */
function readString(s: string, start: number, q: string): { value: string; end: number; closed: boolean } {
  let raw = '';
  let i = start + 1;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      const next = s[i + 1];
      if (next === undefined) break;
      // \' is not a JSON escape; keep the quote itself.
      raw += next === "'" ? "'" : c + next;
      i += 2;
      continue;
    }
    if (c === q) return { value: `"${raw}"`, end: i + 1, closed: true };
    // Inside a single-quoted string a bare double quote must be escaped for JSON.
    if (c === '"') raw += '\\"';
    else if (c === '\n') raw += '\\n';
    else if (c === '\r') raw += '\\r';
    else if (c === '\t') raw += '\\t';
    else raw += c;
    i++;
  }
  return { value: `"${raw}"`, end: s.length, closed: false };
}

// A stored merge log held as it is stored. A graph file keeps its merge log as one deflated
// section of JSON texts (graph-codec.ts); most of a large graph's bytes (211 MB of JSON for
// 34,449 entries at 100,000 passages). Materialising the store used to parse every entry,
// validate it, print it again and deflate it on its own (merge-log.ts `holdMerge`): ~6 s and
// ~200 MB of short-lived objects for entries that are nearly never opened again. Held from the
// archive, an entry keeps only the fields `mergeLog()` and undo's lookup read, read from the
// text before its "before" member; the section's deflated bytes are kept (a copy, so the file
// can go) and inflated again only when entries are opened (undo, or writing the whole log).
// Opening parses and validates the entry as restoring it did, so an opened entry is exactly the
// one `holdMerge` would have kept. An entry whose text does not have the shape JSON.stringify
// gives it is held the old way.
import { inflateRawSync } from 'node:zlib';
import { invalidInput } from '@rag/core';
import { holdMerge, mergeHeader, type ArchivedText, type HeldMerge } from './merge-log.js';
import { MergeLogEntrySchema } from './schemas.js';
import { parse } from './store-helpers.js';

const HeaderSchema = MergeLogEntrySchema.pick({ id: true, keptId: true, mergedId: true, reason: true, at: true, undone: true });
const BEFORE = Buffer.from(',"before":');
const UNDONE = Buffer.from('"undone"');
const UNDONE_TRUE = Buffer.from(',"undone":true}');
const UNDONE_FALSE = Buffer.from(',"undone":false}');

const input = (k: number) => `graph merge log.${k}`;

/**
 * Held entries for a stored log: `deflated` the section as stored, `inflated` its bytes (read
 * once here for the entries' fields), `ends` each entry's end offset in them.
 */
export function holdArchived(deflated: Uint8Array, inflated: Uint8Array, ends: Uint32Array): HeldMerge[] {
  const stored = { deflated: Buffer.from(deflated), ends: Uint32Array.from(ends) };
  const archive: ArchivedText['archive'] = {
    // the section inflated once per call; each entry parsed and validated as restoring the log did
    open(entries) {
      const bytes = inflateRawSync(stored.deflated);
      return entries.map((k) => parse(MergeLogEntrySchema, parseText(bytes.toString('utf8', k === 0 ? 0 : stored.ends[k - 1]!, stored.ends[k]!), k), input(k)));
    },
    texts(entries) {
      const bytes = inflateRawSync(stored.deflated);
      return entries.map((k) => bytes.subarray(k === 0 ? 0 : stored.ends[k - 1]!, stored.ends[k]!));
    },
  };
  const buf = Buffer.from(inflated.buffer, inflated.byteOffset, inflated.byteLength);
  // every '"undone"' in the section, in one pass (an entry's own is found among them)
  const undoneAt: number[] = [];
  for (let i = buf.indexOf(UNDONE); i >= 0; i = buf.indexOf(UNDONE, i + 1)) undoneAt.push(i);
  let u = 0;
  const held = new Array<HeldMerge>(ends.length);
  for (let k = 0; k < ends.length; k++) {
    const a = k === 0 ? 0 : ends[k - 1]!;
    const b = ends[k]!;
    const at = buf.indexOf(BEFORE, a);
    while (u < undoneAt.length && undoneAt[u]! < a) u++;
    const header = at >= 0 && at < b ? headerOf(buf, a, at, b, undoneAt, u) : undefined;
    held[k] = header
      ? { ...header, packed: { archive, entry: k } satisfies ArchivedText }
      : holdMerge(parse(MergeLogEntrySchema, parseText(buf.toString('utf8', a, b), k), input(k)));
  }
  return held;
}

/** The fields before "before", and `undone` when it is the last member; undefined when the text has another shape. */
function headerOf(buf: Buffer, a: number, at: number, b: number, undoneAt: readonly number[], u: number) {
  let raw: unknown;
  try {
    raw = JSON.parse(`${buf.toString('utf8', a, at)}}`);
  } catch {
    return undefined;
  }
  const r = HeaderSchema.safeParse(raw);
  if (!r.success) return undefined;
  const h = r.data;
  // '"undone"' after "before": only as the entry's last member (another — an attribute named so — takes the old way)
  let undone = h.undone;
  for (; u < undoneAt.length && undoneAt[u]! < b; u++) {
    const i = undoneAt[u]!;
    if (i < at) continue;
    const tail = b - i + 1 === UNDONE_TRUE.length ? UNDONE_TRUE : b - i + 1 === UNDONE_FALSE.length ? UNDONE_FALSE : undefined;
    if (!tail || undone !== undefined || buf.compare(tail, 0, tail.length, i - 1, b) !== 0) return undefined;
    undone = tail === UNDONE_TRUE;
  }
  return mergeHeader(h, undone);
}

function parseText(text: string, k: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalidInput(input(k), 'is not valid JSON');
  }
}

// The merge log in pages (graph file version 5). A merge's log entry keeps full before/after
// copies for exact undo, so the log is most of a large graph's text: 2.67 GB of JSON for 283,015
// entries at 500,000 passages. Version 4 stored it as one deflated section, which had to be
// inflated whole to open the store for an edit and was parsed, printed and deflated again, whole,
// each time the graph was written whole (+8 GB of heap at 500k; past 4 GiB no Buffer holds it).
//
// Version 5 stores the entries' JSON texts in pages of about PAGE_BYTES, each deflated on its
// own, with each entry's header (id, kept, merged, reason, time) and undone flag beside them:
//
//   pages       the deflated pages, concatenated (raw: read in place)
//   entryEnds   u32 per entry: where its text ends in its page, inflated
//   pageEnds    u32 per page: where it ends in `pages`
//   pageFirst   u32 per page: its first entry
//   headers     a string table of one JSON object per entry (deflated)
//   undone      u8 per entry (an entry's text keeps the flag it was written with; this one rules)
//
// Opening reads the headers only. An entry's text is inflated with its page when the entry is
// opened (undo), and a page whose entries all follow one another in the log being written is
// copied as stored: writing a graph whole re-deflates only the entries added since it was read.
import { inflateRawSync, deflateRawSync } from 'node:zlib';
import { bytesOf, decodeStrings, encodeStrings } from '@rag/core';
import { z } from 'zod';
import { mergeHeader, type ArchivedText, type HeldMerge, type MergeArchive } from './merge-log.js';
import { MergeLogEntrySchema } from './schemas.js';
import { parse } from './store-helpers.js';

/** Text per page before it is deflated (a page holds at least one entry, however long). */
export const PAGE_BYTES = 1 << 20;

/** The merge log's sections in a version 5 graph file, in file order of `encodeMergePages`. */
export interface MergePageSections {
  pages: Uint8Array;
  entryEnds: Uint32Array;
  pageEnds: Uint32Array;
  pageFirst: Uint32Array;
  headers: [Uint8Array, Uint8Array];
  undone: Uint8Array;
}

const HeaderSchema = MergeLogEntrySchema.pick({ id: true, keptId: true, mergedId: true, reason: true, at: true });
const input = (k: number) => `graph merge log.${k}`;

/** The stored pages of a version 5 file, as held by its entries (so a write can copy them). */
interface PagedArchive extends MergeArchive {
  readonly paged: {
    readonly pages: Buffer;
    readonly entryEnds: Uint32Array;
    readonly pageEnds: Uint32Array;
    readonly pageFirst: Uint32Array;
  };
}

const isPaged = (a: MergeArchive): a is PagedArchive => (a as Partial<PagedArchive>).paged !== undefined;

/** Plain log entries (a snapshot's) held for writing: their texts are printed when written. */
export function holdEntries(entries: readonly unknown[]): HeldMerge[] {
  const archive: MergeArchive = {
    open: (ks) => ks.map((k) => parse(MergeLogEntrySchema, structuredClone(entries[k]), input(k))),
    texts: (ks) => ks.map((k) => Buffer.from(JSON.stringify(entries[k]))),
  };
  return entries.map((e, k) => {
    const h = parse(HeaderSchema.extend({ undone: z.boolean().optional() }), e, input(k));
    return { ...mergeHeader(h, h.undone), packed: { archive, entry: k } };
  });
}

/** An entry's JSON text as it was held (UTF-8 bytes). */
function textsOf(held: readonly HeldMerge[], at: readonly number[]): Uint8Array[] {
  const out = new Array<Uint8Array>(at.length);
  const archived = new Map<MergeArchive, number[]>();
  at.forEach((i, k) => {
    const p = held[i]!.packed;
    if (typeof p === 'string') out[k] = inflateRawSync(Buffer.from(p, 'latin1'));
    else {
      const list = archived.get(p.archive);
      if (list) list.push(k);
      else archived.set(p.archive, [k]);
    }
  });
  for (const [archive, ks] of archived) {
    const texts = archive.texts(ks.map((k) => (held[at[k]!]!.packed as ArchivedText).entry));
    ks.forEach((k, j) => (out[k] = texts[j]!));
  }
  return out;
}

/** How many entries from `i` on are page `p` of their archive, whole and in order (0: not a whole page there). */
function wholePageAt(held: readonly HeldMerge[], i: number): { archive: PagedArchive; page: number; count: number } | undefined {
  const p = held[i]!.packed;
  if (typeof p === 'string' || !isPaged(p.archive)) return undefined;
  const { pageFirst, entryEnds } = p.archive.paged;
  const page = pageIndexOf(pageFirst, p.entry);
  if (pageFirst[page] !== p.entry) return undefined;
  const end = page + 1 < pageFirst.length ? pageFirst[page + 1]! : entryEnds.length;
  if (i + (end - p.entry) > held.length) return undefined;
  for (let j = 1; j < end - p.entry; j++) {
    const q = held[i + j]!.packed;
    if (typeof q === 'string' || q.archive !== p.archive || q.entry !== p.entry + j) return undefined;
  }
  return { archive: p.archive, page, count: end - p.entry };
}

/** The page holding entry k (pageFirst ascending, starting at 0). */
function pageIndexOf(pageFirst: Uint32Array, k: number): number {
  let lo = 0;
  let hi = pageFirst.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pageFirst[mid]! <= k) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The log's sections: pages read from a version 5 file are copied as stored when whole; the rest are deflated anew. */
export function encodeMergePages(held: readonly HeldMerge[]): MergePageSections {
  const n = held.length;
  const entryEnds = new Uint32Array(n);
  const pages: Uint8Array[] = [];
  const pageEnds: number[] = [];
  const pageFirst: number[] = [];
  let written = 0;
  const addPage = (bytes: Uint8Array, first: number) => {
    pages.push(bytes);
    pageFirst.push(first);
    pageEnds.push((written += bytes.byteLength));
  };
  // entries not in a whole stored page, gathered and deflated in pages of ~PAGE_BYTES
  let open: Uint8Array[] = [];
  let openFirst = 0;
  let openBytes = 0;
  const flush = () => {
    if (open.length === 0) return;
    addPage(deflateRawSync(Buffer.concat(open), { level: 6 }), openFirst);
    open = [];
    openBytes = 0;
  };
  for (let i = 0; i < n; ) {
    const whole = wholePageAt(held, i);
    if (whole) {
      flush();
      const { pages: stored, pageEnds: ends, entryEnds: within } = whole.archive.paged;
      addPage(stored.subarray(whole.page === 0 ? 0 : ends[whole.page - 1]!, ends[whole.page]!), i);
      const first = (held[i]!.packed as ArchivedText).entry;
      for (let j = 0; j < whole.count; j++) entryEnds[i + j] = within[first + j]!;
      i += whole.count;
      continue;
    }
    // the run of entries up to the next whole stored page, their texts read together
    let j = i + 1;
    while (j < n && !wholePageAt(held, j)) j++;
    const run = Array.from({ length: j - i }, (_, k) => i + k);
    const texts = textsOf(held, run);
    run.forEach((at, k) => {
      if (open.length === 0) openFirst = at;
      const t = texts[k]!;
      open.push(t);
      entryEnds[at] = openBytes += t.byteLength;
      if (openBytes >= PAGE_BYTES) flush();
    });
    i = j;
  }
  flush();
  const out = new Uint8Array(written);
  let at = 0;
  for (const p of pages) {
    out.set(p, at);
    at += p.byteLength;
  }
  const headers = held.map((h) => JSON.stringify(mergeHeader(h)));
  return {
    pages: out,
    entryEnds,
    pageEnds: Uint32Array.from(pageEnds),
    pageFirst: Uint32Array.from(pageFirst),
    headers: encodeStrings(headers),
    undone: Uint8Array.from(held, (h) => (h.undone === true ? 1 : 0)),
  };
}

/** The sections as a file stores them (numeric columns as bytes). */
export function mergePageBytes(s: MergePageSections): { pages: Uint8Array; entryEnds: Uint8Array; pageEnds: Uint8Array; pageFirst: Uint8Array; headers: [Uint8Array, Uint8Array]; undone: Uint8Array } {
  return { pages: s.pages, entryEnds: bytesOf(s.entryEnds), pageEnds: bytesOf(s.pageEnds), pageFirst: bytesOf(s.pageFirst), headers: s.headers, undone: s.undone };
}

/** A version 5 file's merge log: its length, its held entries (headers read, pages kept as stored) and its entries opened. */
export interface PagedLog {
  readonly length: number;
  held(): HeldMerge[];
  entries(): unknown[];
}

/**
 * Read the sections of a version 5 file (checked here: counts, offsets in range and ascending).
 * `pages` is copied when the entries are held, so the file's bytes can go.
 */
export function readMergePages(
  s: { pages: Uint8Array; entryEnds: Uint32Array; pageEnds: Uint32Array; pageFirst: Uint32Array; headers: () => [Uint8Array, Uint8Array]; undone: Uint8Array },
  corrupt: (why: string) => Error,
): PagedLog {
  const n = s.entryEnds.length;
  const pagesN = s.pageEnds.length;
  if (s.undone.length !== n) throw corrupt(`the merge log has ${n} entries but ${s.undone.length} undone flags`);
  if (s.pageFirst.length !== pagesN) throw corrupt('the merge log page tables disagree');
  if ((n === 0) !== (pagesN === 0)) throw corrupt('the merge log has entries without pages, or pages without entries');
  for (let p = 0; p < pagesN; p++) {
    const first = s.pageFirst[p]!;
    const end = p + 1 < pagesN ? s.pageFirst[p + 1]! : n;
    if ((p === 0 ? first !== 0 : first <= s.pageFirst[p - 1]!) || end <= first || end > n) throw corrupt(`merge log page ${p} has no entries or entries out of order`);
    if (s.pageEnds[p]! < (p === 0 ? 0 : s.pageEnds[p - 1]!)) throw corrupt(`merge log page ${p} ends before it starts`);
    for (let k = first + 1; k < end; k++) if (s.entryEnds[k]! < s.entryEnds[k - 1]!) throw corrupt(`merge log entry ${k} ends before the one before it`);
  }
  if (pagesN > 0 && s.pageEnds[pagesN - 1] !== s.pages.byteLength) throw corrupt('the merge log pages do not fill their section');
  const open = (pages: Uint8Array, ks: readonly number[]): Uint8Array[] => {
    // each page inflated once per call
    const inflated = new Map<number, Buffer>();
    return ks.map((k) => {
      if (!(k >= 0 && k < n)) throw corrupt(`merge log entry ${k} is out of range`);
      const p = pageIndexOf(s.pageFirst, k);
      let page = inflated.get(p);
      if (!page) {
        try {
          page = inflateRawSync(pages.subarray(p === 0 ? 0 : s.pageEnds[p - 1]!, s.pageEnds[p]!));
        } catch {
          throw corrupt(`merge log page ${p} does not inflate`);
        }
        inflated.set(p, page);
      }
      const a = k === s.pageFirst[p] ? 0 : s.entryEnds[k - 1]!;
      const b = s.entryEnds[k]!;
      if (b > page.byteLength) throw corrupt(`merge log entry ${k} ends past its page`);
      return page.subarray(a, b);
    });
  };
  const parseEntry = (bytes: Uint8Array, k: number): unknown => {
    try {
      return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
    } catch {
      throw corrupt(`merge log entry ${k} is not valid JSON`);
    }
  };
  return {
    length: n,
    held() {
      const paged = { pages: Buffer.from(s.pages), entryEnds: s.entryEnds.slice(), pageEnds: s.pageEnds.slice(), pageFirst: s.pageFirst.slice() };
      const archive: PagedArchive = {
        paged,
        open: (ks) => open(paged.pages, ks).map((b, j) => parse(MergeLogEntrySchema, parseEntry(b, ks[j]!), input(ks[j]!))),
        texts: (ks) => open(paged.pages, ks),
      };
      const [blob, ends] = s.headers();
      const headers = decodeStrings(blob, ends);
      if (headers.length !== n) throw corrupt(`the merge log has ${n} entries but ${headers.length} headers`);
      return headers.map((text, k) => {
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          throw corrupt(`merge log header ${k} is not valid JSON`);
        }
        return { ...mergeHeader(parse(HeaderSchema, raw, input(k)), s.undone[k] === 1 ? true : undefined), packed: { archive, entry: k } };
      });
    },
    entries() {
      const all = open(s.pages, Array.from({ length: n }, (_, k) => k));
      return all.map((b, k) => {
        const e = parseEntry(b, k) as { undone?: boolean };
        if (s.undone[k] === 1 && e.undone !== true) e.undone = true;
        return e;
      });
    },
  };
}

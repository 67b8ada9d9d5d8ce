// The container every binary store file uses (format 2 of an index directory): an 8-byte magic,
// a u32 version, a u32 section count (+ flags), a u32 CRC-32 of everything after the header,
// then sections, each a u32 byte length + a u32 compression word + payload padded to 8 bytes
// (so typed arrays can be viewed in place, without copying). A truncated or altered file fails
// the length or CRC check and the error names the file.
//
// Compression: older files deflate every section or none (bit 31 of the count word). Files with
// bit 30 set say per section, in its compression word, whether it is raw (numeric columns:
// viewed in place, never copied), deflated whole, or deflated in independent 64 KiB blocks
// (long texts: a reader of a few strings inflates only their blocks, see `range`).
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { RagError } from '../errors.js';

const HEADER = 20;
const pad8 = (n: number) => (n + 7) & ~7;

export interface BinaryFile {
  version: number;
  sections: Uint8Array[];
}

const DEFLATED = 0x80000000;
const PER_SECTION = 0x40000000;
const COUNT = 0x3fffffff;
const BLOCK = 1 << 16;

/** How one section is stored. */
export type SectionCompression = 'raw' | 'deflate' | 'blocks';
const CODE: Record<SectionCompression, number> = { raw: 0, deflate: 1, blocks: 2 };

export interface EncodeOptions {
  /** Deflate every section (the older layout; text-heavy files). Default false. Ignored when `compression` is given. */
  deflate?: boolean;
  /** Per section (index-aligned with the sections; missing entries are raw): the layout with per-section compression. */
  compression?: readonly SectionCompression[];
}

/** A section deflated in independent blocks: u32 block count, u32 raw length, u32 ends of the compressed blocks, the blocks. */
function encodeBlocks(raw: Uint8Array): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (let at = 0; at < raw.byteLength; at += BLOCK) blocks.push(deflateRawSync(raw.subarray(at, at + BLOCK), { level: 1 }));
  const head = new Uint32Array(2 + blocks.length);
  head[0] = blocks.length;
  head[1] = raw.byteLength;
  let total = 0;
  blocks.forEach((b, i) => (head[2 + i] = total += b.byteLength));
  const out = new Uint8Array(head.byteLength + total);
  out.set(bytesOf(head), 0);
  let at = head.byteLength;
  for (const b of blocks) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}

/** Concatenate sections into one file's bytes. */
export function encodeBinaryFile(magic: string, version: number, raw: readonly Uint8Array[], options: EncodeOptions = {}): Uint8Array {
  if (magic.length !== 8) throw new RagError('RAG_INVALID_INPUT', `magic: must be 8 ASCII characters, got "${magic}"`);
  const per = options.compression;
  const codes = raw.map((_, i) => (per ? CODE[per[i] ?? 'raw'] : 0));
  const sections = raw.map((s, i) =>
    // a section deflated whole is one most opens never read (logs, attributes): worth level 6
    per ? (codes[i] === 1 ? deflateRawSync(s, { level: 6 }) : codes[i] === 2 ? encodeBlocks(s) : s) : options.deflate ? deflateRawSync(s, { level: 1 }) : s,
  );
  const body = sections.reduce((n, s) => n + 8 + pad8(s.byteLength), 0);
  const out = new Uint8Array(HEADER + body);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(magic), 0);
  view.setUint32(8, version, true);
  view.setUint32(12, (sections.length | (per ? PER_SECTION : options.deflate ? DEFLATED : 0)) >>> 0, true);
  let at = HEADER;
  sections.forEach((s, i) => {
    // a section's length is a u32 word: a longer one would be stored with a wrapped length
    if (s.byteLength > 0xffffffff) throw new RagError('RAG_TOO_LARGE', `binary file ${magic}: section ${i} is ${s.byteLength} bytes, more than a section holds (4 GiB - 1)`, { details: { section: i, bytes: s.byteLength } });
    view.setUint32(at, s.byteLength, true);
    if (per) view.setUint32(at + 4, codes[i]!, true);
    out.set(s, at + 8);
    at += 8 + pad8(s.byteLength);
  });
  view.setUint32(16, crc32(out.subarray(HEADER)), true);
  return out;
}

export interface LazyBinaryFile {
  version: number;
  /** Number of sections. */
  readonly count: number;
  /** Section i (inflated on its first read, then kept; a raw section is a view into the file's bytes). */
  section(i: number): Uint8Array;
  /** Section i as `section` gives it, but an inflated copy is not kept (for a section its reader reads once). */
  take(i: number): Uint8Array;
  /**
   * Let go of every section but `sections`, whose bytes are copied out of the file's: a reader
   * that keeps a few sections for later (the texts of a state) then holds those, not the whole
   * file. Reading a section let go afterwards fails naming it.
   */
  keepOnly(sections: readonly number[]): void;
  /** Let go of these sections (their bytes, an inflated copy, inflated blocks). */
  release(sections: readonly number[]): void;
  /** Bytes [start, end) of section i: for a section deflated in blocks only the blocks holding them are inflated. */
  range(i: number, start: number, end: number): Uint8Array;
  /**
   * Section i as stored when it is deflated whole (raw deflate, a view into the file's bytes),
   * else undefined: for a reader that keeps it compressed and inflates it later itself.
   */
  deflated(i: number): Uint8Array | undefined;
}

/**
 * The version a binary file's header states (its first 12 bytes: the magic, then the version),
 * or undefined when `head` is shorter or holds another magic: for telling a file's format
 * version without reading the file.
 */
export function binaryFileVersion(head: Uint8Array, magic: string): number | undefined {
  if (head.byteLength < 12 || new TextDecoder().decode(head.subarray(0, 8)) !== magic) return undefined;
  return new DataView(head.buffer, head.byteOffset, 12).getUint32(8, true);
}

/**
 * The file's sections, each inflated only when first read: the header, checksum and section
 * bounds are checked at once (a truncated or altered file still fails naming the file before
 * anything is used), but a deflated section a reader never asks for (the document texts of a
 * store when a question reads only its top hits) is never inflated.
 */
export function decodeBinaryFileLazy(bytes: Uint8Array, magic: string, source: string): LazyBinaryFile {
  const corrupt = (why: string) => new RagError('RAG_STORE_CORRUPT', `${source}: ${why}`, { details: { file: source } });
  if (bytes.byteLength < HEADER) throw corrupt(`truncated (${bytes.byteLength} bytes, shorter than the header)`);
  const found = new TextDecoder().decode(bytes.subarray(0, 8));
  if (found !== magic) throw corrupt(`not a ${magic} file (magic "${found.replace(/[^\x20-\x7e]/g, '?')}")`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  const word = view.getUint32(12, true);
  const per = (word & PER_SECTION) !== 0;
  const deflated = !per && (word & DEFLATED) !== 0;
  if (per && (word & DEFLATED) !== 0) throw corrupt('unknown container flags (written by a newer version?)');
  const count = word & COUNT;
  if (crc32(bytes.subarray(HEADER)) !== view.getUint32(16, true)) throw corrupt('checksum mismatch (the file is truncated or was altered)');
  const raw: Uint8Array[] = [];
  const codes: number[] = [];
  let at = HEADER;
  for (let i = 0; i < count; i++) {
    if (at + 8 > bytes.byteLength) throw corrupt(`section ${i} is missing`);
    const len = view.getUint32(at, true);
    if (at + 8 + len > bytes.byteLength) throw corrupt(`section ${i} runs past the end`);
    const code = per ? view.getUint32(at + 4, true) : deflated ? 1 : 0;
    if (code > 2) throw corrupt(`section ${i} has an unknown compression ${code} (written by a newer version?)`);
    codes.push(code);
    raw.push(bytes.subarray(at + 8, at + 8 + len));
    at += 8 + pad8(len);
  }
  const inflate = (i: number, b: Uint8Array) => {
    try {
      return new Uint8Array(inflateRawSync(b));
    } catch {
      throw corrupt(`section ${i} does not inflate`);
    }
  };
  const done: (Uint8Array | undefined)[] = new Array(count);
  const blocked = new Map<number, { ends: Uint32Array; length: number; data: Uint8Array; cache: Map<number, Uint8Array> }>();
  const blocksOf = (i: number) => {
    let b = blocked.get(i);
    if (b) return b;
    const r = raw[i]!;
    const n = r.byteLength >= 8 ? new DataView(r.buffer, r.byteOffset, 8).getUint32(0, true) : -1;
    if (n < 0 || 8 + 4 * n > r.byteLength) throw corrupt(`section ${i} has a bad block table`);
    const ends = u32(r.subarray(8, 8 + 4 * n));
    const data = r.subarray(8 + 4 * n);
    if (n > 0 && ends[n - 1]! !== data.byteLength) throw corrupt(`section ${i} has a bad block table`);
    b = { ends, length: new DataView(r.buffer, r.byteOffset, 8).getUint32(4, true), data, cache: new Map() };
    blocked.set(i, b);
    return b;
  };
  const block = (i: number, k: number) => {
    const b = blocksOf(i);
    let x = b.cache.get(k);
    if (!x) b.cache.set(k, (x = inflate(i, b.data.subarray(k === 0 ? 0 : b.ends[k - 1]!, b.ends[k]!))));
    return x;
  };
  const check = (i: number) => {
    if (!(i >= 0 && i < count)) throw corrupt(`section ${i} is missing`);
    if (released.has(i)) throw new RagError('RAG_INTERNAL', `${source}: section ${i} was let go after it was read`, { details: { file: source, section: i } });
  };
  const released = new Set<number>();
  const release = (sections: readonly number[]) => {
    for (const i of sections) {
      if (!(i >= 0 && i < count)) continue;
      released.add(i);
      raw[i] = new Uint8Array(0);
      done[i] = undefined;
      blocked.delete(i);
    }
  };
  const section = (i: number) => {
    const s = take(i);
    done[i] = s;
    return s;
  };
  const take = (i: number) => {
    check(i);
    let s = done[i];
    if (s) return s;
    if (codes[i] === 0) s = raw[i]!;
    else if (codes[i] === 1) s = inflate(i, raw[i]!);
    else {
      const b = blocksOf(i);
      s = new Uint8Array(b.length);
      for (let k = 0, o = 0; k < b.ends.length; k++) {
        const x = block(i, k);
        s.set(x, o);
        o += x.byteLength;
      }
      b.cache.clear();
    }
    return s;
  };
  return {
    version,
    count,
    section,
    take,
    release,
    deflated(i) {
      check(i);
      return codes[i] === 1 ? raw[i] : undefined;
    },
    keepOnly(sections) {
      const keep = new Set(sections);
      release(Array.from({ length: count }, (_, i) => i).filter((i) => !keep.has(i)));
      for (const i of keep) {
        if (released.has(i) || !(i >= 0 && i < count)) continue;
        // a copy on a buffer of its own (8-byte aligned, as the file's sections are)
        raw[i] = raw[i]!.slice();
        if (done[i] && codes[i] === 0) done[i] = raw[i];
        blocked.delete(i);
      }
    },
    range(i, start, end) {
      check(i);
      const length = codes[i] !== 2 || done[i] ? section(i).byteLength : blocksOf(i).length;
      if (!(start >= 0 && end <= length && start <= end)) throw corrupt(`section ${i}: bytes ${start}–${end} are out of range`);
      if (codes[i] !== 2 || done[i]) return section(i).subarray(start, end);
      if (start === end) return new Uint8Array(0);
      const first = Math.floor(start / BLOCK);
      const last = Math.max(first, Math.floor((end - 1) / BLOCK));
      if (first === last) return block(i, first).subarray(start - first * BLOCK, end - first * BLOCK);
      const out = new Uint8Array(end - start);
      for (let k = first; k <= last; k++) {
        const x = block(i, k);
        const from = Math.max(start, k * BLOCK) - k * BLOCK;
        const to = Math.min(end, (k + 1) * BLOCK) - k * BLOCK;
        out.set(x.subarray(from, to), k * BLOCK + from - start);
      }
      return out;
    },
  };
}

/** Split a file into its sections (views into `bytes`, 8-byte aligned when `bytes` is), all inflated now. */
export function decodeBinaryFile(bytes: Uint8Array, magic: string, source: string): BinaryFile {
  const file = decodeBinaryFileLazy(bytes, magic, source);
  return { version: file.version, sections: Array.from({ length: file.count }, (_, i) => file.section(i)) };
}

const ASCII = /^[\x00-\x7f]*$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters joined per encoder call (a single string has a length limit). */
const GROUP_CHARS = 1 << 24;

/**
 * A string table: UTF-8 bytes of all strings + u32 end offsets. Two sections.
 *
 * The strings are encoded joined, in groups of up to `groupChars` characters, rather than one
 * TextEncoder call (and one buffer) per string: a large table holds millions of strings, and the
 * per-string buffers made the garbage collector the largest cost of writing a big store whole.
 * Joining is exact for well-formed strings; a string with a lone surrogate (which joining could
 * fuse with a neighbour's into one character) is encoded on its own, as before.
 */
export function encodeStrings(strings: readonly string[], groupChars = GROUP_CHARS): [Uint8Array, Uint8Array] {
  const n = strings.length;
  const ends = new Uint32Array(n);
  const alone = new Uint8Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const s = strings[i]!;
    if (ASCII.test(s)) total += s.length;
    else {
      total += Buffer.byteLength(s, 'utf8');
      if (LONE_SURROGATE.test(s)) alone[i] = 1;
    }
    if (total > MAX_TABLE_BYTES) throw tooLarge(total, i);
    ends[i] = total;
  }
  const blob = new Uint8Array(total);
  const encoder = new TextEncoder();
  let at = 0;
  for (let i = 0; i < n; ) {
    let j = i + 1;
    let chars = strings[i]!.length;
    if (alone[i] === 0) while (j < n && alone[j] === 0 && chars + strings[j]!.length <= groupChars) chars += strings[j++]!.length;
    const text = j === i + 1 ? strings[i]! : strings.slice(i, j).join('');
    // the destination is exactly the group's bytes: Node 20's encodeInto writes nothing at all
    // into a view longer than 2 GiB (a 2.67 GB merge log was once stored as zeros)
    const end = ends[j - 1]!;
    const { read, written } = encoder.encodeInto(text, blob.subarray(at, end));
    if (read !== text.length || written !== end - at)
      throw new RagError('RAG_IO', `string table: encoding strings ${i}–${j - 1} wrote ${written} of ${end - at} bytes (read ${read} of ${text.length} characters)`, {
        details: { from: i, to: j - 1, written, expected: end - at },
      });
    at = end;
    i = j;
  }
  return [blob, bytesOf(ends)];
}

/** A string table's end offsets are u32: its text may not pass 4 GiB - 1 bytes. */
export const MAX_TABLE_BYTES = 0xffffffff;

const tooLarge = (total: number, i: number) =>
  new RagError('RAG_TOO_LARGE', `string table: ${total} bytes of text by string ${i}, more than a table holds (${MAX_TABLE_BYTES}: its end offsets are 32-bit)`, {
    details: { bytes: total, at: i, limit: MAX_TABLE_BYTES },
  });

/** Decode a string table (see `encodeStrings`). */
export function decodeStrings(blob: Uint8Array, endsBytes: Uint8Array): string[] {
  const ends = u32(endsBytes);
  const dec = new TextDecoder();
  const out = new Array<string>(ends.length);
  let start = 0;
  // ASCII fast path: most ids and names are ASCII, and String.fromCharCode is far cheaper than
  // a TextDecoder call per string.
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    let ascii = end - start <= 64;
    for (let j = start; ascii && j < end; j++) if (blob[j]! > 127) ascii = false;
    out[i] = ascii ? String.fromCharCode.apply(null, blob.subarray(start, end) as unknown as number[]) : dec.decode(blob.subarray(start, end));
    start = end;
  }
  return out;
}

export function bytesOf(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

const aligned = (b: Uint8Array, size: number) => b.byteOffset % size === 0 ? b : new Uint8Array(b);
export const u32 = (b: Uint8Array) => { const a = aligned(b, 4); return new Uint32Array(a.buffer, a.byteOffset, a.byteLength / 4); };
export const i32 = (b: Uint8Array) => { const a = aligned(b, 4); return new Int32Array(a.buffer, a.byteOffset, a.byteLength / 4); };
export const f32 = (b: Uint8Array) => { const a = aligned(b, 4); return new Float32Array(a.buffer, a.byteOffset, a.byteLength / 4); };
export const f64 = (b: Uint8Array) => { const a = aligned(b, 8); return new Float64Array(a.buffer, a.byteOffset, a.byteLength / 8); };
export const i8 = (b: Uint8Array) => new Int8Array(b.buffer, b.byteOffset, b.byteLength);

/** JSON in a section (for small, free-form parts: headers, schemas, logs). */
export const jsonSection = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
export const readJsonSection = (b: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(b));

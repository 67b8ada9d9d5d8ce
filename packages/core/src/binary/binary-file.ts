// The container every binary store file uses (format 2 of an index directory): an 8-byte magic,
// a u32 version, a u32 section count, a u32 CRC-32 of everything after the header, then
// sections, each a u32 byte length + payload padded to 8 bytes (so typed arrays can be viewed
// in place, without copying). A truncated or altered file fails the length or CRC check and
// the error names the file.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { RagError } from '../errors.js';

const HEADER = 20;
const pad8 = (n: number) => (n + 7) & ~7;

export interface BinaryFile {
  version: number;
  sections: Uint8Array[];
}

const DEFLATED = 0x80000000;

export interface EncodeOptions {
  /** Deflate every section (text-heavy files: state, graph, keyword index). Default false. */
  deflate?: boolean;
}

/** Concatenate sections into one file's bytes. */
export function encodeBinaryFile(magic: string, version: number, raw: readonly Uint8Array[], options: EncodeOptions = {}): Uint8Array {
  if (magic.length !== 8) throw new RagError('RAG_INVALID_INPUT', `magic: must be 8 ASCII characters, got "${magic}"`);
  const sections = options.deflate ? raw.map((s) => deflateRawSync(s, { level: 1 })) : raw;
  const body = sections.reduce((n, s) => n + 8 + pad8(s.byteLength), 0);
  const out = new Uint8Array(HEADER + body);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(magic), 0);
  view.setUint32(8, version, true);
  view.setUint32(12, (sections.length | (options.deflate ? DEFLATED : 0)) >>> 0, true);
  let at = HEADER;
  for (const s of sections) {
    view.setUint32(at, s.byteLength, true);
    out.set(s, at + 8);
    at += 8 + pad8(s.byteLength);
  }
  view.setUint32(16, crc32(out.subarray(HEADER)), true);
  return out;
}

export interface LazyBinaryFile {
  version: number;
  /** Number of sections. */
  readonly count: number;
  /** Section i (inflated on its first read, then kept). */
  section(i: number): Uint8Array;
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
  const deflated = (word & DEFLATED) !== 0;
  const count = word & ~DEFLATED;
  if (crc32(bytes.subarray(HEADER)) !== view.getUint32(16, true)) throw corrupt('checksum mismatch (the file is truncated or was altered)');
  const raw: Uint8Array[] = [];
  let at = HEADER;
  for (let i = 0; i < count; i++) {
    if (at + 8 > bytes.byteLength) throw corrupt(`section ${i} is missing`);
    const len = view.getUint32(at, true);
    if (at + 8 + len > bytes.byteLength) throw corrupt(`section ${i} runs past the end`);
    raw.push(bytes.subarray(at + 8, at + 8 + len));
    at += 8 + pad8(len);
  }
  const done: (Uint8Array | undefined)[] = new Array(count);
  return {
    version,
    count,
    section(i) {
      if (!(i >= 0 && i < count)) throw corrupt(`section ${i} is missing`);
      let s = done[i];
      if (s) return s;
      if (!deflated) s = raw[i]!;
      else
        try {
          s = new Uint8Array(inflateRawSync(raw[i]!));
        } catch {
          throw corrupt(`section ${i} does not inflate`);
        }
      done[i] = s;
      return s;
    },
  };
}

/** Split a file into its sections (views into `bytes`, 8-byte aligned when `bytes` is), all inflated now. */
export function decodeBinaryFile(bytes: Uint8Array, magic: string, source: string): BinaryFile {
  const file = decodeBinaryFileLazy(bytes, magic, source);
  return { version: file.version, sections: Array.from({ length: file.count }, (_, i) => file.section(i)) };
}

/** A string table: UTF-8 bytes of all strings + u32 end offsets. Two sections. */
export function encodeStrings(strings: readonly string[]): [Uint8Array, Uint8Array] {
  const enc = new TextEncoder();
  const parts = strings.map((s) => enc.encode(s));
  const ends = new Uint32Array(strings.length);
  let total = 0;
  parts.forEach((p, i) => {
    total += p.byteLength;
    ends[i] = total;
  });
  const blob = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    blob.set(p, at);
    at += p.byteLength;
  }
  return [blob, bytesOf(ends)];
}

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

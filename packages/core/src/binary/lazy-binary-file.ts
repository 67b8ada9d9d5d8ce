// `decodeBinaryFile` that inflates a section only when it is first read: the header, checksum
// and section bounds are checked at once (a truncated or altered file still fails naming the
// file before anything is used), but a deflated section a reader never asks for (the document
// texts of a store when a question reads only its top hits) is never inflated.
import { crc32, inflateRawSync } from 'node:zlib';
import { RagError } from '../errors.js';

const HEADER = 20;
const DEFLATED = 0x80000000;
const pad8 = (n: number) => (n + 7) & ~7;

export interface LazyBinaryFile {
  version: number;
  /** Number of sections. */
  readonly count: number;
  /** Section i (inflated on its first read, then kept). */
  section(i: number): Uint8Array;
}

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

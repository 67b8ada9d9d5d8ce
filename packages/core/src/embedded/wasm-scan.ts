// Batch dot products in WebAssembly SIMD. A plain JavaScript loop needs ~40 ms to score
// 100k × 384 float32 vectors on our 2-core machines (measured in bench/vector-store.ts);
// f32x4 SIMD does it several times faster. The module is tiny, so it is assembled here from
// its bytes (the WAT is spelled out beside them) rather than shipped as a binary file.
//
// (func (export "scores") (param $q i32) (param $data i32) (param $n i32) (param $stride i32) (param $out i32)
//   for s in 0..n: out[s] = Σ_i q[i]·data[s·stride + i], two f32x4 accumulators, 8 floats a step)
// `stride` (floats per row) must be a multiple of 8; rows and the query are zero-padded to it.
//
// (func (export "scores8") (param $q i32) (param $data i32) (param $n i32) (param $stride i32) (param $out i32)
//   the same over int8 rows (`stride` bytes each, a multiple of 16) and a float32 query: 16 codes
//   a step, sign-extended to i16x8 then i32x4 and converted to f32x4 before the multiply, so the
//   sum is the float dot product with the codes; the caller multiplies by each row's scale)

const LANES = 8;

/** Float32 rows are padded to a multiple of this many floats. */
export const SCAN_STRIDE_MULTIPLE = LANES;
/** Int8 rows are padded to a multiple of this many codes. */
export const SCAN_STRIDE_MULTIPLE_INT8 = 16;

const u = (...b: number[]) => b;
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];
function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

// locals: 0 q, 1 data, 2 n, 3 stride, 4 out | 5 s, 6 i, 7 p, 8 bytes (i32) | 9 acc0, 10 acc1 (v128)
const get = (i: number) => u(0x20, i);
const set = (i: number) => u(0x21, i);
const i32 = (v: number) => u(0x41, ...sleb(v));
function sleb(v: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}
const simd = (op: number, ...imm: number[]) => u(0xfd, ...leb(op), ...imm);
const V128_LOAD = (offset: number) => simd(0x00, 0x04, ...leb(offset));
const F32X4_ADD = simd(0xe4);
const I16X8_EXTEND_LOW_I8X16_S = simd(0x87);
const I16X8_EXTEND_HIGH_I8X16_S = simd(0x88);
const I32X4_EXTEND_LOW_I16X8_S = simd(0xa7);
const I32X4_EXTEND_HIGH_I16X8_S = simd(0xa8);
const F32X4_CONVERT_I32X4_S = simd(0xfa);
const F32X4_MUL = simd(0xe6);
const LANE = (l: number) => simd(0x1f, l);
const ZERO = simd(0x0c, ...new Array<number>(16).fill(0));

const body = [
  ...u(0x02, 0x04, 0x7f, 0x02, 0x7b), // locals: 4 × i32, 2 × v128
  ...get(3), ...i32(2), 0x74, ...set(8), // bytes = stride << 2
  ...get(1), ...set(7), // p = data
  0x02, 0x40, 0x03, 0x40, // block, loop (rows)
  ...get(5), ...get(2), 0x4f, 0x0d, 0x01, // if s >= n: break
  ...ZERO, ...set(9), ...ZERO, ...set(10), ...i32(0), ...set(6),
  0x02, 0x40, 0x03, 0x40, // block, loop (columns)
  ...get(6), ...get(8), 0x4f, 0x0d, 0x01, // if i >= bytes: break
  ...get(9), ...get(0), ...get(6), 0x6a, ...V128_LOAD(0), ...get(7), ...get(6), 0x6a, ...V128_LOAD(0), ...F32X4_MUL, ...F32X4_ADD, ...set(9),
  ...get(10), ...get(0), ...get(6), 0x6a, ...V128_LOAD(16), ...get(7), ...get(6), 0x6a, ...V128_LOAD(16), ...F32X4_MUL, ...F32X4_ADD, ...set(10),
  ...get(6), ...i32(32), 0x6a, ...set(6),
  0x0c, 0x00, 0x0b, 0x0b, // br loop; end loop; end block
  ...get(9), ...get(10), ...F32X4_ADD, ...set(9),
  ...get(4), ...get(5), ...i32(2), 0x74, 0x6a, // &out[s]
  ...get(9), ...LANE(0), ...get(9), ...LANE(1), 0x92, ...get(9), ...LANE(2), 0x92, ...get(9), ...LANE(3), 0x92,
  0x38, 0x02, 0x00, // f32.store
  ...get(7), ...get(8), 0x6a, ...set(7), // p += bytes
  ...get(5), ...i32(1), 0x6a, ...set(5), // s++
  0x0c, 0x00, 0x0b, 0x0b, // br rows; end loop; end block
  0x0b, // end func
];

// scores8 locals: 0 q, 1 data, 2 n, 3 stride (bytes), 4 out | 5 s, 6 j, 7 p, 8 qp (i32) | 9 acc0, 10 acc1, 11 lo, 12 hi (v128)
/** acc += f32(extend(half)) · q[qp + offset …]: one quarter of a 16-code step. */
const mulAdd8 = (acc: number, half: number, extend: number[], offset: number) => [
  ...get(acc), ...get(half), ...extend, ...F32X4_CONVERT_I32X4_S, ...get(8), ...V128_LOAD(offset), ...F32X4_MUL, ...F32X4_ADD, ...set(acc),
];
const body8 = [
  ...u(0x02, 0x04, 0x7f, 0x04, 0x7b), // locals: 4 × i32, 4 × v128
  ...get(1), ...set(7), // p = data
  0x02, 0x40, 0x03, 0x40, // block, loop (rows)
  ...get(5), ...get(2), 0x4f, 0x0d, 0x01, // if s >= n: break
  ...ZERO, ...set(9), ...ZERO, ...set(10), ...i32(0), ...set(6), ...get(0), ...set(8), // j = 0, qp = q
  0x02, 0x40, 0x03, 0x40, // block, loop (16 codes a step)
  ...get(6), ...get(3), 0x4f, 0x0d, 0x01, // if j >= stride: break
  ...get(7), ...get(6), 0x6a, ...V128_LOAD(0), ...I16X8_EXTEND_LOW_I8X16_S, ...set(11),
  ...get(7), ...get(6), 0x6a, ...V128_LOAD(0), ...I16X8_EXTEND_HIGH_I8X16_S, ...set(12),
  ...mulAdd8(9, 11, I32X4_EXTEND_LOW_I16X8_S, 0),
  ...mulAdd8(10, 11, I32X4_EXTEND_HIGH_I16X8_S, 16),
  ...mulAdd8(9, 12, I32X4_EXTEND_LOW_I16X8_S, 32),
  ...mulAdd8(10, 12, I32X4_EXTEND_HIGH_I16X8_S, 48),
  ...get(6), ...i32(16), 0x6a, ...set(6), // j += 16
  ...get(8), ...i32(64), 0x6a, ...set(8), // qp += 64
  0x0c, 0x00, 0x0b, 0x0b, // br loop; end loop; end block
  ...get(9), ...get(10), ...F32X4_ADD, ...set(9),
  ...get(4), ...get(5), ...i32(2), 0x74, 0x6a, // &out[s]
  ...get(9), ...LANE(0), ...get(9), ...LANE(1), 0x92, ...get(9), ...LANE(2), 0x92, ...get(9), ...LANE(3), 0x92,
  0x38, 0x02, 0x00, // f32.store
  ...get(7), ...get(3), 0x6a, ...set(7), // p += stride
  ...get(5), ...i32(1), 0x6a, ...set(5), // s++
  0x0c, 0x00, 0x0b, 0x0b, // br rows; end loop; end block
  0x0b, // end func
];

const name = (s: string) => [s.length, ...[...s].map((c) => c.charCodeAt(0))];
const MODULE_BYTES = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [0x01, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00]),
  ...section(2, [0x01, ...name('env'), ...name('memory'), 0x02, 0x00, 0x01]),
  ...section(3, [0x02, 0x00, 0x00]),
  ...section(7, [0x02, ...name('scores'), 0x00, 0x00, ...name('scores8'), 0x00, 0x01]),
  ...section(10, [0x02, ...leb(body.length), ...body, ...leb(body8.length), ...body8]),
]);

let compiled: WebAssembly.Module | null | undefined;

function module(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(MODULE_BYTES);
    } catch {
      compiled = null; // no WebAssembly SIMD here: callers fall back to JavaScript
    }
  }
  return compiled;
}

/** A block of rows in WebAssembly memory: [query | scores | rows]. */
export interface ScanBlock<R extends Float32Array | Int8Array = Float32Array> {
  readonly stride: number;
  readonly capacity: number;
  /** View of all rows (capacity × stride values). */
  rows: R;
  /**
   * Score `size` rows against `query` (length ≤ stride); returns a view valid until the next
   * call. For int8 rows the scores are dot products with the codes (unscaled).
   */
  scan(query: Float32Array, size: number): Float32Array;
}

/** Allocate a SIMD scan block of float32 rows, or null when WebAssembly SIMD is unavailable. */
export function createScanBlock(stride: number, capacity: number): ScanBlock | null {
  return allocate(stride, capacity, false) as ScanBlock | null;
}

/** Allocate a SIMD scan block of int8 rows (`stride` a multiple of 16), or null. */
export function createScanBlock8(stride: number, capacity: number): ScanBlock<Int8Array> | null {
  return allocate(stride, capacity, true) as ScanBlock<Int8Array> | null;
}

function allocate(stride: number, capacity: number, int8: boolean): ScanBlock<Float32Array | Int8Array> | null {
  const mod = module();
  if (!mod || stride % (int8 ? SCAN_STRIDE_MULTIPLE_INT8 : LANES) !== 0) return null;
  const qBytes = stride * 4;
  const outBytes = Math.ceil((capacity * 4) / 16) * 16;
  const rowBytes = capacity * stride * (int8 ? 1 : 4);
  const total = qBytes + outBytes + rowBytes;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: Math.ceil(total / 65536) });
  } catch {
    return null; // over the 4 GB wasm32 limit or out of memory: the caller uses plain arrays
  }
  const instance = new WebAssembly.Instance(mod, { env: { memory } });
  const scores = instance.exports[int8 ? 'scores8' : 'scores'] as (q: number, data: number, n: number, stride: number, out: number) => void;
  const query = new Float32Array(memory.buffer, 0, stride);
  const out = new Float32Array(memory.buffer, qBytes, capacity);
  const rows = int8 ? new Int8Array(memory.buffer, qBytes + outBytes, capacity * stride) : new Float32Array(memory.buffer, qBytes + outBytes, capacity * stride);
  return {
    stride,
    capacity,
    rows,
    scan(q, size) {
      query.fill(0);
      query.set(q);
      scores(0, qBytes + outBytes, size, stride, qBytes);
      return out.subarray(0, size);
    },
  };
}

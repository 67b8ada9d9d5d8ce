// Per-slot metadata of a vector namespace held as columns instead of one object per slot: a
// column of values per key, and per slot the index of its key list ("shape", interned: most
// namespaces have one or two). A slot then costs a shape index and one array element per key
// rather than an object (~50 bytes) and its array element. `get` rebuilds the slot's object with
// the keys in the order they were given, so reads see exactly what was written.
import type { FilterValue } from '../contracts/vector-store.js';

export type Metadata = Record<string, FilterValue | null>;

const NONE = -1;

export class MetadataColumns {
  /** Interned key lists. */
  private readonly shapes: string[][] = [];
  private readonly shapeIds = new Map<string, number>();
  /** Per slot: index into `shapes`, or NONE for a slot without metadata. */
  private shapeOf: number[] = [];
  private readonly columns = new Map<string, (FilterValue | null | undefined)[]>();

  get size(): number {
    return this.shapeOf.length;
  }

  /** Append a slot. */
  push(meta: Metadata | undefined): void {
    this.shapeOf.push(NONE);
    this.set(this.shapeOf.length - 1, meta);
  }

  /** Replace slot `slot`'s metadata (values copied; the object is not kept). */
  set(slot: number, meta: Metadata | undefined): void {
    this.clearValues(slot);
    if (meta === undefined) {
      this.shapeOf[slot] = NONE;
      return;
    }
    const keys = Object.keys(meta);
    const name = keys.join('\u0000');
    let shape = this.shapeIds.get(name);
    if (shape === undefined) {
      shape = this.shapes.length;
      this.shapes.push(keys);
      this.shapeIds.set(name, shape);
    }
    this.shapeOf[slot] = shape;
    for (const k of keys) {
      const col = this.column(k);
      // fill up to `slot` so a column that starts late stays a dense (fast) array
      while (col.length < slot) col.push(undefined);
      col[slot] = meta[k]!;
    }
  }

  /** A fresh object with slot `slot`'s metadata, or undefined. */
  get(slot: number): Metadata | undefined {
    const shape = this.shapeOf[slot]!;
    if (shape === NONE) return undefined;
    const m: Metadata = {};
    for (const k of this.shapes[shape]!) m[k] = this.columns.get(k)![slot]!;
    return m;
  }

  /** Slot `to` := slot `from` (from stays as it is). */
  copy(from: number, to: number): void {
    if (from === to) return;
    this.clearValues(to);
    const shape = this.shapeOf[from]!;
    this.shapeOf[to] = shape;
    if (shape !== NONE)
      for (const k of this.shapes[shape]!) {
        const col = this.columns.get(k)!;
        while (col.length < to) col.push(undefined);
        col[to] = col[from];
      }
  }

  /** Drop the last slot. */
  pop(): void {
    const last = this.shapeOf.length - 1;
    this.clearValues(last);
    this.shapeOf.pop();
    for (const col of this.columns.values()) if (col.length > last) col.length = last;
  }

  /** Replace every slot (e.g. from a decoded file). */
  replaceAll(metas: readonly (Metadata | null | undefined)[]): void {
    this.shapeOf = new Array<number>(metas.length).fill(NONE);
    for (const col of this.columns.values()) col.length = 0;
    metas.forEach((m, slot) => this.set(slot, m ?? undefined));
  }

  private column(key: string): (FilterValue | null | undefined)[] {
    let col = this.columns.get(key);
    if (!col) this.columns.set(key, (col = []));
    return col;
  }

  /** Forget slot `slot`'s values so a column holds no stale reference. */
  private clearValues(slot: number): void {
    const shape = this.shapeOf[slot];
    if (shape === undefined || shape === NONE) return;
    for (const k of this.shapes[shape]!) {
      const col = this.columns.get(k)!;
      if (slot < col.length) col[slot] = undefined;
    }
  }
}

// Doubly linked lists of slots kept in typed arrays, as the multigraph (multigraph.ts) keeps each
// node's out-edges and in-edges: per node a head and a tail, per slot a next and a prev; NONE
// ends a list. The arrays grow by doubling.

export const NONE = -1;

/** `a`, or a copy at least `size` long (new cells NONE). */
export function grown(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (size <= a.length) return a;
  const b = new Int32Array(Math.max(size, a.length * 2, 16)).fill(NONE);
  b.set(a);
  return b;
}

/** Appends slot s to node u's list (one of the out- or in-lists). */
export function append(s: number, u: number, head: Int32Array, tail: Int32Array, next: Int32Array, prev: Int32Array): void {
  next[s] = NONE;
  prev[s] = tail[u]!;
  if (tail[u] === NONE) head[u] = s;
  else next[tail[u]!] = s;
  tail[u] = s;
}

/** Takes slot s out of node u's list. */
export function unlink(s: number, u: number, head: Int32Array, tail: Int32Array, next: Int32Array, prev: Int32Array): void {
  const p = prev[s]!;
  const n = next[s]!;
  if (p === NONE) head[u] = n;
  else next[p] = n;
  if (n === NONE) tail[u] = p;
  else prev[n] = p;
}

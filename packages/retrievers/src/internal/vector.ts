// Small vector helpers (cosine on L2-normalised or raw Float32Arrays).

export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s = 0;
  for (let i = 0; i < n; i += 1) s += a[i]! * b[i]!;
  return s;
}

export function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}

export function cosine(a: Float32Array, b: Float32Array): number {
  const d = norm(a) * norm(b);
  return d === 0 ? 0 : dot(a, b) / d;
}

// Seeded vectors for the embedded stores' tests: a 32-bit linear congruential generator, so a
// test's data is the same on every run without a dependency.

/** `dims` values in [-0.5, 0.5), the same for the same seed. */
export function seededVector(dims: number, seed: number): Float32Array {
  let s = seed;
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    v[i] = s / 2 ** 32 - 0.5;
  }
  return v;
}

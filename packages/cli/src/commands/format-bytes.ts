// Counts for people: a byte count: "812 bytes", "131.9 KB", "2,322.4 MB" (decimal units, as `ls -lh --si`).
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} bytes`;
  if (n < 1e6) return `${(n / 1e3).toFixed(1)} KB`;
  return `${(n / 1e6).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/** "1 delta segment", "18 delta segments". */
export const segmentCount = (n: number): string => `${n} delta segment${n === 1 ? '' : 's'}`;

// The resolver's blocking keys of a normalised name key: its first word, its last word and its
// 4-character prefix, tagged (`f:`, `l:`, `p:`). A misspelling rarely hits all three at once. The
// name index does not store them: it derives them from a node's key, and compares them with a
// key in place (as a string, or as bytes in its packed buffer) without building them.

/** Blocking key j of a normalised key: its first word (0), its last word (1), its 4-character prefix (2). */
export function blockKey(k: string, j: number): string {
  if (j === 2) return `p:${k.slice(0, 4)}`;
  const i = j === 0 ? k.indexOf(' ') : k.lastIndexOf(' ');
  if (i < 0) return `${j === 0 ? 'f' : 'l'}:${k}`;
  return j === 0 ? `f:${k.slice(0, i)}` : `l:${k.slice(i + 1)}`;
}

/** Whether `b` is blocking key j of the normalised key `k` (`blockKey(k, j) === b`, read in place). */
export function isBlockKey(k: string, j: number, b: string): boolean {
  if (b.charCodeAt(0) !== TAGS[j] || b.charCodeAt(1) !== COLON) return false;
  let from = 0;
  let to = k.length;
  if (j === 2) to = Math.min(4, k.length);
  else if (j === 0) to = k.indexOf(' ') < 0 ? k.length : k.indexOf(' ');
  else from = k.lastIndexOf(' ') + 1;
  if (b.length - 2 !== to - from) return false;
  for (let i = from; i < to; i++) if (k.charCodeAt(i) !== b.charCodeAt(2 + i - from)) return false;
  return true;
}

/** `isBlockKey` over a key of `len` Latin-1 bytes at `start` in `pool` (a packed key, not built as a string). */
export function isBlockKeyOfBytes(pool: Uint8Array, start: number, len: number, j: number, b: string): boolean {
  if (b.charCodeAt(0) !== TAGS[j] || b.charCodeAt(1) !== COLON) return false;
  let from = start;
  let to = start + len;
  if (j === 2) to = start + Math.min(4, len);
  else if (j === 0) {
    for (let i = start; i < to; i++)
      if (pool[i] === SPACE) {
        to = i;
        break;
      }
  } else
    for (let i = to - 1; i >= start; i--)
      if (pool[i] === SPACE) {
        from = i + 1;
        break;
      }
  if (b.length - 2 !== to - from) return false;
  for (let i = from; i < to; i++) if (pool[i] !== b.charCodeAt(2 + i - from)) return false;
  return true;
}

/** Blocking keys: a misspelling rarely hits the first word, the last word and the prefix at once. */
export function blockKeys(k: string): string[] {
  return [blockKey(k, 0), blockKey(k, 1), blockKey(k, 2)];
}

const TAGS = ['f'.charCodeAt(0), 'l'.charCodeAt(0), 'p'.charCodeAt(0)];
const COLON = ':'.charCodeAt(0);
const SPACE = ' '.charCodeAt(0);

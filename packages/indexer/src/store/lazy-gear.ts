// The GEAR id lists of a state read from disk, decoded (or replayed from deltas) when asked for. Their reader is kept apart from the state's other records: an opened indexer keeps
// it until it builds its id sets, after letting go of the state. A reader written as a closure
// of the decoder would hold the decoder's whole scope (the file's columns, every chunk record)
// for as long as the reader lives.
import type { StoredState } from './format1.js';

export type StoredGear = StoredState['gear'];

const readers = new WeakMap<object, () => StoredGear>();

/**
 * Give `state` an enumerable `gear` read by `read` at each use (decoded again each time: the
 * lists are held by no one once read, while the file holds them compressed), and register that
 * reader for gearReader.
 */
export function defineLazyGear<T extends object>(state: T, read: () => StoredGear): T & { readonly gear: StoredGear } {
  readers.set(state, read);
  Object.defineProperty(state, 'gear', { get: read, enumerable: true, configurable: true });
  return state as T & { readonly gear: StoredGear };
}

/** A function giving the state's GEAR lists that does not hold the state (its lists as they are, for a state not read lazily). */
export function gearReader(state: StoredState): () => StoredGear {
  const reader = readers.get(state);
  if (reader) return reader;
  const gear = state.gear;
  return () => gear;
}

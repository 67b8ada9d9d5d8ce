// The GEAR id lists of a state read from disk, decoded (or replayed from deltas) when first
// asked for. Their reader is kept apart from the state's other records: an opened indexer keeps
// it until it builds its id sets, after letting go of the state. A reader written as a closure
// of the decoder would hold the decoder's whole scope (the file's columns, every chunk record)
// for as long as the reader lives.
import type { StoredState } from './format1.js';

export type StoredGear = StoredState['gear'];

const readers = new WeakMap<object, () => StoredGear>();

/** Give `state` an enumerable `gear` read once by `read`, and register that reader for gearReader. */
export function defineLazyGear<T extends object>(state: T, read: () => StoredGear): T & { readonly gear: StoredGear } {
  const once = onceOf(read);
  readers.set(state, once);
  Object.defineProperty(state, 'gear', { get: once, enumerable: true, configurable: true });
  return state as T & { readonly gear: StoredGear };
}

/** A function giving the state's GEAR lists that does not hold the state (its lists as they are, for a state not read lazily). */
export function gearReader(state: StoredState): () => StoredGear {
  const reader = readers.get(state);
  if (reader) return reader;
  const gear = state.gear;
  return () => gear;
}

function onceOf(read: () => StoredGear): () => StoredGear {
  let gear: StoredGear | undefined;
  let from: (() => StoredGear) | undefined = read;
  return () => {
    if (gear === undefined) {
      gear = from!();
      from = undefined;
    }
    return gear;
  };
}

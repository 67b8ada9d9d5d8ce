// A component of an opened index that is read from disk on first use. The proxy stands in for
// the object (same methods, getters and identity for caches keyed by it); `isLoaded` tells
// persistence whether an untouched component can keep its file without being read at all, and
// `unload` lets it go again once it is written whole (compaction: the next use reads the new file).
const LOADED = Symbol('lazy.loaded');
const RELOAD = Symbol('lazy.reload');

export function lazy<T extends object>(loader: () => T): T {
  let real: T | undefined;
  // the loader is let go once it has run: what it captured (e.g. a decoded state) can be collected
  let load: (() => T) | undefined = loader;
  const get = (): T => {
    if (real === undefined) {
      real = load!();
      load = undefined;
    }
    return real;
  };
  const reload = (next: () => T) => {
    real = undefined;
    load = next;
  };
  return new Proxy({} as T, {
    get(_, key) {
      if (key === LOADED) return real !== undefined;
      if (key === RELOAD) return reload;
      const target = get();
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
    has: (_, key) => key === LOADED || key === RELOAD || Reflect.has(get(), key),
    set: (_, key, value) => Reflect.set(get(), key, value),
  });
}

/** False only for a lazy proxy that has not been read yet. */
export function isLoaded(value: object): boolean {
  return LOADED in value ? (value as Record<symbol, boolean>)[LOADED]! : true;
}

/**
 * Let a lazy proxy's object go: its next use calls `loader` (which must give the same content,
 * e.g. read from the file just written). Returns false, doing nothing, for an object that is not
 * a lazy proxy (a component passed in, or one the indexer made).
 */
export function unload<T extends object>(value: T, loader: () => T): boolean {
  if (!(RELOAD in value)) return false;
  (value as unknown as Record<symbol, (next: () => T) => void>)[RELOAD]!(loader);
  return true;
}

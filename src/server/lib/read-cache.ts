/** A serialized answer: the JSON body and, for a page of a list, the Link to the next page. */
export interface CachedAnswer {
  body: string;
  link?: string;
}

export interface ReadCache {
  /** The cached answer under `key`, or `produce()`'s, kept unless the data changed meanwhile. */
  get(key: string, produce: () => Promise<CachedAnswer>): Promise<CachedAnswer>;
  /** Drops everything; answers being produced when this is called are not kept. */
  invalidate(): void;
}

/**
 * Serialized answers of the hot public catalogue reads (GET /api/products, /api/product/{id}),
 * so most of them cost no query at all: on PGlite every query runs on the server's own thread.
 * The cache is dropped after every catalogue write in this process and on the database's
 * `catalogue_changed` notification from any other; `maxAgeMs` bounds staleness should a
 * notification ever be missed. docs/decisions/008-catalogue-read-cache.md.
 */
export function createReadCache(options: { maxEntries: number; maxAgeMs: number }): ReadCache {
  let generation = 0;
  const entries = new Map<string, { answer: CachedAnswer; storedAt: number }>();
  // Concurrent misses on one key share one query (50 connections would otherwise all run it).
  const pending = new Map<string, Promise<CachedAnswer>>();

  return {
    async get(key, produce) {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.storedAt < options.maxAgeMs) return hit.answer;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const startedAt = generation;
      const producing = produce().then(
        (answer) => {
          if (pending.get(key) === producing) pending.delete(key);
          // A write that landed while this was being read makes it stale: serve it once, keep it not.
          if (startedAt === generation) {
            if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { answer, storedAt: Date.now() });
          }
          return answer;
        },
        (error: unknown) => {
          if (pending.get(key) === producing) pending.delete(key);
          throw error;
        },
      );
      pending.set(key, producing);
      return producing;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      pending.clear();
    },
  };
}

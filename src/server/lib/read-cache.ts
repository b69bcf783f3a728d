/**
 * A serialized answer: the body (and any compressed forms of it, lib/prepared-answer.ts) and,
 * for a page of a list, the Link to the next page.
 */
export interface CachedAnswer {
  body: string | Buffer;
  br?: Buffer;
  gzip?: Buffer;
  link?: string;
}

export interface ReadCache<A extends CachedAnswer = CachedAnswer> {
  /** The cached answer under `key`, or `produce()`'s, kept unless the data changed meanwhile. */
  get(key: string, produce: () => Promise<A>): Promise<A>;
  /** The answer held under `key` while it is fresh; nothing is produced or stored. */
  peek(key: string): A | undefined;
  /**
   * Drops every answer, and the caches of what this one's data decides (`dropsWithIt`) unless
   * `dependents` is false; answers being produced when this is called are not kept.
   */
  invalidate(options?: { dependents?: boolean }): void;
  /** What the cache holds now. */
  stats(): { entries: number; bytes: number };
  /** Stops the sweeping timer (the app's onClose). */
  close(): void;
}

/**
 * How the cache holding an answer counts bytes the answer gained after it was stored (a
 * compressed form made when a client first asks for it, lib/prepared-answer.ts).
 */
const growthCounters = new WeakMap<CachedAnswer, (bytes: number) => void>();

/** Counts `bytes` more against the cache that holds `answer`, if one does. */
export function answerGrew(answer: CachedAnswer, bytes: number): void {
  growthCounters.get(answer)?.(bytes);
}

/** Rough cost of an entry beyond its strings: the map slot, the entry object, its numbers. */
const ENTRY_OVERHEAD_BYTES = 200;

const sizeOf = (key: string, answer: CachedAnswer) =>
  ENTRY_OVERHEAD_BYTES +
  Buffer.byteLength(key) +
  Buffer.byteLength(answer.body) +
  (answer.br?.length ?? 0) +
  (answer.gzip?.length ?? 0) +
  (answer.link ? Buffer.byteLength(answer.link) : 0);

/**
 * Serialized answers of the hot public catalogue reads (GET /api/products, /api/product/{id}),
 * so most of them cost no query at all: on PGlite one statement runs at a time, however many wait.
 * The cache is dropped after every catalogue write in this process and on the database's
 * `catalogue_changed` notification from any other; `maxAgeMs` bounds staleness should a
 * notification ever be missed. docs/decisions/008-catalogue-read-cache.md.
 *
 * Anyone can ask for any page shape (?limit=&offset=), so the cache is bounded by the bytes it
 * holds, not by a count of entries: past `maxBytes` the oldest entries go first, and an answer
 * bigger than a quarter of the bound is served but never kept. Bytes an answer gains once
 * stored (`answerGrew`) count too, making room the same way. Expired entries are dropped as
 * they are met and by a sweep every `maxAgeMs`, so memory goes back down once the asking stops.
 */
export function createReadCache<A extends CachedAnswer = CachedAnswer>(options: {
  maxBytes: number;
  maxAgeMs: number;
  /** Caches of what this one's data decides, dropped whenever this one is. */
  dropsWithIt?: Array<Pick<ReadCache, 'invalidate'>>;
}): ReadCache<A> {
  let generation = 0;
  let bytes = 0;
  // In the order stored (oldest first), so expiry and eviction both take from the front.
  const entries = new Map<string, { answer: A; storedAt: number; size: number }>();
  // Concurrent misses on one key share one query (50 connections would otherwise all run it).
  const pending = new Map<string, Promise<A>>();

  const isFresh = (entry: { storedAt: number }, now = Date.now()) => now - entry.storedAt < options.maxAgeMs;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    growthCounters.delete(entry.answer);
    bytes -= entry.size;
  };
  /** Drops the oldest entries (but `keep`) until `room` more bytes fit. */
  const makeRoom = (room: number, keep?: string) => {
    for (const oldest of entries.keys()) {
      if (bytes + room <= options.maxBytes) break;
      if (oldest !== keep) drop(oldest);
    }
  };
  const sweep = (now = Date.now()) => {
    for (const [key, entry] of entries) {
      if (isFresh(entry, now)) break;
      drop(key);
    }
  };
  const store = (key: string, answer: A) => {
    const size = sizeOf(key, answer);
    if (size > options.maxBytes / 4) return;
    drop(key);
    const now = Date.now();
    sweep(now);
    makeRoom(size);
    const entry = { answer, storedAt: now, size };
    entries.set(key, entry);
    bytes += size;
    growthCounters.set(answer, (grown) => {
      if (entries.get(key) !== entry) return;
      entry.size += grown;
      bytes += grown;
      if (entry.size > options.maxBytes / 4) return drop(key);
      makeRoom(0, key);
    });
  };
  const timer = setInterval(sweep, Math.max(options.maxAgeMs, 1_000));
  timer.unref();

  return {
    async get(key, produce) {
      const hit = entries.get(key);
      if (hit) {
        if (isFresh(hit)) return hit.answer;
        drop(key);
      }
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const startedAt = generation;
      const producing = produce().then(
        (answer) => {
          if (pending.get(key) === producing) pending.delete(key);
          // A write that landed while this was being read makes it stale: serve it once, keep it not.
          if (startedAt === generation) store(key, answer);
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
    peek(key) {
      const hit = entries.get(key);
      return hit && isFresh(hit) ? hit.answer : undefined;
    },
    invalidate({ dependents = true } = {}) {
      generation += 1;
      entries.clear();
      bytes = 0;
      pending.clear();
      if (dependents) for (const dependent of options.dropsWithIt ?? []) dependent.invalidate();
    },
    stats: () => ({ entries: entries.size, bytes }),
    close: () => clearInterval(timer),
  };
}

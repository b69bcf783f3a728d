/**
 * A serialized answer: the body (and any compressed forms of it, lib/prepared-answer.ts) and,
 * for a page of a list, the Link to the next page.
 */
export interface CachedAnswer {
  body: string | Buffer;
  br?: Buffer;
  gzip?: Buffer;
  link?: string;
  /** What of the catalogue's stock it shows; without it, every change of stock drops it. */
  shows?: StockShown;
}

/**
 * What an answer shows of stock: the products it lists, each with its stock, and whether which
 * products it lists hangs on their being in stock (the in-stock filter). A change to another
 * product's stock that leaves it in stock (or out of it) changes nothing in the answer.
 * Made by `showing`.
 */
export interface StockShown {
  /**
   * A mark of each product listed (`productMark`): a few bytes where the id takes some sixty, so
   * that a page of twelve products costs the cache's bound about 100 bytes, not 800. Two ids may
   * share a mark, which only drops an answer that did not need dropping.
   */
  products: readonly number[];
  byAvailability: boolean;
}

/** A 30-bit FNV-1a hash of a product id: a small integer, held in an array without boxing. */
function productMark(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}

/** What an answer listing `productIds` shows of stock (`byAvailability`: under the in-stock filter). */
export function showing(productIds: readonly string[], byAvailability: boolean): StockShown {
  return { products: productIds.map(productMark), byAvailability };
}

/** An answer that shows no stock at all (categories, the sitemap's count). */
export const SHOWS_NO_STOCK: StockShown = { products: [], byAvailability: false };

/**
 * A change of stock: the products whose stock changed, and whether any of them ran out or came
 * back (which changes what an in-stock search lists).
 */
export interface StockChange {
  products: readonly string[];
  availability: boolean;
}

/** A change of stock with its products' marks, as the cache compares it with each answer. */
interface MarkedChange {
  marks: readonly number[];
  availability: boolean;
}

/**
 * Whether `change` may have changed an answer that shows `shown`. Asked of every cached answer
 * on every change of stock (a few thousand answers, several changes a second in a busy shop),
 * so it loops over arrays of small integers rather than build anything.
 */
function mayHaveChanged(change: MarkedChange, shown: StockShown | undefined): boolean {
  if (!shown) return true;
  if (change.availability && shown.byAvailability) return true;
  for (const mark of change.marks) if (shown.products.includes(mark)) return true;
  return false;
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
  /**
   * Drops the answers a change of stock may have changed (`CachedAnswer.shows`) and keeps the
   * rest; answers being produced are not kept if it may have changed them.
   */
  stockChanged(change: StockChange): void;
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
/** Cost of each product an answer lists in `shows`: a small integer's array slot. */
const PRODUCT_MARK_BYTES = 8;
/**
 * How many of the latest changes are remembered for the answers being produced; one produced
 * across more changes than this is served but not kept.
 */
const CHANGES_REMEMBERED = 64;

const sizeOf = (key: string, answer: CachedAnswer) =>
  ENTRY_OVERHEAD_BYTES +
  (answer.shows?.products.length ?? 0) * PRODUCT_MARK_BYTES +
  Buffer.byteLength(key) +
  Buffer.byteLength(answer.body) +
  (answer.br?.length ?? 0) +
  (answer.gzip?.length ?? 0) +
  (answer.link ? Buffer.byteLength(answer.link) : 0);

/**
 * Serialized answers of the hot public catalogue reads (GET /api/products, /api/product/{id}),
 * so most of them cost no query at all: on PGlite one statement runs at a time, however many wait.
 * The cache is dropped after every catalogue write in this process and on the database's
 * `catalogue_changed` notification from any other, except that a change of stock drops only the
 * answers it may have changed; `maxAgeMs` bounds staleness should a notification ever be missed.
 * docs/decisions/008-catalogue-read-cache.md.
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
  let bytes = 0;
  // In the order stored (oldest first), so expiry and eviction both take from the front.
  const entries = new Map<string, { answer: A; storedAt: number; size: number }>();
  // Concurrent misses on one key share one query (50 connections would otherwise all run it).
  const pending = new Map<string, Promise<A>>();
  // Counts the changes; the latest are remembered (stock changes by what they changed) so that
  // an answer being produced across one is kept only if the change could not have touched it.
  let generation = 0;
  const recent: Array<MarkedChange | 'everything'> = [];
  const changedSince = (startedAt: number, answer: A) => {
    const missed = generation - startedAt;
    if (missed === 0) return false;
    if (missed > recent.length) return true;
    return recent
      .slice(-missed)
      .some((change) => change === 'everything' || mayHaveChanged(change, answer.shows));
  };
  const changed = (change: MarkedChange | 'everything') => {
    generation += 1;
    recent.push(change);
    if (recent.length > CHANGES_REMEMBERED) recent.shift();
    // Requests from now on must not share a read that began before the change.
    pending.clear();
  };

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
          if (!changedSince(startedAt, answer)) store(key, answer);
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
      changed('everything');
      entries.clear();
      bytes = 0;
      if (dependents) for (const dependent of options.dropsWithIt ?? []) dependent.invalidate();
    },
    stockChanged({ products, availability }) {
      const change = {
        marks: products.map(productMark),
        availability,
      };
      changed(change);
      for (const [key, entry] of entries) if (mayHaveChanged(change, entry.answer.shows)) drop(key);
    },
    stats: () => ({ entries: entries.size, bytes }),
    close: () => clearInterval(timer),
  };
}

import { randomUUID } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';

export interface RateLimitRule {
  /** Seconds. */
  window: number;
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window frees up; null when allowed. */
  retryAfter: number | null;
}

/** Rows idle longer than this are pruned; no rule of ours has a longer window. */
const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Fixed-window counters in the rate_limits table, shared by Better Auth's per-IP rules
 * (as its customStorage) and our per-account sign-in limit. One upsert counts and
 * decides, so a concurrent burst cannot slip past a stale read, and every instance on
 * the same database sees the same counts.
 * `last_request` holds the start of the current window.
 */
export function createRateLimitStore(db: Db) {
  let calls = 0;
  return {
    async consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
      const now = Date.now();
      const windowMs = rule.window * 1000;
      const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}::bigint`;
      const [row] = await db
        .insert(rateLimits)
        .values({ id: randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
            lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimits.lastRequest} end`,
          },
        })
        .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
      calls += 1;
      if (calls % 500 === 0) {
        await db.delete(rateLimits).where(lt(rateLimits.lastRequest, now - PRUNE_AFTER_MS));
      }
      if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null };
      return {
        allowed: false,
        retryAfter: Math.max(1, Math.ceil((Number(row.lastRequest) + windowMs - now) / 1000)),
      };
    },
    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

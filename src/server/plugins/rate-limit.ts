import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

export interface RateLimitOptions {
  /** Requests per minute per IP (0 switches the limit off, as benchmarks do). */
  max: number;
  /** Shared counters across instances (REDIS_URL in the README). */
  redisUrl?: string;
}

/**
 * Generous limit for the API: one page makes several calls and many customers may share
 * an IP. The identity routes add strict limits of their own (modules/auth/auth.routes.ts).
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: RateLimitOptions) => {
  if (options.max <= 0) return;
  let redis: Redis | undefined;
  if (options.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    app.addHook('onClose', async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: '1 minute',
    redis,
    // If Redis is down, serve without the general limit rather than fail every request; the
    // identity limits live in the database and still hold.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests, retry in ${context.after}`),
  });
});

import { z } from 'zod';

// The settings of the README's configuration table, parsed once at start; a bad value stops the process naming the variable.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: every interface in production, loopback otherwise (see parseEnv). Fastify binds
   * `localhost` on both 127.0.0.1 and ::1. */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('AgriTools <no-reply@agritools.local>'),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** OpenID issuer for "Google" sign-in; tests point it at a local provider. */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * One log line per answered request (default on). Off for a shop whose reverse proxy keeps
   * the access log: about a quarter of a cached read's work (docs/decisions/015).
   */
  REQUEST_LOG: booleanFlag.optional(),
  /** Raise or switch off the generous API limit (benchmarks say when they do). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  /** The most the catalogue read cache may hold, in MiB (docs/decisions/008). */
  CATALOGUE_CACHE_MB: z.coerce.number().positive().max(4096).default(16),
  ORDER_LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(8),
  /** How long an unpaid order holds its stock before it is cancelled (docs/decisions/017). */
  ORDER_HOLD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(48),
  /** The hold of a bank-transfer order; ORDER_HOLD_HOURS when unset. */
  BANK_TRANSFER_HOLD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .optional(),
  /** The hold of an order waiting for an online payment (SSLCommerz). */
  ONLINE_PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
  /** The most units one account may hold in unpaid orders at once. */
  UNPAID_QUANTITY_CAP: z.coerce.number().int().min(1).default(500),
  /** Where the shop's new-order mails go; none are sent when unset. */
  ORDERS_NOTIFY_EMAIL: z.email().optional(),
  /** SSLCommerz store credentials; without both, online payment is not offered. */
  SSLCOMMERZ_STORE_ID: z.string().min(1).optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().min(1).optional(),
  /** The gateway's base URL: the sandbox by default, https://securepay.sslcommerz.com live. */
  SSLCOMMERZ_URL: z.url().default('https://sandbox.sslcommerz.com'),
  /**
   * S3-compatible object storage for uploaded pictures (docs/decisions/027): all of endpoint,
   * bucket, keys and region, or none (pictures then go to DATA_DIR/media, served at /media).
   * The endpoint is the service's base URL; objects are addressed path-style (endpoint/bucket/key).
   */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** Where browsers read the pictures (a CDN or the bucket's public address); endpoint/bucket when unset. */
  S3_PUBLIC_URL: z.url().optional(),
  /** Identity attempts (sign-in, sign-up, password reset) per minute per IP. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * Which X-Forwarded-For hops to believe (per-IP rate limits depend on it). Never "every
   * hop": the left-most entry is whatever the client wrote. `true` means one load balancer in
   * front; a number is that many proxies; otherwise a comma-separated list of proxy addresses
   * or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|yes|no|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, {
      message: 'must be true, false, a number of proxies, or a list of proxy addresses',
    })
    .transform((value): boolean | number | string => {
      if (value === 'false' || value === 'no' || value === '0') return false;
      if (value === 'true' || value === 'yes') return 1;
      return /^\d+$/.test(value) ? Number(value) : value;
    })
    .default(false),
});
export type Env = z.infer<typeof envSchema> & { HOST: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment; throws a ConfigError whose message names every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Outside production the shop seeds documented logins, so by default it only listens on
  // loopback: a forgotten NODE_ENV must not put admin/agritools-admin on the network.
  const env = {
    ...result.data,
    HOST: result.data.HOST ?? (result.data.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
  };
  const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;
  const missing = s3.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < s3.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: required when any S3_ variable is set`).join('\n')}`,
    );
  }
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required in production');
  }
  return env;
}

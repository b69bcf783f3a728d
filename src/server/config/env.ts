import { z } from 'zod';

// design.md "Configuration": parsed once at start; a bad value stops the process naming the variable.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  /** Raise or switch off the generous API limit (benchmarks say when they do). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(600),
  /** Identity attempts (sign-in, sign-up, password reset) per minute per IP (issue 3). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  /** Answered by helmet: HSTS and upgrade-insecure-requests only when served over HTTPS. */
  TRUST_PROXY: booleanFlag.default(false),
});
export type Env = z.infer<typeof envSchema>;

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
  const env = result.data;
  if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration:\n  AUTH_SECRET: required in production');
  }
  return env;
}

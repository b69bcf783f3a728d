import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives development defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development' });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('names the variable that is wrong', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
  it('requires AUTH_SECRET in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).NODE_ENV).toBe('production');
  });
  it('treats empty variables as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

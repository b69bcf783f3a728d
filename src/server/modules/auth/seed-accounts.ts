import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Identity } from './identity.ts';
import { identityCall } from './identity-calls.ts';
import { setRole } from '../users/users.repository.ts';
import type { Db } from '../../db/client.ts';

/**
 * Development logins, documented in the README. Used only outside production and only
 * when ADMIN_EMAIL / ADMIN_PASSWORD are not given.
 */
export const DEV_ADMIN = { email: 'admin@agritools.local', password: 'agritools-admin', name: 'Admin' };
export const DEMO_CUSTOMER = {
  email: 'customer@agritools.local',
  password: 'agritools-customer',
  name: 'Demo Customer',
};

interface SeedOptions {
  identity: Identity;
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
  /** Create the demo customer (development with demo data). */
  demoCustomer: boolean;
}

/**
 * Creates or promotes the first admin and, in development, the demo customer.
 * Idempotent: an existing account keeps its password; the admin is only promoted, and only
 * when its email is verified. Sign-up does not wait for verification (spec section 4), so
 * anyone could register the admin's address before the operator does; promoting that
 * account at the next start would hand the shop to whoever squatted it.
 */
export async function seedAccounts(options: SeedOptions): Promise<void> {
  const { env, log } = options;
  const development = env.NODE_ENV !== 'production';
  const adminEmail = (env.ADMIN_EMAIL ?? (development ? DEV_ADMIN.email : undefined))?.toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD ?? (development ? DEV_ADMIN.password : undefined);
  if (adminEmail) {
    const outcome = await ensureAccount(options, {
      email: adminEmail,
      password: adminPassword,
      name: DEV_ADMIN.name,
      role: 'admin',
    });
    if (outcome === 'missing-password') {
      log.warn({ email: adminEmail }, 'ADMIN_EMAIL has no account yet; set ADMIN_PASSWORD to create it');
    } else if (outcome === 'unverified') {
      log.error(
        { email: adminEmail },
        'ADMIN_EMAIL belongs to an account whose email is not verified: it was NOT made admin. ' +
          'Verify the address through the mailed link (or delete that account) and restart.',
      );
    } else if (!env.ADMIN_PASSWORD && development) {
      log.info(
        `Development admin: ${adminEmail} / ${DEV_ADMIN.password} (set ADMIN_EMAIL and ADMIN_PASSWORD to change)`,
      );
    } else {
      log.info({ email: adminEmail }, 'first admin ready');
    }
  } else {
    log.warn('No ADMIN_EMAIL set: no administrator was created');
  }
  if (development && options.demoCustomer) {
    await ensureAccount(options, { ...DEMO_CUSTOMER, role: 'user' });
    log.info(`Demo customer: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  }
}

type Wanted = { email: string; password?: string; name: string; role: 'admin' | 'user' };
type Outcome = 'exists' | 'created' | 'missing-password' | 'unverified';

function ensureAccount(options: SeedOptions, wanted: Wanted): Promise<Outcome> {
  return identityCall(() => ensureAccountWithIdentity(options, wanted));
}

async function ensureAccountWithIdentity({ identity, db }: SeedOptions, wanted: Wanted): Promise<Outcome> {
  const context = await identity.$context;
  const existing = await context.internalAdapter.findUserByEmail(wanted.email);
  if (existing) {
    if (wanted.role !== 'admin') return 'exists';
    if (!existing.user.emailVerified) return 'unverified';
    await setRole(db, existing.user.id, 'admin');
    return 'exists';
  }
  if (!wanted.password) return 'missing-password';
  try {
    const user = await context.internalAdapter.createUser(
      {
        email: wanted.email,
        name: wanted.name,
        emailVerified: true,
        role: wanted.role,
      },
      { method: 'admin' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(wanted.password),
    });
    if (wanted.role === 'admin') await setRole(db, user.id, 'admin');
    return 'created';
  } catch (error) {
    // Another instance starting at the same time created it first.
    const raced = await context.internalAdapter.findUserByEmail(wanted.email);
    if (!raced) throw error;
    if (wanted.role === 'admin' && !raced.user.emailVerified) return 'unverified';
    if (wanted.role === 'admin') await setRole(db, raced.user.id, 'admin');
    return 'exists';
  }
}

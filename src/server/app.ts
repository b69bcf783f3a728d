import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { developmentSecret } from './config/secrets.ts';
import { openDatabase, type DatabaseHandle, type DatabaseTarget, type Db } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { createAccessTokens, type AccessTokens } from './lib/access-token.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { redactingStream } from './lib/redact.ts';
import { inTenths, requestLineWriter } from './lib/request-line.ts';
import type { PreparedAnswer } from './lib/prepared-answer.ts';
import { createReadCache } from './lib/read-cache.ts';
import { createCursors } from './lib/cursor.ts';
import { cachedReadServer, type CachedReads } from './lib/cached-read-server.ts';
import { clientErrorHandler, refuseAddress } from './lib/client-errors.ts';
import { projectRoot } from './lib/project-root.ts';
import { accessPlugin } from './plugins/access.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { answerHeaders, responseHeadersPlugin } from './plugins/response-headers.ts';
import { spaPlugin } from './plugins/spa.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createIdentity, type Identity } from './modules/auth/identity.ts';
import { createRateLimitStore } from './modules/auth/rate-limit.repository.ts';
import { seedAccounts } from './modules/auth/seed-accounts.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { productsRoutes } from './modules/products/products.routes.ts';
import { categoriesRoutes } from './modules/categories/categories.routes.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import type { Catalogue } from './modules/products/products.service.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import {
  expireHolds,
  orderSettingsFrom,
  type CachedOrderPage,
  type OrdersContext,
} from './modules/orders/orders.service.ts';
import { startOutboxSender } from './modules/mail/outbox.sender.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { checkoutRoutes } from './modules/orders/checkout.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { startSslcommerz, type PaymentsContext } from './modules/payments/payments.service.ts';
import { createSslcommerzClient } from './modules/payments/sslcommerz.client.ts';
import {
  NEWEST_WORDS_CACHE_BYTES,
  cachedReadKey,
  catalogueNotified,
  catalogueOpened,
} from './modules/products/products.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { mediaRoutes } from './modules/images/media.routes.ts';
import { mediaStorageFrom, type MediaStorage } from './modules/images/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    dbKind: DatabaseHandle['kind'];
    accessTokens: AccessTokens;
    mailer: Mailer;
    /** AUTH_SECRET, or the development secret generated into DATA_DIR. */
    authSecret: string;
    /** The origin links in mails point at (PUBLIC_URL, else http://localhost:PORT). */
    publicUrl: string;
    /** The database and the catalogue's read cache, for the catalogue functions (products.service.ts). */
    catalogue: Catalogue;
    /** The database, links and settings the order functions work on (orders.service.ts). */
    orders: OrdersContext;
    /** The payment providers (payments.service.ts) and how to start an online payment. */
    payments: { context: PaymentsContext; start(checkoutId: string): Promise<string> };
    /** Where uploaded pictures are stored (DATA_DIR/media or S3; docs/decisions/027). */
    media: MediaStorage;
    /** The Better Auth instance behind /api/auth. */
    identity: Identity;
    /** Every route registered, as "METHOD /path"; the authorisation matrix test checks it covers them all. */
    routeList: string[];
  }
}

export interface BuildAppOptions {
  env: Env;
  /** An already open database (tests); otherwise opened from env and closed with the app. */
  database?: DatabaseHandle;
  /** Pino options or false; defaults to env.LOG_LEVEL. */
  logger?: boolean | { level: string };
  /** Where log lines go (default stdout); tokens are redacted from them either way. */
  logDestination?: { write(line: string): unknown };
  /** Seed demo catalogue and reviews into an empty database (default: env.SEED_DEMO, else on outside production). */
  seedDemo?: boolean;
  /** How long a cached catalogue read may be served without a change notice (default 5 s). */
  readCacheMaxAgeMs?: number;
  /**
   * Run the mail outbox sender and the expiry of unpaid orders in the background (default
   * true). API tests switch them off and run a round themselves when they need one.
   */
  backgroundJobs?: boolean;
  /** Where pictures are stored (default: chosen by env, mediaStorageFrom). */
  mediaStorage?: MediaStorage;
}

/** How often the outbox sender looks for due mail, and the expiry job for ended holds. */
const MAIL_ROUND_MS = 1_000;
const EXPIRY_ROUND_MS = 60_000;
/** How often the embedded database, which has no autovacuum, is vacuumed where due. */
const MAINTENANCE_ROUND_MS = 10 * 60_000;
/** About 3,000 search words' matches: a few hundred bytes each (read-cache.ts counts them). */
const SEARCH_WORD_CACHE_BYTES = 1024 * 1024;
const SEARCH_WORD_MAX_AGE_MS = 10 * 60_000;

/**
 * Runs `job` every `ms` in the background, never two rounds at once, without keeping the
 * process alive; the app waits for a round under way before it closes.
 */
function repeatInBackground(app: FastifyInstance, ms: number, job: () => Promise<void>): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = job().finally(() => {
      running = undefined;
    });
  }, ms);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
}

/** The logger settings with the redacting stream, or false when logging is off. */
function loggerOptions(
  logger: boolean | { level: string },
  extra: { stream: { write(line: string): void } },
) {
  if (logger === false) return false;
  return { ...(logger === true ? {} : logger), ...extra };
}

/**
 * Which addresses of the hops in front of the shop are its own proxies (TRUST_PROXY), whose
 * X-Forwarded-For it believes; none when it is reached directly.
 */
function trustedProxies(trust: Env['TRUST_PROXY']): ((address: string, hop: number) => boolean) | undefined {
  if (trust === false) return undefined;
  if (typeof trust === 'string') return proxyAddr.compile(trust.split(',').map((address) => address.trim()));
  const hops = Number(trust);
  return (_address, hop) => hop < hops;
}

/** Request ids as Fastify makes them by default, shared with the cached-read server. */
function requestIds(): () => string {
  let last = 0;
  return () => {
    last = (last + 1) & 0x7fffffff;
    return `req-${last.toString(36)}`;
  };
}

/**
 * One log line per request, written when it has been answered, instead of Fastify's two
 * ("incoming request", "request completed"), and without a hook of its own: Fastify calls this
 * once the answer has gone. Fastify's other per-request lines (its default error handler's,
 * its 404's) stay off (`disableRequestLogging`): the shop's error handler logs what went wrong.
 * With REQUEST_LOG off only the requests that failed while answering are written.
 */
class RequestLog extends LogController {
  constructor(
    private readonly eachRequest: boolean,
    private readonly writeLine: ReturnType<typeof requestLineWriter>,
  ) {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const { method, url, ip } = request;
    if (error)
      request.log.error(
        { method, url, statusCode: reply.statusCode, ms: inTenths(reply.elapsedTime), ip, err: error },
        'request failed while answering',
      );
    else if (this.eachRequest)
      this.writeLine(request.log, {
        reqId: request.id,
        method,
        url,
        statusCode: reply.statusCode,
        ms: reply.elapsedTime,
        ip,
      });
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const proxies = trustedProxies(env.TRUST_PROXY);
  const nextRequestId = requestIds();
  // Set once the app is built, and emptied when it starts closing (Fastify then answers 503).
  let cachedReads: CachedReads | undefined;
  const logStream = redactingStream(options.logDestination);
  const writeRequestLine = requestLineWriter(logStream);
  const app = Fastify({
    logger: loggerOptions(options.logger ?? (env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL }), {
      stream: logStream,
    }),
    trustProxy: proxies ?? false,
    bodyLimit: 64 * 1024,
    // Ids and emails in paths are short; refuse absurd URLs before routing.
    routerOptions: { maxParamLength: 300 },
    logController: new RequestLog(env.REQUEST_LOG ?? true, writeRequestLine),
    genReqId: nextRequestId,
    // Cached catalogue reads are answered before Fastify (docs/decisions/041).
    serverFactory: cachedReadServer(() => cachedReads),
    frameworkErrors: refuseAddress,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routeList.push(`${method} ${route.url}`);
  });

  const database = options.database ?? (await openDatabase(databaseTarget(env)));
  if (!options.database) app.addHook('onClose', () => database.close());
  try {
    await database.migrate();
    if (options.seedDemo ?? env.SEED_DEMO ?? env.NODE_ENV !== 'production') await seedDemo(database.db);
    await catalogueOpened(database.db, database.kind);
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }

  const authSecret = env.AUTH_SECRET ?? developmentSecret(env.DATA_DIR);
  app.decorate('env', env);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('authSecret', authSecret);
  app.decorate('publicUrl', (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''));
  app.decorate('accessTokens', createAccessTokens(authSecret));
  // Search words' matches change only with the catalogue's words, and are dropped with the read
  // cache; their age bound is longer because a missed notification costs only a typo's guess.
  const searchWords = createReadCache({
    maxBytes: SEARCH_WORD_CACHE_BYTES,
    maxAgeMs: options.readCacheMaxAgeMs ?? SEARCH_WORD_MAX_AGE_MS,
  });
  const newestWords = createReadCache({
    maxBytes: NEWEST_WORDS_CACHE_BYTES,
    maxAgeMs: options.readCacheMaxAgeMs ?? SEARCH_WORD_MAX_AGE_MS,
  });
  const readCache = createReadCache<PreparedAnswer>({
    maxBytes: env.CATALOGUE_CACHE_MB * 1024 * 1024,
    maxAgeMs: options.readCacheMaxAgeMs ?? 5_000,
    dropsWithIt: [searchWords, newestWords],
  });
  app.addHook('onClose', () => {
    readCache.close();
    searchWords.close();
    newestWords.close();
  });
  app.decorate('catalogue', {
    db: database.db,
    cache: readCache,
    words: searchWords,
    newest: newestWords,
    cursors: createCursors(authSecret),
  });
  const readCacheHolder = { cache: readCache };
  app.decorate('media', options.mediaStorage ?? mediaStorageFrom(env));
  // Writes by other instances (or by hand) arrive as notifications from the products trigger.
  const stopListening = await database.listen('catalogue_changed', (payload) =>
    catalogueNotified(readCacheHolder, payload),
  );
  app.addHook('onClose', () => stopListening());
  app.decorate(
    'mailer',
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, log: app.log }),
  );

  const backgroundJobs = options.backgroundJobs ?? true;
  const sender = backgroundJobs
    ? startOutboxSender({ db: database.db, mailer: app.mailer, log: app.log }, MAIL_ROUND_MS)
    : undefined;
  if (sender) app.addHook('preClose', () => sender.stop());
  // Pages of the order lists, dropped by every order change: here by the orders service, from
  // other instances (or by hand) by the orders trigger's notification (decision 007).
  const orderLists =
    env.ORDER_LIST_CACHE_MB > 0
      ? createReadCache<CachedOrderPage>({
          maxBytes: env.ORDER_LIST_CACHE_MB * 1024 * 1024,
          maxAgeMs: options.readCacheMaxAgeMs ?? 5_000,
        })
      : undefined;
  if (orderLists) {
    app.addHook('onClose', () => orderLists.close());
    const stopListeningToOrders = await database.listen('orders_changed', () => orderLists.invalidate());
    app.addHook('onClose', () => stopListeningToOrders());
  }
  const orders: OrdersContext = {
    db: database.db,
    publicUrl: app.publicUrl,
    settings: orderSettingsFrom(env),
    ...(sender ? { mailWritten: sender.wake } : {}),
    ...(orderLists ? { lists: orderLists } : {}),
    stockChanged: (change) => readCache.stockChanged(change),
  };
  app.decorate('orders', orders);
  const payments: PaymentsContext = {
    orders,
    log: app.log,
    ...(env.SSLCOMMERZ_STORE_ID && env.SSLCOMMERZ_STORE_PASSWORD
      ? {
          sslcommerz: {
            client: createSslcommerzClient({
              baseUrl: env.SSLCOMMERZ_URL,
              storeId: env.SSLCOMMERZ_STORE_ID,
              storePassword: env.SSLCOMMERZ_STORE_PASSWORD,
            }),
          },
        }
      : {}),
  };
  app.decorate('payments', {
    context: payments,
    start: (checkoutId: string) => startSslcommerz(payments, checkoutId),
  });
  if (backgroundJobs)
    repeatInBackground(app, EXPIRY_ROUND_MS, () =>
      expireHolds(orders)
        .then((cancelled) => {
          if (cancelled > 0) app.log.info({ cancelled }, 'unpaid orders expired');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'order expiry failed')),
    );
  const maintain = database.maintain;
  if (backgroundJobs && maintain)
    repeatInBackground(app, MAINTENANCE_ROUND_MS, () =>
      maintain()
        .then(({ tables, checkpointedWalBytes }) => {
          if (tables.length > 0) app.log.info({ tables }, 'embedded database vacuumed');
          if (checkpointedWalBytes > 0)
            app.log.info({ walBytes: checkpointedWalBytes }, 'embedded database checkpointed');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'embedded database maintenance failed')),
    );

  const identity = createIdentity({
    db: database.db,
    env,
    secret: authSecret,
    publicUrl: app.publicUrl,
    mailer: app.mailer,
    rateLimits: createRateLimitStore(database.db),
    log: app.log,
  });
  app.decorate('identity', identity);
  try {
    await seedAccounts({
      identity,
      db: database.db,
      env,
      log: app.log,
      demoCustomer: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
    });
  } catch (error) {
    await app.close();
    throw error;
  }

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  const headerOptions = {
    // HSTS and upgrade-insecure-requests only in production over HTTPS.
    https: env.NODE_ENV === 'production' && app.publicUrl.startsWith('https://'),
    imageOrigins: app.media.origin ? [app.media.origin] : [],
  };
  await app.register(responseHeadersPlugin, headerOptions);
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(accessPlugin);

  await app.register(
    async (api) => {
      await api.register(rateLimitPlugin, { max: env.RATE_LIMIT_MAX, redisUrl: env.REDIS_URL });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(healthRoutes);
      await api.register(productsRoutes);
      await api.register(imagesRoutes);
      await api.register(categoriesRoutes);
      await api.register(reviewsRoutes);
      await api.register(ordersRoutes);
      await api.register(checkoutRoutes);
      await api.register(cartRoutes);
      await api.register(paymentsRoutes);
      await api.register(usersRoutes);
    },
    { prefix: '/api' },
  );

  if (app.media.kind === 'local') await app.register(mediaRoutes, { dataDir: env.DATA_DIR });
  await app.register(pagesRoutes, { root: join(projectRoot(), 'dist/web') });
  await app.register(spaPlugin, { root: join(projectRoot(), 'dist/web') });

  const requestLog = env.REQUEST_LOG ?? true;
  const clientAddress = (request: IncomingMessage) =>
    proxies ? proxyAddr(request, proxies) : request.socket.remoteAddress;
  cachedReads = {
    answerFor: (url) => {
      const key = cachedReadKey(url);
      return key === undefined ? undefined : readCache.peek(key);
    },
    headers: answerHeaders(headerOptions).apiAnswer,
    log: (request, ms) => {
      if (!requestLog) return;
      writeRequestLine(app.log, {
        reqId: nextRequestId(),
        method: 'GET',
        url: request.url ?? '',
        statusCode: 200,
        ms,
        ip: clientAddress(request),
      });
    },
  };
  app.addHook('preClose', () => {
    cachedReads = undefined;
  });
  return app;
}

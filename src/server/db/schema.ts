import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

// One schema for PGlite and PostgreSQL (docs/decisions/004-embedded-database-and-lock.md). Money is integer cents.
// The identity tables follow Better Auth's model (user, session, account, verification,
// rateLimit); the drizzle adapter maps them by the TypeScript keys below.

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** Photo from the identity (photoURL); the spec's avatar is synced separately. */
  image: text('image'),
  role: text('role').notNull().default('user'),
  avatar: text('avatar').notNull().default(''),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  linkedIn: text('linked_in').notNull().default(''),
  facebook: text('facebook').notNull().default(''),
  /** The language the customer last used ('en' or 'bn'): their mails go out in it (docs/decisions/024). */
  locale: text('locale').notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * The category every product starts in (docs/decisions/020-catalogue-search.md): the spec's Add a
 * Product form has no category field, so a product added there, and every product that existed
 * before categories, lands here. Created by the migration; it can be renamed, never removed.
 */
export const UNCATEGORISED_ID = '00000000-0000-4000-8000-000000000001';

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The URL form of the name (?category=hand-tools); unique. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** The Bengali name, shown on Bengali pages; null shows the English one (docs/decisions/028). */
  nameBn: text('name_bn'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .default(UNCATEGORISED_ID)
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    description: text('description').notNull(),
    /** Bengali name and description for Bengali pages; null shows the English (docs/decisions/028). */
    nameBn: text('name_bn'),
    descriptionBn: text('description_bn'),
    minOrder: integer('min_order').notNull(),
    stock: integer('stock').notNull(),
    img: text('img').notNull(),
    rating: real('rating').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The last line of defence against oversell: stock can never go negative.
    check('products_stock_non_negative', sql`${table.stock} >= 0`),
    check('products_price_positive', sql`${table.priceCents} > 0`),
    check('products_min_order_positive', sql`${table.minOrder} >= 1`),
    // Lists sort by (created_at, id) and page with LIMIT/OFFSET: the index holds that whole
    // order, so a page is read straight off it even when many rows share one timestamp.
    index('products_created_at_idx').on(table.createdAt, table.id),
    // Keyset paging of GET /api/products for each sort, and the newest of one category.
    // The search columns and their GIN indexes are in migration 0004's
    // hand-written part: drizzle-kit does not model them.
    index('products_category_created_idx').on(table.categoryId, table.createdAt, table.id),
    index('products_price_idx').on(table.priceCents, table.id),
    index('products_rating_idx').on(table.rating, table.id),
  ],
);

/**
 * A picture uploaded for a product (docs/decisions/027-product-images.md): stored as WebP at a
 * few widths under content-addressed names `<hash>-<width>w.webp`. The product's `img` is the
 * address of the newest picture's widest version.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The content hash the stored names start with. */
    hash: text('hash').notNull(),
    /** The widest stored version's size in pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    /** The product's `img` before this picture became it: given back when the last picture goes. */
    previousImg: text('previous_img').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId, table.createdAt),
    index('product_images_hash_idx').on(table.hash),
  ],
);

/**
 * One checkout: who bought, where it goes, how it is paid, and the money owed for all its
 * orders (docs/decisions/017-order-model-and-lifecycle.md). Every order belongs to one.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    /** One of the 64 districts; null for the single-product order of the spec. */
    district: text('district'),
    paymentMethod: text('payment_method').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('checkouts_user_id_idx').on(table.userId, table.createdAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the product is deleted; the order keeps its own copy of name, image and price. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    img: text('img').notNull(),
    priceCents: integer('price_cents').notNull(),
    paid: boolean('paid').notNull().default(false),
    /** src/shared/order-lifecycle.ts; `paid` always agrees with it. */
    status: text('status').notNull().default('placed'),
    checkoutId: uuid('checkout_id').references(() => checkouts.id, { onDelete: 'set null' }),
    paymentMethod: text('payment_method').notNull().default('bank-transfer'),
    /** An unpaid order holds its stock until then; the expiry job cancels it afterwards. */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    carrier: text('carrier'),
    tracking: text('tracking'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} >= 1`),
    check(
      'orders_status_known',
      sql`${table.status} in ('placed','paid','processing','shipped','delivered','cancelled','refunded')`,
    ),
    index('orders_checkout_id_idx').on(table.checkoutId),
    index('orders_status_idx').on(table.status, table.createdAt, table.id),
    // The expiry job reads the unpaid orders whose hold has run out.
    index('orders_hold_until_idx')
      .on(table.holdUntil)
      .where(sql`${table.status} = 'placed' and ${table.holdUntil} is not null`),
    index('orders_email_idx').on(table.email, table.createdAt, table.id),
    // "My orders" reads by owner (GET /api/order?email= resolves to the account id).
    index('orders_user_id_idx').on(table.userId, table.createdAt, table.id),
    index('orders_created_at_idx').on(table.createdAt, table.id),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    avatar: text('avatar').notNull(),
    message: text('message').notNull(),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('reviews_created_at_idx').on(table.createdAt, table.id),
  ],
);

/** Every change of an order's status, oldest first: who, when, from, to, note. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user id of the person, or null for the shop itself (expiry, payment gateway). */
    actorId: text('actor_id'),
    /** 'customer', 'admin', 'system' or 'payment'. */
    actor: text('actor').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
  },
  (table) => [index('order_events_order_id_idx').on(table.orderId, table.id)],
);

/** A signed-in customer's cart: one row per product. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    check('cart_items_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

/**
 * Mail written in the same transaction as the change it tells of; the outbox sender delivers
 * it (docs/decisions/018-mail-outbox.md).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What the mail is about, e.g. 'order-shipped'; tests and the admin read it. */
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Not tried again before this; a sender that claims a mail moves it forward (a lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/**
 * Every payment attempt with an outside gateway, unique per (provider, transaction id), so a
 * repeated notification finds the row it already settled (docs/decisions/019-payment-flow.md).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** 'pending', 'paid', 'failed' or 'cancelled'. */
    status: text('status').notNull().default('pending'),
    /** The gateway's validation id of the payment that settled it. */
    validationId: text('validation_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_provider_transaction_idx').on(table.provider, table.transactionId),
    index('payments_checkout_id_idx').on(table.checkoutId),
  ],
);

import { and, asc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { centsToDollars, orderTotalCents } from '../../../shared/money.ts';
import { quantityProblem } from '../../../shared/rules.ts';
import type { OrderStatus, PaymentMethod } from '../../../shared/order-lifecycle.ts';
import type { Order, OrderEvent } from '../../../shared/schemas/order.schema.ts';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import type { JsonPage, Page } from '../../lib/listing.ts';
import type { StockChange } from '../../lib/read-cache.ts';
import { checkouts, orderEvents, orders, products, users } from '../../db/schema.ts';
import type { Locale } from '../../../shared/i18n/locale.ts';
import { enqueueMail, type OutgoingMail } from '../mail/outbox.repository.ts';

// The only place the orders module touches Drizzle. Stock lives on the products row and is
// changed here, in the same transaction as the orders, their history and their mail
// (docs/decisions/003-stock-and-order-rules.md, 017-order-model-and-lifecycle.md).

type OrderRow = typeof orders.$inferSelect;

/** A row to the spec's Order DTO plus status: string _id, dollars from integer cents, exact total. */
export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    productId: row.productId,
    name: row.name,
    email: row.email,
    productName: row.productName,
    quantity: row.quantity,
    phone: row.phone,
    address: row.address,
    img: row.img,
    price: centsToDollars(row.priceCents),
    total: centsToDollars(orderTotalCents(row.quantity, row.priceCents)),
    paid: row.paid,
    status: row.status as OrderStatus,
    paymentMethod: row.paymentMethod as PaymentMethod,
    checkoutId: row.checkoutId,
    createdAt: row.createdAt.toISOString(),
    holdUntil: row.holdUntil?.toISOString() ?? null,
  };
}

export type StoredOrder = OrderRow;

export interface CheckoutLine {
  productId: string;
  quantity: number;
}

export interface NewCheckout {
  userId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  district: string | null;
  paymentMethod: PaymentMethod;
  currency: string;
  lines: CheckoutLine[];
  /** When unpaid orders give their stock back; null holds nothing (cash on delivery). */
  holdUntil: Date | null;
  /** The most units one account may hold unpaid, this checkout included. */
  unpaidCap: number;
  /** Mails to write with the checkout, given its orders. */
  mails: (placed: { checkoutId: string; orders: Order[] }) => OutgoingMail[];
}

export type CheckoutResult =
  | { kind: 'placed'; checkoutId: string; orders: Order[]; stock: StockChange }
  | { kind: 'product-not-found'; productId: string }
  /** A line's conditional decrement matched nothing: the quantity breaks minOrder or stock. */
  | { kind: 'rejected'; productId: string; product: { minOrder: number; stock: number } }
  | { kind: 'unpaid-cap'; unpaid: number; cap: number };

/** Thrown inside a transaction to roll it back and carry the reason out. */
class Abort extends Error {
  constructor(readonly result: Exclude<CheckoutResult, { kind: 'placed' }>) {
    super(result.kind);
  }
}

/** Lines for the same product become one; products are locked in id order (no deadlocks). */
function mergeLines(lines: CheckoutLine[]): CheckoutLine[] {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  return [...merged.entries()]
    .map(([productId, quantity]) => ({ productId, quantity }))
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/** Units this account holds in orders not yet paid (placed, or cash on delivery under way). */
async function unpaidUnits(tx: Tx | Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ units: sql<string | null>`sum(${orders.quantity})` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paid, false),
        inArray(orders.status, ['placed', 'processing', 'shipped']),
      ),
    );
  return Number(row?.units ?? 0);
}

/**
 * Takes every line's units in one statement, or aborts with the first line it could not take.
 * The rows are locked in id order (FOR NO KEY UPDATE, which the orders' foreign keys do not
 * wait for), so checkouts sharing products cannot deadlock; PostgreSQL re-checks each condition
 * on the newest row once it holds the lock. Says which products changed, and whether one ran
 * out (each line takes at least one unit, so a stock left at 0 was above it).
 */
async function takeStock(tx: Tx, lines: Array<CheckoutLine & { priceCents: number }>): Promise<StockChange> {
  const wanted = sql.join(
    lines.map((line) => sql`(${line.productId}::uuid, ${line.quantity}::int, ${line.priceCents}::int)`),
    sql`, `,
  );
  const took = rowsOf<{ id: string; stock: number }>(
    await tx.execute(sql`
      update ${products} p set stock = p.stock - w.quantity
      from (
        select l.id, w.quantity, w.price_cents
        from (values ${wanted}) w (id, quantity, price_cents)
        join ${products} l on l.id = w.id
        order by l.id
        for no key update of l
      ) w
      where p.id = w.id and p.stock >= w.quantity and p.min_order <= w.quantity
        and p.price_cents = w.price_cents
      returning p.id, p.stock`),
  );
  if (took.length === lines.length)
    return { products: took.map((row) => row.id), availability: took.some((row) => row.stock === 0) };
  const missed = lines.find((line) => !took.some((row) => row.id === line.productId))!;
  const [current] = await tx
    .select({ minOrder: products.minOrder, stock: products.stock })
    .from(products)
    .where(eq(products.id, missed.productId))
    .limit(1);
  // A line whose rules still pass on this read lost a race with a price change or a returned
  // unit: the caller tries the checkout again (orders.service.ts).
  throw new Abort(
    current
      ? { kind: 'rejected', productId: missed.productId, product: current }
      : { kind: 'product-not-found', productId: missed.productId },
  );
}

/**
 * One checkout in one transaction. The products are read first, without a lock; the checkout,
 * its orders, their first history entries and the mails are written from that read; then every
 * line takes its stock in one conditional UPDATE (minOrder <= quantity <= stock, and the price
 * still the one read, re-checked by PostgreSQL on the locked rows, which it locks in id order).
 * So the product rows, which every buyer of a popular tool shares, stay locked only for that
 * statement and the commit. Any line that fails rolls the whole checkout back: all or nothing.
 * The account's unpaid units are counted under a per-account advisory lock, so two checkouts
 * of one account cannot both pass the cap.
 */
export async function placeCheckout(db: Db, input: NewCheckout): Promise<CheckoutResult> {
  const lines = mergeLines(input.lines);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'unpaid:' + input.userId}))`);
      const requested = lines.reduce((sum, line) => sum + line.quantity, 0);
      const unpaid = await unpaidUnits(tx, input.userId);
      if (unpaid + requested > input.unpaidCap)
        throw new Abort({ kind: 'unpaid-cap', unpaid, cap: input.unpaidCap });

      const read = await tx
        .select({
          id: products.id,
          name: products.name,
          img: products.img,
          priceCents: products.priceCents,
          minOrder: products.minOrder,
          stock: products.stock,
        })
        .from(products)
        .where(
          inArray(
            products.id,
            lines.map((line) => line.productId),
          ),
        );
      const byId = new Map(read.map((product) => [product.id, product]));
      const taken = lines.map((line) => {
        const product = byId.get(line.productId);
        if (!product) throw new Abort({ kind: 'product-not-found', productId: line.productId });
        // Refused early on what was read; the UPDATE below decides on the locked rows.
        if (quantityProblem(line.quantity, product))
          throw new Abort({ kind: 'rejected', productId: line.productId, product });
        return { ...line, name: product.name, img: product.img, priceCents: product.priceCents };
      });

      const totalCents = taken.reduce(
        (sum, line) => sum + orderTotalCents(line.quantity, line.priceCents),
        0,
      );
      const [checkout] = await tx
        .insert(checkouts)
        .values({
          userId: input.userId,
          name: input.name,
          email: input.email,
          phone: input.phone,
          address: input.address,
          district: input.district,
          paymentMethod: input.paymentMethod,
          totalCents,
          currency: input.currency,
        })
        .returning({ id: checkouts.id });
      if (!checkout) throw new Error('checkout insert returned no row');

      const holdUntil = input.paymentMethod === 'cod' ? null : input.holdUntil;
      const rows = await tx
        .insert(orders)
        .values(
          taken.map((line) => ({
            productId: line.productId,
            userId: input.userId,
            name: input.name,
            email: input.email,
            productName: line.name,
            quantity: line.quantity,
            phone: input.phone,
            address: input.address,
            img: line.img,
            priceCents: line.priceCents,
            checkoutId: checkout.id,
            paymentMethod: input.paymentMethod,
            holdUntil,
            // Cash on delivery needs no payment first: the order is prepared at once.
            status: (input.paymentMethod === 'cod' ? 'processing' : 'placed') as OrderStatus,
          })),
        )
        .returning();
      const events = rows.flatMap((row) => [
        { orderId: row.id, actor: 'customer', actorId: input.userId, fromStatus: null, toStatus: 'placed' },
        ...(row.status === 'processing'
          ? [
              {
                orderId: row.id,
                actor: 'system',
                actorId: null,
                fromStatus: 'placed',
                toStatus: 'processing',
                note: 'Cash on delivery',
              },
            ]
          : []),
      ]);
      await tx.insert(orderEvents).values(events);
      // In the order every later read lists a checkout's orders (created together: by id).
      const placed = rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(toOrder);
      for (const mail of input.mails({ checkoutId: checkout.id, orders: placed }))
        await enqueueMail(tx, mail);
      const stock = await takeStock(tx, taken);
      return { kind: 'placed' as const, checkoutId: checkout.id, orders: placed, stock };
    });
  } catch (error) {
    if (error instanceof Abort) return error.result;
    throw error;
  }
}

export async function findOrder(db: Db | Tx, id: string): Promise<StoredOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function listEvents(db: Db, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    actor: row.actor as OrderEvent['actor'],
    from: (row.fromStatus as OrderStatus | null) ?? null,
    to: row.toStatus as OrderStatus,
    note: row.note,
  }));
}

export interface Transition {
  to: OrderStatus;
  paid: boolean;
  returnStock: boolean;
  actor: string;
  actorId: string | null;
  note: string | null;
  carrier?: string | null;
  tracking?: string | null;
}

export type TransitionResult =
  /** `stock` when the move gave the order's units back to its product. */
  | { kind: 'moved'; before: StoredOrder; after: StoredOrder; stock?: StockChange }
  | { kind: 'not-found' }
  | { kind: 'refused'; current: StoredOrder };

/**
 * Moves one order under its row lock: `decide` sees the locked row and returns the move or
 * null (refused). Status, paid flag, stock, history and mail change together or not at all.
 */
export async function transitionOrder(
  db: Db,
  id: string,
  decide: (current: StoredOrder) => Transition | null,
  mails: (after: StoredOrder) => OutgoingMail[],
): Promise<TransitionResult> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update').limit(1);
    if (!current) return { kind: 'not-found' as const };
    const move = decide(current);
    if (!move) return { kind: 'refused' as const, current };
    const [after] = await tx
      .update(orders)
      .set({
        status: move.to,
        paid: move.paid,
        holdUntil: null,
        updatedAt: sql`now()`,
        ...(move.carrier !== undefined ? { carrier: move.carrier } : {}),
        ...(move.tracking !== undefined ? { tracking: move.tracking } : {}),
      })
      .where(eq(orders.id, id))
      .returning();
    if (!after) throw new Error('order update returned no row');
    // Back from 0 when the stock is now just the units given back (an order holds at least one).
    const [returned] =
      move.returnStock && current.productId
        ? await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${current.quantity}` })
            .where(eq(products.id, current.productId))
            .returning({ id: products.id, stock: products.stock })
        : [];
    await tx.insert(orderEvents).values({
      orderId: id,
      actor: move.actor,
      actorId: move.actorId,
      fromStatus: current.status,
      toStatus: move.to,
      note: move.note,
    });
    for (const mail of mails(after)) await enqueueMail(tx, mail);
    return {
      kind: 'moved' as const,
      before: current,
      after,
      ...(returned
        ? { stock: { products: [returned.id], availability: returned.stock === current.quantity } }
        : {}),
    };
  });
}

/** Filters for the order lists; cancelled orders are left out unless asked for by status. */
export interface OrderFilter {
  userId?: string;
  email?: string;
  status?: OrderStatus;
}

function filterWhere(filter: OrderFilter): SQL | undefined {
  return and(
    filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
    filter.email === undefined ? undefined : eq(orders.email, filter.email),
    filter.status === undefined ? ne(orders.status, 'cancelled') : eq(orders.status, filter.status),
  );
}

/**
 * One page of orders, newest first, the id breaking ties, as JSON text in the Order DTO's exact
 * shape (the fields and values toOrder gives). The page starts right after its `after` position
 * on the (created_at, id) index however deep the list goes; one row more is read to learn
 * whether another page follows.
 */
export async function listOrdersJson(db: Db, filter: OrderFilter, page: Page): Promise<JsonPage> {
  const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const [row] = rowsOf<{ json: string; rows: number; key: string | null; id: string | null }>(
    await db.execute(sql`
      select coalesce(string_agg(d.doc::text, ',' order by p.n) filter (where p.n <= ${page.limit}), '') as json,
             count(*)::int as rows,
             max(p.key) filter (where p.n = ${page.limit}) as key,
             max(p.id::text) filter (where p.n = ${page.limit}) as id
      from (
        select row_number() over (order by ${orders.createdAt} desc, ${orders.id} desc) as n,
               ${orders.createdAt}::text as key, ${orders}.*
        from ${orders}
        where ${and(
          filterWhere(filter),
          page.after
            ? sql`(${orders.createdAt}, ${orders.id}) < (${page.after.key}::timestamptz, ${page.after.id}::uuid)`
            : undefined,
        )}
        order by ${orders.createdAt} desc, ${orders.id} desc
        limit ${page.limit + 1} offset ${page.offset}
      ) p
      cross join lateral (
        select row_to_json(o) as doc from (
          select p.id as "_id", p.product_id as "productId", p.name, p.email,
                 p.product_name as "productName", p.quantity, p.phone, p.address, p.img,
                 (p.price_cents / 100.0)::float8 as price,
                 (p.quantity::bigint * p.price_cents / 100.0)::float8 as total,
                 p.paid, p.status, p.payment_method as "paymentMethod", p.checkout_id as "checkoutId",
                 ${iso(sql`p.created_at`)} as "createdAt", ${iso(sql`p.hold_until`)} as "holdUntil"
        ) o
      ) d`),
  );
  const { json, rows, key, id } = row!;
  return { json: `[${json}]`, more: rows > page.limit, ...(key && id ? { last: { key, id } } : {}) };
}

/** Ids of unpaid orders whose hold ran out before `now`, oldest first. */
export async function expiredHolds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'placed'), lt(orders.holdUntil, now)))
    .orderBy(asc(orders.holdUntil))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function findCheckout(db: Db, id: string) {
  const [checkout] = await db.select().from(checkouts).where(eq(checkouts.id, id)).limit(1);
  if (!checkout) return null;
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.checkoutId, id))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return { checkout, orders: rows };
}
export type StoredCheckout = NonNullable<Awaited<ReturnType<typeof findCheckout>>>;

/** The language the customer last used (docs/decisions/024), for what the shop writes to them. */
export async function customerLocale(db: Db, userId: string | null): Promise<Locale> {
  if (!userId) return 'en';
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.locale === 'bn' ? 'bn' : 'en';
}

/** The Bengali names the catalogue gives these products, where it gives one. */
export async function bengaliNames(db: Db, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, nameBn: products.nameBn })
    .from(products)
    .where(inArray(products.id, productIds));
  return new Map(rows.flatMap((row) => (row.nameBn ? [[row.id, row.nameBn] as [string, string]] : [])));
}

/** The language of the customer an order belongs to (English when the account is gone). */
export async function orderCustomerLocale(db: Db, orderId: string): Promise<Locale> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return customerLocale(db, row?.userId ?? null);
}

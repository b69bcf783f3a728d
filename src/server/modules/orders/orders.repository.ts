import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { centsToDollars, orderTotalCents } from '../../../shared/money.ts';
import type { Order } from '../../../shared/schemas/order.schema.ts';
import type { Db } from '../../db/client.ts';
import type { Page } from '../../lib/listing.ts';
import { orders, products } from '../../db/schema.ts';

// The only place the orders module touches Drizzle. Stock lives on the products row and
// is changed here, inside the same transaction as the order insert or delete
// (docs/decisions/003-stock-and-order-rules.md).

type OrderRow = typeof orders.$inferSelect;

/** What ownership and state checks need to know about a stored order. */
export interface StoredOrder {
  id: string;
  userId: string | null;
  email: string;
  paid: boolean;
}

export interface NewOrder {
  productId: string;
  quantity: number;
  userId: string;
  name: string;
  email: string;
  phone: string;
  address: string;
}

export type PlaceOrderResult =
  | { kind: 'placed'; orderId: string }
  | { kind: 'product-not-found' }
  /** The conditional decrement matched nothing: the quantity breaks minOrder or stock. */
  | { kind: 'rejected'; product: { minOrder: number; stock: number } };

/** A row to the spec's Order DTO: string _id, dollars from integer cents, exact total. */
function toOrder(row: OrderRow): Order {
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
  };
}

export function createOrdersRepository(db: Db) {
  /** One page of the orders `where` selects (all without it), newest first; the id breaks ties. */
  async function listNewestFirst(where: SQL | undefined, page: Page): Promise<Order[]> {
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(toOrder);
  }

  return {
    /**
     * One statement takes the stock and writes the order: a conditional UPDATE in a CTE takes
     * the units only when minOrder <= quantity <= stock, and the INSERT copies the product's
     * name, image and unit price from the row it just updated. Two concurrent orders can never
     * both take the last units (PostgreSQL re-checks the WHERE after the row lock; PGlite runs
     * one statement at a time), and the row lock lasts one statement rather than a
     * transaction's round trips, which is what lets many customers order one product at once
     * (bench/orders.bench.ts).
     */
    async placeOrder(order: NewOrder): Promise<PlaceOrderResult> {
      // Both drivers answer execute() with { rows }; the shared Db type leaves it unknown.
      const placed = (await db.execute(sql`
        with taken as (
          update ${products}
          set stock = ${products.stock} - ${order.quantity}
          where ${products.id} = ${order.productId}
            and ${products.stock} >= ${order.quantity}
            and ${products.minOrder} <= ${order.quantity}
          returning ${products.id} as product_id, ${products.name} as product_name,
                    ${products.img} as img, ${products.priceCents} as price_cents
        )
        insert into ${orders} (product_id, user_id, name, email, product_name, quantity, phone,
                               address, img, price_cents)
        select product_id, ${order.userId}, ${order.name}, ${order.email}, product_name,
               ${order.quantity}, ${order.phone}, ${order.address}, img, price_cents
        from taken
        returning id`)) as unknown as { rows: Array<{ id: string }> };
      const inserted = placed.rows[0];
      if (inserted) return { kind: 'placed', orderId: inserted.id };
      const [current] = await db
        .select({ minOrder: products.minOrder, stock: products.stock })
        .from(products)
        .where(eq(products.id, order.productId))
        .limit(1);
      return current ? { kind: 'rejected', product: current } : { kind: 'product-not-found' };
    },

    async findOrder(id: string): Promise<StoredOrder | null> {
      const [row] = await db
        .select({ id: orders.id, userId: orders.userId, email: orders.email, paid: orders.paid })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return row ?? null;
    },

    listOrdersOfUser(userId: string, page: Page): Promise<Order[]> {
      return listNewestFirst(eq(orders.userId, userId), page);
    },

    listOrdersByEmail(email: string, page: Page): Promise<Order[]> {
      return listNewestFirst(eq(orders.email, email), page);
    },

    listAllOrders(page: Page): Promise<Order[]> {
      return listNewestFirst(undefined, page);
    },

    /**
     * Deletes the order when it still matches the conditions (so a concurrent "mark paid"
     * cannot slip between the check and the delete) and, in the same transaction, gives an
     * unpaid order's quantity back to its product. A deleted product has nothing to return.
     * Returns null when nothing matched.
     */
    async removeOrder(
      id: string,
      conditions: { onlyUnpaid: boolean; ownerId?: string },
    ): Promise<{ paid: boolean; restocked: boolean } | null> {
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(orders)
          .where(
            and(
              eq(orders.id, id),
              conditions.onlyUnpaid ? eq(orders.paid, false) : undefined,
              conditions.ownerId === undefined ? undefined : eq(orders.userId, conditions.ownerId),
            ),
          )
          .returning({ productId: orders.productId, quantity: orders.quantity, paid: orders.paid });
        if (!removed) return null;
        let restocked = false;
        if (!removed.paid && removed.productId) {
          const updated = await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${removed.quantity}` })
            .where(eq(products.id, removed.productId))
            .returning({ id: products.id });
          restocked = updated.length > 0;
        }
        return { paid: removed.paid, restocked };
      });
    },

    /** Sets paid; returns how many rows changed (0 when already paid). */
    async markPaid(id: string): Promise<number> {
      const updated = await db
        .update(orders)
        .set({ paid: true })
        .where(and(eq(orders.id, id), eq(orders.paid, false)))
        .returning({ id: orders.id });
      return updated.length;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

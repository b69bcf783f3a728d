import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { centsToDollars, orderTotalCents } from '../../../shared/money.ts';
import type { Order } from '../../../shared/schemas/order.schema.ts';
import type { Db } from '../../db/client.ts';
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
  return {
    /**
     * One conditional UPDATE takes the stock only when minOrder <= quantity <= stock, so two
     * concurrent orders can never both take the last units (PostgreSQL re-checks the WHERE
     * after the row lock; PGlite runs transactions one at a time). The order row copies the
     * product's name, image and unit price from the row just updated.
     */
    async placeOrder(order: NewOrder): Promise<PlaceOrderResult> {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${order.quantity}` })
          .where(
            and(
              eq(products.id, order.productId),
              gte(products.stock, order.quantity),
              lte(products.minOrder, order.quantity),
            ),
          )
          .returning({
            name: products.name,
            img: products.img,
            priceCents: products.priceCents,
          });
        if (!product) {
          const [current] = await tx
            .select({ minOrder: products.minOrder, stock: products.stock })
            .from(products)
            .where(eq(products.id, order.productId))
            .limit(1);
          return current ? { kind: 'rejected', product: current } : { kind: 'product-not-found' };
        }
        const [inserted] = await tx
          .insert(orders)
          .values({
            productId: order.productId,
            userId: order.userId,
            name: order.name,
            email: order.email,
            productName: product.name,
            quantity: order.quantity,
            phone: order.phone,
            address: order.address,
            img: product.img,
            priceCents: product.priceCents,
          })
          .returning({ id: orders.id });
        if (!inserted) throw new Error('order insert returned nothing');
        return { kind: 'placed', orderId: inserted.id };
      });
    },

    async findOrder(id: string): Promise<StoredOrder | null> {
      const [row] = await db
        .select({ id: orders.id, userId: orders.userId, email: orders.email, paid: orders.paid })
        .from(orders)
        .where(eq(orders.id, id))
        .limit(1);
      return row ?? null;
    },

    async listOrdersOfUser(userId: string): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toOrder);
    },

    async listOrdersByEmail(email: string): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.email, email))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toOrder);
    },

    async listAllOrders(): Promise<Order[]> {
      const rows = await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map(toOrder);
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

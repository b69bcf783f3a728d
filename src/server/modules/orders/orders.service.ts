import { normalizeEmail, sameEmail } from '../../../shared/email.ts';
import { messages } from '../../../shared/messages.ts';
import { quantityProblem } from '../../../shared/rules.ts';
import type { Order, OrderInput } from '../../../shared/schemas/order.schema.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Page } from '../../lib/listing.ts';
import type { Account } from '../users/account.ts';
import type { OrdersRepository } from './orders.repository.ts';

// The order rules of spec sections 4, 5 and 9 with the holes design.md fills
// (docs/decisions/003-stock-and-order-rules.md):
// - an order is placed for the signed-in account; name, email, product name, image and
//   unit price never come from the request body;
// - minOrder <= quantity <= stock, and stock is taken in the same transaction as the insert;
// - a customer cancels only their own unpaid order, and cancelling gives the stock back;
// - an admin may remove any order; only an unpaid one gives stock back (a paid sale stands);
// - only an admin marks an order paid.

/** How often placement is retried when the product changed between the decrement and the re-read. */
const PLACE_ATTEMPTS = 3;

export const paidOrderLocked = () =>
  new AppError('CONFLICT', 'A paid order cannot be cancelled', { rule: 'paid-order' });

export function createOrdersService(repository: OrdersRepository) {
  return {
    async placeOrder(account: Account, input: OrderInput): Promise<{ insertedId: string }> {
      for (let attempt = 1; attempt <= PLACE_ATTEMPTS; attempt += 1) {
        const result = await repository.placeOrder({
          productId: input.productId,
          quantity: input.quantity,
          userId: account.id,
          name: account.name,
          email: account.email,
          phone: input.phone,
          address: input.address,
        });
        if (result.kind === 'placed') return { insertedId: result.orderId };
        if (result.kind === 'product-not-found') throw notFound('Product');
        // The same words the order form shows (section 5), so the page can show them as-is.
        const problem = quantityProblem(input.quantity, result.product);
        if (problem === 'out-of-stock')
          throw new AppError('CONFLICT', messages.outOfStock, { rule: 'stock', stock: result.product.stock });
        if (problem === 'below-minimum')
          throw new AppError('UNPROCESSABLE', messages.belowMinimumOrder, {
            rule: 'minimum-order',
            minOrder: result.product.minOrder,
          });
        // Neither rule fails on the row read back: another transaction changed the stock
        // between our decrement and that read (a cancellation returned units). Try again.
      }
      throw new AppError('CONFLICT', messages.outOfStock, { rule: 'stock' });
    },

    /** GET /api/order?email=: one's own orders; an admin may read anyone's. */
    async listOrders(account: Account, email: string, page: Page): Promise<Order[]> {
      if (sameEmail(email, account.email)) return repository.listOrdersOfUser(account.id, page);
      if (!account.isAdmin) throw forbidden('You can only read your own orders');
      return repository.listOrdersByEmail(normalizeEmail(email), page);
    },

    listAllOrders(page: Page): Promise<Order[]> {
      return repository.listAllOrders(page);
    },

    /** DELETE /api/order/{id}: cancel (customer, own unpaid order) or remove (admin, any order). */
    async removeOrder(account: Account, id: string): Promise<{ deletedCount: number }> {
      const order = await repository.findOrder(id);
      if (!order) throw notFound('Order');
      if (account.isAdmin) {
        const removed = await repository.removeOrder(id, { onlyUnpaid: false });
        if (!removed) throw notFound('Order');
        return { deletedCount: 1 };
      }
      // Ownership is by account id: the order's email is a copy for display.
      if (order.userId !== account.id) throw forbidden('You can only cancel your own orders');
      if (order.paid) throw paidOrderLocked();
      // The delete repeats both conditions, so an order marked paid in the meantime stays.
      const removed = await repository.removeOrder(id, { onlyUnpaid: true, ownerId: account.id });
      if (removed) return { deletedCount: 1 };
      const now = await repository.findOrder(id);
      if (!now) throw notFound('Order');
      throw paidOrderLocked();
    },

    /** PATCH /api/order/{id} {paid: true}: admin only (checked by the route). Idempotent. */
    async markPaid(id: string): Promise<{ modifiedCount: number }> {
      const order = await repository.findOrder(id);
      if (!order) throw notFound('Order');
      return { modifiedCount: await repository.markPaid(id) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;

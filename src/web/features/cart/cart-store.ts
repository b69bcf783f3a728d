import { useSyncExternalStore } from 'react';
import { apiFetch } from '../../lib/api-client.ts';

// The cart: a visitor's lives in this browser (localStorage); a signed-in customer's on the
// server (GET/PUT /api/cart), so it follows them to another device. On sign-in the two merge:
// each product keeps the larger quantity, so a cart synced before is not counted twice.
// A plain store (no query library): the navbar shows the count on every page.

export interface CartItem {
  productId: string;
  quantity: number;
}

const STORAGE_KEY = 'cart';
type Listener = () => void;

let items: CartItem[] = readLocal();
let signedIn = false;
const listeners = new Set<Listener>();
const EMPTY: CartItem[] = [];

function readLocal(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is CartItem =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as CartItem).productId === 'string' &&
        Number.isInteger((item as CartItem).quantity) &&
        (item as CartItem).quantity > 0,
    );
  } catch {
    return [];
  }
}

function writeLocal(next: CartItem[]) {
  try {
    if (next.length === 0) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart lives for this page only.
  }
}

function publish(next: CartItem[], save = true) {
  items = next;
  listeners.forEach((listener) => listener());
  if (!save) return;
  if (signedIn) void apiFetch('/cart', { method: 'PUT', body: { items: next } }).catch(() => undefined);
  else writeLocal(next);
}

export function mergeCarts(a: CartItem[], b: CartItem[]): CartItem[] {
  const merged = new Map<string, number>();
  for (const item of [...a, ...b])
    merged.set(item.productId, Math.max(merged.get(item.productId) ?? 0, item.quantity));
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

export const cart = {
  items: () => items,
  add(productId: string, quantity: number) {
    const current = items.find((item) => item.productId === productId);
    publish(
      current
        ? items.map((item) =>
            item.productId === productId ? { ...item, quantity: item.quantity + quantity } : item,
          )
        : [...items, { productId, quantity }],
    );
  },
  setQuantity(productId: string, quantity: number) {
    if (!Number.isInteger(quantity) || quantity < 1) return;
    publish(items.map((item) => (item.productId === productId ? { ...item, quantity } : item)));
  },
  remove(productId: string) {
    publish(items.filter((item) => item.productId !== productId));
  },
  /** After a checkout: the server already emptied its copy. */
  clearBought(productIds: string[]) {
    publish(
      items.filter((item) => !productIds.includes(item.productId)),
      !signedIn,
    );
  },
  /**
   * Called when the account changes. Signing in merges this browser's cart into the saved one
   * and empties the browser's; signing out starts an empty visitor cart.
   */
  async accountChanged(account: { email: string } | null) {
    if (!account) {
      if (!signedIn) return;
      signedIn = false;
      publish([], false);
      return;
    }
    if (signedIn) return;
    signedIn = true;
    const local = readLocal();
    try {
      const saved = await apiFetch<{ items: CartItem[] }>('/cart');
      const merged = mergeCarts(
        saved.items.map(({ productId, quantity }) => ({ productId, quantity })),
        local,
      );
      writeLocal([]);
      publish(merged, local.length > 0);
    } catch {
      publish(local, false);
    }
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(cart.subscribe, cart.items, () => EMPTY);
}

export function useCartCount(): number {
  return useCartItems().reduce((sum, item) => sum + item.quantity, 0);
}

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a prerendered page is still only HTML (and when the build renders it), true
 * once React runs it. A form drawn by the build must not be sent before then: the browser
 * would send it itself, as a GET with the password in the address (docs/decisions/009).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

// Toasts without react-toastify in the first JavaScript of the light public pages
// (home, blogs, portfolio, the catalogue's pages): the container mounts on the first toast or
// the first page that uses toasts, and the library queues toasts raised before it mounts.
let wanted = false;
const listeners = new Set<() => void>();

export function requestToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    // A prerendered page (prerender.tsx) is drawn before anyone asked for a toast.
    () => false,
  );
}

/** Shows a toast from code that must not import react-toastify eagerly. */
export function showToast(kind: 'success' | 'error' | 'info', message: string): void {
  requestToasts();
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}

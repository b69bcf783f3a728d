import { useEffect, useSyncExternalStore } from 'react';

// The dashboard's menu drawer lives in the dashboard layout, a chunk of its own; its toggle
// lives in the navbar, which is on screen first. The toggle is shown only once the drawer is
// there: a toggle pressed while the layout's code is still loading would do nothing, and the
// menu would never open (a phone on a slow connection or a busy machine).

export const DASHBOARD_DRAWER_ID = 'dashboard-drawer';

let mounted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setMounted(value: boolean) {
  mounted = value;
  for (const listener of listeners) listener();
}

/** True while the dashboard drawer is on the page (false in prerendered HTML). */
export function useDashboardDrawerReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mounted,
    () => false,
  );
}

/** Called by the dashboard layout: its drawer is there while it is mounted. */
export function useRegisterDashboardDrawer(): void {
  useEffect(() => {
    setMounted(true);
    return () => setMounted(false);
  }, []);
}

import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthProvider } from '../../lib/auth-provider.tsx';
import { requestToasts } from '../../lib/toast.ts';
import { server } from '../../../../tests/support/msw.ts';
import { RootLayout } from './root-layout.tsx';

// The frame mounts react-toastify's container (and so downloads the library) only on pages
// that raise toasts themselves, or once something asks for a toast: the light public pages,
// the catalogue's among them, leave it out of the JavaScript a phone evaluates at load.

// The container stands in for itself and counts its renders.
const { containerRenders } = vi.hoisted(() => ({ containerRenders: { count: 0 } }));
vi.mock('./toasts.tsx', () => ({
  default: function Toasts() {
    containerRenders.count += 1;
    return <section aria-label="Notifications" />;
  },
}));

// jsdom does not scroll; the frame scrolls to the top of each new page.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

function renderFrameAt(path: string) {
  server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
  return render(
    <AuthProvider>
      <Router hook={memoryLocation({ path }).hook}>
        <RootLayout>
          <h1>The page</h1>
        </RootLayout>
      </Router>
    </AuthProvider>,
  );
}

describe('RootLayout', () => {
  it('mounts the toast container on pages that raise toasts, and not on the light public pages', async () => {
    // A page that raises toasts: the container's code is fetched and it mounts. From then on the
    // lazy container renders in the same pass as the frame, so its absence below is not a race.
    const login = renderFrameAt('/login');
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    login.unmount();

    for (const path of ['/', '/blogs', '/products', '/product/a-sprayer']) {
      containerRenders.count = 0;
      const light = renderFrameAt(path);
      await act(async () => undefined);
      expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Notifications' }), path).toBeNull();
      expect(containerRenders.count, path).toBe(0);
      light.unmount();
    }
  });

  it('mounts the container on a light page once a toast is asked for', async () => {
    renderFrameAt('/products');
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    act(() => requestToasts());
    expect(await screen.findByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { POPUP_MESSAGE_TYPE, runGooglePopup } from './google-popup.ts';
import { server } from '../../../../../tests/support/msw.ts';

// The Google popup reports back with postMessage; only our own origin may end the wait
// ("same origin check!").

function fakePopup() {
  return { closed: false, location: { href: 'about:blank' }, close: vi.fn() } as unknown as Window & {
    location: { href: string };
  };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

describe('runGooglePopup', () => {
  it('sends the popup to the provider and ignores messages from other origins', async () => {
    server.use(
      http.post('/api/auth/sign-in/social', () =>
        HttpResponse.json({ url: 'https://issuer.example/auth?x=1' }),
      ),
    );
    const popup = fakePopup();
    const result = runGooglePopup(popup);
    await vi.waitFor(() => expect(popup.location.href).toBe('https://issuer.example/auth?x=1'));

    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: { type: POPUP_MESSAGE_TYPE, ok: true },
      }),
    );
    expect(await settled(result)).toBe(false);

    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: POPUP_MESSAGE_TYPE, ok: true },
      }),
    );
    await expect(result).resolves.toBeUndefined();
  });

  it('fails with a readable message when the provider reports an error', async () => {
    server.use(
      http.post('/api/auth/sign-in/social', () => HttpResponse.json({ url: 'https://issuer.example/auth' })),
    );
    const popup = fakePopup();
    const result = runGooglePopup(popup);
    await vi.waitFor(() => expect(popup.location.href).toContain('issuer.example'));
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: POPUP_MESSAGE_TYPE, ok: false, error: 'access_denied' },
      }),
    );
    await expect(result).rejects.toThrow('Google sign-in was cancelled');
  });

  it('closes the popup and reports the server error when sign-in cannot start', async () => {
    server.use(
      http.post('/api/auth/sign-in/social', () =>
        HttpResponse.json({ message: 'Provider not found' }, { status: 404 }),
      ),
    );
    const popup = fakePopup();
    await expect(runGooglePopup(popup)).rejects.toThrow('Provider not found');
    expect(popup.close).toHaveBeenCalled();
  });
});

import { GOOGLE_POPUP } from '../../../../shared/constants.ts';
import { identityRequest } from '../../../lib/identity-client.ts';
import { paths } from '../../../../shared/paths.ts';
import { startGoogleSignIn } from '../api/identity.ts';

// The Google popup of spec sections 2 and 9 (500 x 600). The popup ends on /auth/popup,
// which reports back to this window; design notes in docs/decisions/001.

export const POPUP_MESSAGE_TYPE = 'agritools:google-sign-in';
/** Same-origin fallback when a provider page severs window.opener (COOP). */
export const POPUP_CHANNEL = 'agritools-google-sign-in';

export interface PopupResult {
  type: typeof POPUP_MESSAGE_TYPE;
  ok: boolean;
  error?: string;
}

export const isPopupResult = (data: unknown): data is PopupResult =>
  typeof data === 'object' && data !== null && (data as PopupResult).type === POPUP_MESSAGE_TYPE;

/** Must run synchronously inside the click handler, or the browser blocks the popup. */
export function openGooglePopup(): Window | null {
  const { width, height } = GOOGLE_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(
    'about:blank',
    'google-signin',
    `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
  );
}

/** Sends the popup to Google and resolves once the identity session exists. */
export async function runGooglePopup(popup: Window): Promise<void> {
  let url: string;
  try {
    ({ url } = await startGoogleSignIn(paths.authPopup));
  } catch (error) {
    popup.close();
    throw error;
  }
  popup.location.href = url;
  await waitForPopupResult(popup);
}

function waitForPopupResult(popup: Window): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(POPUP_CHANNEL);
    const finish = (result: PopupResult) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      channel?.close();
      window.clearInterval(poll);
      if (result.ok) resolve();
      else reject(new Error(describe(result.error)));
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own origin may tell us that sign-in finished.
      if (event.origin !== window.location.origin || !isPopupResult(event.data)) return;
      finish(event.data);
    };
    window.addEventListener('message', onMessage);
    if (channel) channel.onmessage = (event: MessageEvent) => isPopupResult(event.data) && finish(event.data);
    const poll = window.setInterval(() => {
      if (!popup.closed || settled) return;
      window.clearInterval(poll);
      // Closed: by the person, or it finished and its message is still in flight, or a
      // provider page cut the opener link. The session decides.
      void identityRequest<{ user?: unknown } | null>('/get-session')
        .then((session) =>
          finish(
            session?.user
              ? { type: POPUP_MESSAGE_TYPE, ok: true }
              : { type: POPUP_MESSAGE_TYPE, ok: false, error: 'popup_closed' },
          ),
        )
        .catch(() => finish({ type: POPUP_MESSAGE_TYPE, ok: false, error: 'popup_closed' }));
    }, 400);
  });
}

function describe(code: string | undefined): string {
  if (code === 'popup_closed') return 'The sign-in popup was closed before signing in';
  if (code === 'access_denied') return 'Google sign-in was cancelled';
  return `Google sign-in failed (${code ?? 'unknown error'})`;
}

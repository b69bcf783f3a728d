import { useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { POPUP_CHANNEL, POPUP_MESSAGE_TYPE, type PopupResult } from '../components/google-popup.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * Where the Google popup lands after the identity callback (which has set the session
 * cookie, or added ?error=). It tells the window that opened it, on our origin only,
 * then closes itself.
 */
export default function PopupCallbackPage() {
  const [params] = useSearchParams();
  const error = params.get('error');

  useEffect(() => {
    const result: PopupResult = { type: POPUP_MESSAGE_TYPE, ok: !error, ...(error ? { error } : {}) };
    const opener = window.opener as Window | null;
    if (opener && opener !== window) {
      try {
        opener.postMessage(result, window.location.origin);
      } catch {
        // The opener navigated elsewhere; the channel below still reaches our tabs.
      }
    }
    if (typeof BroadcastChannel !== 'undefined') {
      const channel = new BroadcastChannel(POPUP_CHANNEL);
      channel.postMessage(result);
      channel.close();
    }
    window.close();
  }, [error]);

  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center" aria-live="polite">
      <h1 className="text-xl font-semibold">{error ? t.googleSignInFailed : t.signingYouIn}</h1>
      <p className="mt-2 text-base-content/70">{t.canCloseWindow}</p>
    </section>
  );
}

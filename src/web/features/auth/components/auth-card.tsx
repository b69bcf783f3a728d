import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { t, translate } from '../../../lib/i18n.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';

/** The centred card the Log In and Sign Up screens share (spec section 2). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="text-center text-2xl font-bold text-primary">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/** Section 8: the red 'Error: {message}' line under the form. */
export function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {t.errorLine(message)}
    </p>
  );
}

/**
 * What an identity screen is doing (`busy`: which action, or null) and the error it ended
 * with: `run(kind, work)` marks the action busy, clears the error, and keeps the error's
 * words (in the page's language) when `work` fails.
 */
export function useAuthAction<Kind extends string>() {
  const [busy, setBusy] = useState<Kind | 'google' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (kind: Kind | 'google', work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(translate(caught instanceof Error ? caught.message : String(caught)));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, setBusy, setError, run };
}

/** After the identity layer signed the reader in: load the account, then go to `target`. */
export function useFinishSignIn(target: string) {
  const { refresh } = useAuth();
  const [, navigate] = useLocation();
  return async () => {
    const signedIn = await refresh();
    if (!signedIn) throw new Error(t.signInIncomplete);
    navigate(target, { replace: true });
  };
}

/** What the Google button does to a screen's action state (`useAuthAction`). */
interface GoogleAction {
  busy: string | null;
  setBusy: (kind: 'google' | null) => void;
  setError: (message: string | null) => void;
  run: (kind: 'google', work: () => Promise<void>) => Promise<void>;
}

/**
 * Below the form of Log In and Sign Up: the way to the other screen, 'OR', the Google
 * button, and the wait for Google's popup. `finish` runs once Google signed the reader in.
 */
export function AuthAlternatives({
  action,
  prompt,
  to,
  linkLabel,
  finish,
}: {
  action: GoogleAction;
  prompt: string;
  to: string;
  linkLabel: string;
  finish: () => Promise<void>;
}) {
  return (
    <>
      <p className="text-center text-sm">
        {prompt}{' '}
        <Link to={to} className="link link-primary">
          {linkLabel}
        </Link>
      </p>
      <div className="divider my-0">{t.or}</div>
      <GoogleSignInButton
        busy={action.busy !== null}
        onStart={() => {
          action.setError(null);
          action.setBusy('google');
        }}
        onSignedIn={() => void action.run('google', finish)}
        onError={(message) => {
          action.setBusy(null);
          action.setError(translate(message));
        }}
      />
      {action.busy === 'google' && (
        <p className="flex items-center justify-center gap-2 text-sm" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {t.waitingForGoogle}
        </p>
      )}
    </>
  );
}

import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { loginFormSchema, type LoginForm } from '../../../../shared/schemas/auth.schema.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { paths } from '../../../lib/paths.ts';
import { requestPasswordReset, signInWithEmail } from '../api/identity.ts';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { AuthCard, ErrorLine } from '../components/auth-card.tsx';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';
import { useLoginState, useRedirectTarget } from '../components/redirect-target.ts';
import { addressIn, getLocale, t } from '../../../lib/i18n.ts';

type Busy = null | 'sign-in' | 'reset' | 'google';

/** Log In (spec sections 2, 5, 8): email and password, forgot password, Google popup. */
export default function LoginPage() {
  const { account, loading, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const { signOut: mustSignOut = false } = useLoginState();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState<Busy>(null);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  });

  // Sent here by 'Access Denied' (guards.tsx RequireAdmin): sign out, silently (section 4 shows
  // only 'Access Denied'), then forget the request, so a new sign-in here lands home and stays.
  useEffect(() => {
    if (!mustSignOut) return;
    void signOut({ silent: true }).finally(() => navigate(pathname, { replace: true, state: null }));
  }, [mustSignOut, signOut, navigate, pathname]);

  // Already signed in (e.g. a second tab): nothing to do here.
  if (!loading && account && busy === null && !mustSignOut) return <Navigate to={target} replace />;

  const finishSignIn = async () => {
    const signedIn = await refresh();
    if (!signedIn) throw new Error(t.signInIncomplete);
    await navigate(target, { replace: true });
  };

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (values: LoginForm) =>
    run('sign-in', async () => {
      await signInWithEmail({ email: values.email.trim(), password: values.password });
      await finishSignIn();
    });

  // Section 5: only non-emptiness is checked before asking for the mail.
  const onForgotPassword = () => {
    const email = getValues('email').trim();
    if (!email) {
      toast.error(t.enterEmailForReset);
      return;
    }
    void run('reset', async () => {
      await requestPasswordReset({ email, redirectTo: addressIn(getLocale(), paths.resetPassword) });
      toast.success(t.resetEmailSent);
    });
  };

  return (
    <AuthCard title={t.login}>
      <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="login-email" label={t.email} error={errors.email?.message}>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            className="input w-full"
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('login-email', errors.email)}
            {...register('email')}
          />
        </FormField>
        <FormField id="login-password" label={t.password} error={errors.password?.message}>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            className="input w-full"
            aria-invalid={!!errors.password}
            aria-describedby={describedBy('login-password', errors.password)}
            {...register('password')}
          />
        </FormField>
        <div>
          <button
            type="button"
            className="link link-hover inline-flex min-h-10 items-center text-sm text-primary"
            onClick={onForgotPassword}
            disabled={busy !== null}
          >
            {t.forgotPassword}
          </button>
        </div>
        <ErrorLine message={error} />
        <button type="submit" className="btn btn-primary w-full" disabled={busy !== null || !hydrated}>
          {busy === 'sign-in' || busy === 'reset' ? (
            <span className="loading loading-spinner loading-sm" aria-label={t.working} />
          ) : null}
          {t.login}
        </button>
      </form>
      <p className="text-center text-sm">
        {t.newToShop}{' '}
        <Link to={paths.signUp} className="link link-primary">
          {t.createAccount}
        </Link>
      </p>
      <div className="divider my-0">{t.or}</div>
      <GoogleSignInButton
        busy={busy !== null}
        onStart={() => {
          setError(null);
          setBusy('google');
        }}
        onSignedIn={() => void run('google', finishSignIn)}
        onError={(message) => {
          setBusy(null);
          setError(message);
        }}
      />
      {busy === 'google' && (
        <p className="flex items-center justify-center gap-2 text-sm" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {t.waitingForGoogle}
        </p>
      )}
    </AuthCard>
  );
}

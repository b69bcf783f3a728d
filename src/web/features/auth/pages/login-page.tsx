import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Redirect, useLocation } from 'wouter';
import { toast } from 'react-toastify';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { paths } from '../../../../shared/paths.ts';
import { requestPasswordReset, signInWithEmail } from '../api/identity.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import {
  AuthAlternatives,
  AuthCard,
  ErrorLine,
  useAuthAction,
  useFinishSignIn,
} from '../components/auth-card.tsx';
import { loginFormRules, type LoginForm } from '../components/form-rules.ts';
import { useLoginState, useRedirectTarget } from '../components/redirect-target.ts';
import { addressIn, getLocale, t } from '../../../lib/i18n.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/** Log In (spec sections 2, 5, 8): email and password, forgot password, Google popup. */
export default function LoginPage() {
  const { account, loading, signOut } = useAuth();
  const [pathname, navigate] = useLocation();
  const target = useRedirectTarget();
  const finishSignIn = useFinishSignIn(target);
  const { signOut: mustSignOut = false } = useLoginState();
  const action = useAuthAction<'sign-in' | 'reset'>();
  const { busy, error, run } = action;
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginForm>({
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
  if (!loading && account && busy === null && !mustSignOut) return <Redirect to={target} replace />;

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
        <TextField
          id="login-email"
          label={t.email}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email', { validate: loginFormRules.email })}
        />
        <TextField
          id="login-password"
          label={t.password}
          error={errors.password?.message}
          type="password"
          autoComplete="current-password"
          {...register('password', { validate: loginFormRules.password })}
        />
        <div>
          <button
            type="button"
            className="link link-hover inline-flex min-h-10 items-center text-sm text-primary"
            onClick={onForgotPassword}
            disabled={busy !== null || !hydrated}
          >
            {t.forgotPassword}
          </button>
        </div>
        <ErrorLine message={error} />
        <BusyButton
          className="btn-primary w-full"
          busy={busy === 'sign-in' || busy === 'reset'}
          disabled={busy !== null || !hydrated}
        >
          {t.login}
        </BusyButton>
      </form>
      <AuthAlternatives
        action={action}
        prompt={t.newToShop}
        to={paths.signUp}
        linkLabel={t.createAccount}
        finish={finishSignIn}
      />
    </AuthCard>
  );
}

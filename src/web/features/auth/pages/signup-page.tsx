import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate } from 'react-router';
import { signUpFormSchema, type SignUpForm } from '../../../../shared/schemas/auth.schema.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { paths } from '../../../lib/paths.ts';
import { signUpWithEmail } from '../api/identity.ts';
import { describedBy, FormField } from '../../../components/ui/form-field.tsx';
import { AuthCard, ErrorLine } from '../components/auth-card.tsx';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';
import { t } from '../../../lib/i18n.ts';

type Busy = null | 'sign-up' | 'google';

/**
 * Sign Up (spec sections 2, 4, 5): name, email, password. The server sets the display
 * name and mails the verification link; the new customer goes home signed in.
 */
export default function SignUpPage() {
  const { account, loading, refresh } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Busy>(null);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpForm>({
    resolver: zodResolver(signUpFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', password: '' },
  });

  if (!loading && account && busy === null) return <Navigate to={paths.root} replace />;

  const run = async (kind: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
      const signedIn = await refresh();
      if (!signedIn) throw new Error(t.signInIncomplete);
      await navigate(paths.root, { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (values: SignUpForm) =>
    run('sign-up', async () => {
      await signUpWithEmail({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
    });

  return (
    <AuthCard title={t.signUp}>
      <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="signup-name" label={t.name} error={errors.name?.message}>
          <input
            id="signup-name"
            type="text"
            autoComplete="name"
            className="input w-full"
            aria-invalid={!!errors.name}
            aria-describedby={describedBy('signup-name', errors.name)}
            {...register('name')}
          />
        </FormField>
        <FormField id="signup-email" label={t.email} error={errors.email?.message}>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            className="input w-full"
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('signup-email', errors.email)}
            {...register('email')}
          />
        </FormField>
        <FormField id="signup-password" label={t.password} error={errors.password?.message}>
          <input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            className="input w-full"
            aria-invalid={!!errors.password}
            aria-describedby={describedBy('signup-password', errors.password)}
            {...register('password')}
          />
        </FormField>
        <ErrorLine message={error} />
        <button type="submit" className="btn btn-primary w-full" disabled={busy !== null || !hydrated}>
          {busy === 'sign-up' && (
            <span className="loading loading-spinner loading-sm" aria-label={t.working} />
          )}
          {t.signUp}
        </button>
      </form>
      <p className="text-center text-sm">
        {t.haveAccount}{' '}
        <Link to={paths.login} className="link link-primary">
          {t.pleaseLogin}
        </Link>
      </p>
      <div className="divider my-0">{t.or}</div>
      <GoogleSignInButton
        busy={busy !== null}
        onStart={() => {
          setError(null);
          setBusy('google');
        }}
        onSignedIn={() => void run('google', async () => undefined)}
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

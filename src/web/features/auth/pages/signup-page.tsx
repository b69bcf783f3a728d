import { useForm } from 'react-hook-form';
import { Redirect } from 'wouter';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { paths } from '../../../../shared/paths.ts';
import { signUpWithEmail } from '../api/identity.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import {
  AuthAlternatives,
  AuthCard,
  ErrorLine,
  useAuthAction,
  useFinishSignIn,
} from '../components/auth-card.tsx';
import { signUpFormRules, type SignUpForm } from '../components/form-rules.ts';
import { t } from '../../../lib/i18n.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/**
 * Sign Up (spec sections 2, 4, 5): name, email, password. The server sets the display
 * name and mails the verification link; the new customer goes home signed in.
 */
export default function SignUpPage() {
  const { account, loading } = useAuth();
  const finishSignIn = useFinishSignIn(paths.root);
  const action = useAuthAction<'sign-up'>();
  const { busy, error, run } = action;
  const hydrated = useHydrated();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpForm>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', password: '' },
  });

  if (!loading && account && busy === null) return <Redirect to={paths.root} replace />;

  const onSubmit = (values: SignUpForm) =>
    run('sign-up', async () => {
      await signUpWithEmail({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      await finishSignIn();
    });

  return (
    <AuthCard title={t.signUp}>
      <form className="flex flex-col gap-3" onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          id="signup-name"
          label={t.name}
          error={errors.name?.message}
          type="text"
          autoComplete="name"
          {...register('name', { validate: signUpFormRules.name })}
        />
        <TextField
          id="signup-email"
          label={t.email}
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email', { validate: signUpFormRules.email })}
        />
        <TextField
          id="signup-password"
          label={t.password}
          error={errors.password?.message}
          type="password"
          autoComplete="new-password"
          {...register('password', { validate: signUpFormRules.password })}
        />
        <ErrorLine message={error} />
        <BusyButton
          className="btn-primary w-full"
          busy={busy === 'sign-up'}
          disabled={busy !== null || !hydrated}
        >
          {t.signUp}
        </BusyButton>
      </form>
      <AuthAlternatives
        action={action}
        prompt={t.haveAccount}
        to={paths.login}
        linkLabel={t.pleaseLogin}
        finish={finishSignIn}
      />
    </AuthCard>
  );
}

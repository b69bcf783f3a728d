import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { toast } from 'react-toastify';
import { paths } from '../../../../shared/paths.ts';
import { resetPassword } from '../api/identity.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { AuthCard, ErrorLine } from '../components/auth-card.tsx';
import { t } from '../../../lib/i18n.ts';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/**
 * Where the mailed reset link leads (the spec's 'Sent email' needs a place to
 * land). Better Auth checks the token and sends ?token=... here, or ?error=INVALID_TOKEN.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t.resetLinkInvalid);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (!password) {
      setError(t.enterNewPassword);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await resetPassword({ token, newPassword: password });
      toast.success(t.passwordChanged);
      navigate(paths.login, { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t.chooseNewPassword}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id="reset-password"
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          disabled={!token}
        />
        <ErrorLine message={error} />
        <BusyButton className="btn-primary w-full" busy={busy} disabled={!token}>
          {t.savePassword}
        </BusyButton>
      </form>
      <p className="text-center text-sm">
        <Link to={paths.login} className="link link-primary">
          {t.backToLogin}
        </Link>
      </p>
    </AuthCard>
  );
}

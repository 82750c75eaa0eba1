import { PasswordSchema } from '@playon/shared/password';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { PasswordField } from '../../../components/ui/password-field';
import { IdentityError, resetPassword } from '../../../lib/auth-client';
import { formText } from '../../../lib/locales/form-text';
import { toast } from '../../../lib/toast';
import translator, { useTranslation } from '../../../lib/translation';

/** Opened from the mailed link: /reset-password?token=… (or ?error=INVALID_TOKEN when it expired). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string | undefined; confirm?: string | undefined }>({});
  const [isBusy, setBusy] = useState(false);
  const [isLinkInvalid, setLinkInvalid] = useState(!token || params.has('error'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      password: formText(PasswordSchema.safeParse(password).error?.issues[0]?.message),
      confirm: password === confirm ? undefined : translator.t('product.passwordsDoNotMatch'),
    };
    setErrors(found);
    if (found.password || found.confirm || !token) return;
    setBusy(true);
    try {
      await resetPassword(password, token);
      toast.success(translator.t('product.passwordUpdated'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof IdentityError && error.code === 'INVALID_TOKEN') setLinkInvalid(true);
      else toast.error(error instanceof Error ? error.message : translator.t('common.genericError'));
      setBusy(false);
    }
  }

  return (
    <>
      <Header title={t('resetPassword.title')} back={() => navigate('/login')} />
      <main className="mx-auto max-w-md px-5 py-6">
        {isLinkInvalid ? (
          <div role="alert" className="rounded-xl border border-danger/50 bg-[#2a1316] p-4">
            <p>{t('resetPassword.invalidLink')}</p>
            <Link to="/login" className="tap mt-2 inline-flex items-center font-semibold text-accent">
              {t('resetPassword.backToLogin')}
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <p className="text-muted">{t('resetPassword.subtitle')}</p>
            <PasswordField
              label={t('resetPassword.newPassword')}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
            />
            <PasswordField
              label={t('resetPassword.confirmPassword')}
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              error={errors.confirm}
            />
            <Button type="submit" isBusy={isBusy} className="mt-2 w-full">
              {t('resetPassword.submit')}
            </Button>
          </form>
        )}
      </main>
    </>
  );
}

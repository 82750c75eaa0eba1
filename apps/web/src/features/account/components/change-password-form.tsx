import { PasswordSchema } from '@playon/shared/password';
import { type FormEvent, useState } from 'react';
import { PasswordResetLink } from '../../../components/password-reset-link';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { changePassword, IdentityError } from '../../../lib/auth-client';
import { formText } from '../../../lib/locales/form-text';
import { toast } from '../../../lib/toast';
import translator, { useTranslation } from '../../../lib/translation';

type Field = 'email' | 'oldPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<Field, string>;

export function changePasswordErrors(values: Values): Partial<Record<Field, string>> {
  return {
    email: values.email.trim() ? undefined : translator.t('product.enterEmailForReset'),
    oldPassword: values.oldPassword ? undefined : translator.t('product.required'),
    newPassword: formText(PasswordSchema.safeParse(values.newPassword).error?.issues[0]?.message),
    confirmPassword:
      values.newPassword === values.confirmPassword ? undefined : translator.t('product.passwordsDoNotMatch'),
  };
}

/**
 * The identity service's answer in the product's words (docs/product.md, "Identity errors"): a wrong
 * current password, or no password at all.
 */
export function changePasswordFailureText(error: unknown): string {
  if (!(error instanceof IdentityError)) return translator.t('common.genericError');
  if (error.code === 'INVALID_PASSWORD') return translator.t('product.reauthFailed');
  if (error.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') return translator.t('product.passwordChangeNotAllowed');
  return error.message;
}

export function ChangePasswordForm({ accountEmail, onDone }: { accountEmail: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({
    email: accountEmail,
    oldPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isBusy, setBusy] = useState(false);
  const bind = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isBusy) return;
    const found = changePasswordErrors(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    // Re-authentication is by this account's credential: another email cannot re-authenticate it.
    if (accountEmail && values.email.trim().toLowerCase() !== accountEmail.toLowerCase()) {
      toast.error(translator.t('product.reauthFailed'));
      return;
    }
    setBusy(true);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      toast.success(translator.t('product.passwordUpdated'));
      onDone();
    } catch (error) {
      toast.error(changePasswordFailureText(error));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField label={t('changePassword.email')} type="email" autoComplete="email" {...bind('email')} />
      <PasswordField
        label={t('changePassword.oldPassword')}
        autoComplete="current-password"
        {...bind('oldPassword')}
      />
      <PasswordField
        label={t('changePassword.newPassword')}
        autoComplete="new-password"
        {...bind('newPassword')}
      />
      <PasswordField
        label={t('changePassword.confirmPassword')}
        autoComplete="new-password"
        {...bind('confirmPassword')}
      />
      <Button type="submit" isBusy={isBusy} className="mt-2 w-full">
        {t('changePassword.send')}
      </Button>
      <div className="flex justify-center">
        <PasswordResetLink email={values.email} label={t('changePassword.resetInstead')} />
      </div>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { PasswordResetLink } from '../../../components/password-reset-link';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { formText } from '../../../lib/locales/form-text';
import translator, { useTranslation } from '../../../lib/translation';

interface CredentialsFormProps {
  isRegister: boolean;
  isBusy: boolean;
  onSubmit: (email: string, password: string) => void;
}

interface FieldErrors {
  email?: string | undefined;
  password?: string | undefined;
}

// The rules are the server's (zod schemas), loaded when the player first focuses a field: zod (94 KB
// of script to parse and run) stays out of the login screen's first seconds on a slow phone (issue
// 14), and is there by the time the player has typed. A submit without a focus waits for it.
const loadRules = () => import('@playon/shared/password');

/** Email and password with the catalogue's texts; a new password needs the identity service's 6 characters. */
export async function validateCredentials(
  email: string,
  password: string,
  isRegister: boolean,
): Promise<FieldErrors> {
  const rules = await loadRules().catch(() => null);
  // Not loaded (a lost connection): the server checks the same rules and answers with the same texts.
  if (!rules) return {};
  const { EmailSchema, PasswordSchema } = rules;
  const emailIssue = EmailSchema.safeParse(email).error?.issues[0]?.message;
  let passwordIssue: string | undefined;
  if (!password) passwordIssue = translator.t('product.required');
  else if (isRegister) passwordIssue = PasswordSchema.safeParse(password).error?.issues[0]?.message;
  return { email: formText(emailIssue), password: formText(passwordIssue) };
}

export function CredentialsForm({ isRegister, isBusy, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const warmRules = () => void loadRules().catch(() => undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await validateCredentials(email, password, isRegister);
    setErrors(found);
    if (!found.email && !found.password) onSubmit(email.trim().toLowerCase(), password);
  }

  return (
    <form noValidate onSubmit={submit} onFocus={warmRules} className="flex flex-col gap-4">
      <TextField
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete={isRegister ? 'new-password' : 'current-password'}
        placeholder={t('auth.passwordPlaceholder')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      {isRegister ? null : (
        <div className="-mt-2 flex justify-end">
          <PasswordResetLink email={email} />
        </div>
      )}
      <Button type="submit" isBusy={isBusy} className="w-full">
        {isRegister ? t('auth.signUp') : t('auth.logIn')}
      </Button>
    </form>
  );
}

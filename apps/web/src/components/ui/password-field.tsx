import { type InputHTMLAttributes, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { TextField } from './text-field';

interface PasswordFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null | undefined;
}

/** A password input with a show/hide toggle: typing on a small keyboard goes wrong often. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextField {...props} type={isVisible ? 'text' : 'password'} className="[&_input]:pr-16" />
      <button
        type="button"
        onClick={() => setVisible(!isVisible)}
        aria-label={isVisible ? t('auth.hidePassword') : t('auth.showPassword')}
        aria-pressed={isVisible}
        className="absolute top-7 right-1 flex h-11 w-14 items-center justify-center text-xs font-semibold text-accent"
      >
        {isVisible ? t('common.hide') : t('common.show')}
      </button>
    </div>
  );
}

import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/translation';

interface PhoneFieldProps {
  label: string;
  value: string;
  error: string | null;
  /** The number as typed: the screen clears its error with it. */
  onChange: (phone: string) => void;
  className?: string;
}

/** The phone number a payment is made from: the phone keypad, and the browser's autofill of the number. */
export function PhoneField({ label, value, error, onChange, className }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...(className ? { className } : {})}
      label={label}
      placeholder={t('payment.phonePrompt')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

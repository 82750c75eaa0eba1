import { genders } from '@playon/shared/profile';
import { useTranslation } from '../../../lib/translation';
import type { EditableField } from './editable-fields';

interface FieldInputProps {
  id: string;
  field: EditableField;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
}

const inputClass =
  'h-12 w-full rounded-xl border border-line bg-raised px-4 text-base text-text focus:border-brand focus:outline-none aria-invalid:border-danger';

/** The latest date of birth that is 18 or older today, for the date picker's upper bound. */
function latestAdultDob(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 18);
  return date.toISOString().slice(0, 10);
}

/** Email is an email input, date of birth a date input, gender a select of the three values. */
export function FieldInput({ id, field, value, onChange, describedBy }: FieldInputProps) {
  const { t } = useTranslation();
  const common = {
    id,
    value,
    className: inputClass,
    'aria-describedby': describedBy,
    'aria-invalid': describedBy ? true : undefined,
  };
  if (field === 'gender') {
    return (
      <select {...common} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('profile.chooseGender')}</option>
        {genders.map((gender) => (
          <option key={gender} value={gender}>
            {t(`profile.genders.${gender}`)}
          </option>
        ))}
      </select>
    );
  }
  const byField = {
    name: { type: 'text', autoComplete: 'name' },
    username: { type: 'text', autoComplete: 'username', autoCapitalize: 'none' },
    email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
    dob: { type: 'date', autoComplete: 'bday', max: latestAdultDob() },
    phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  } as const;
  return <input {...common} {...byField[field]} onChange={(event) => onChange(event.target.value)} />;
}

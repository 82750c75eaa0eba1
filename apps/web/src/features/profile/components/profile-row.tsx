import type { Profile } from '@playon/shared/profile';
import { Icon } from '../../../components/ui/icon';
import { formatCalendarDate } from '../../../lib/format';
import translator from '../../../lib/translation';
import { type EditableField, fieldLabel } from './editable-fields';

function displayValue(profile: Profile, field: EditableField): string | null {
  const value = profile[field];
  if (!value) return null;
  if (field === 'gender') return translator.t(`profile.genders.${value as Profile['gender'] & string}`);
  return field === 'dob' ? formatCalendarDate(value) : value;
}

export function ProfileRow({
  profile,
  field,
  onEdit,
}: {
  profile: Profile;
  field: EditableField;
  onEdit: () => void;
}) {
  const value = displayValue(profile, field);
  return (
    <li>
      <button
        type="button"
        onClick={onEdit}
        className="flex min-h-16 w-full items-center gap-3 px-4 py-2 text-left active:bg-raised"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-muted">{fieldLabel(field)}</span>
          <span className={`block [overflow-wrap:anywhere] ${value ? 'text-text' : 'text-muted italic'}`}>
            {value ?? translator.t('profile.notSet')}
          </span>
        </span>
        <Icon name="chevron" className="size-5 text-muted" />
      </button>
    </li>
  );
}

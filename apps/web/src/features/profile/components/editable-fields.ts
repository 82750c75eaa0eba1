import { messages } from '@playon/shared/messages';
import { type Profile, profileFieldError } from '@playon/shared/profile';
import { formText } from '../../../lib/locales/form-text';
import translator from '../../../lib/translation';

/** The profile rows, in order (docs/product.md, "Profile screen"). */
export const editableFields = ['name', 'username', 'email', 'dob', 'gender', 'phone'] as const;
export type EditableField = (typeof editableFields)[number];

/** The field's label in the player's language (in English, profileFieldLabels of @playon/shared/profile). */
export const fieldLabel = (field: EditableField): string => translator.t(`profile.fields.${field}`);

/** The placeholder row text counts as empty: the dialog then opens blank. */
export function currentValue(profile: Profile | null, field: EditableField): string {
  const value = profile?.[field];
  return value && value !== messages.notSet ? String(value) : '';
}

/**
 * The edit dialog's check: empty → 'Enter your {field}', anything else the shared schema's message
 * (a malformed email, an unknown gender, under 18, ...); null when the value may be sent.
 */
export function editFieldError(field: EditableField, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || trimmed === messages.notSet) return translator.t(`profile.enter.${field}`);
  return formText(profileFieldError(field, trimmed) ?? undefined) ?? null;
}

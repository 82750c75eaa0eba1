import type { Dispatch, SetStateAction } from 'react';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from './use-console-form';

/** A text field's value, its error, and what typing in it does. */
export interface BoundText {
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * A console form's text fields bound to its state by name: `field('title')` gives the field its value,
 * its error, and an onChange that merges what was typed into the state as it is then (an upload that
 * ends meanwhile keeps its change).
 */
export function bindTexts<T extends object>(
  value: T,
  setValue: Dispatch<SetStateAction<T>>,
  errors: FieldErrors,
): (key: keyof T & string) => BoundText {
  return (key) => ({
    value: String(value[key] ?? ''),
    error: errors[key],
    onChange: (event) => {
      const text = event.target.value;
      setValue((current) => ({ ...current, [key]: text }));
    },
  });
}

/** What players reading Kiswahili read when a Kiswahili text is left empty (ADR 0063). */
export const KISWAHILI_FALLBACK = 'players reading Kiswahili see the English without it';

/**
 * The Kiswahili of one of a form's texts, named after its English field ('Title' gives 'Title in
 * Kiswahili'): optional, marked lang="sw" for screen readers and spell checkers. `brief` leaves out
 * what players read without it, for a form that says it on its next Kiswahili field; `max` counts
 * the characters typed against it, as its English field does.
 */
export function KiswahiliField({
  of,
  multiline = false,
  brief = false,
  rows,
  max,
  ...field
}: BoundText & { of: string; multiline?: boolean; brief?: boolean; rows?: number; max?: number }) {
  const count = max === undefined ? '' : `${field.value.length}/${max}, `;
  const label = `${of} in Kiswahili (${count}optional${brief ? '' : `; ${KISWAHILI_FALLBACK}`})`;
  return multiline ? (
    <TextArea label={label} lang="sw" rows={rows} maxLength={max} {...field} />
  ) : (
    <TextField label={label} lang="sw" maxLength={max} {...field} />
  );
}

import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/translation';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { useUpdateProfile } from '../api/update-profile';
import { type EditableField, editFieldError, fieldLabel } from './editable-fields';
import { FieldInput } from './field-input';

interface EditFieldDialogProps {
  uid: string;
  field: EditableField;
  initialValue: string;
  onClose: () => void;
}

/** 'Edit {field}': validate, send, and on 200 toast '{field} was updated successfully.' and close. */
export function EditFieldDialog({ uid, field, initialValue, onClose }: EditFieldDialogProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const singleFlight = useSingleFlight();
  const label = fieldLabel(field);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = editFieldError(field, value);
    setError(problem);
    if (problem) return;
    singleFlight(() =>
      update.mutateAsync({ uid, update: { [field]: value.trim() } }).then(
        () => {
          toast.success(t(`profile.updated.${field}`));
          onClose();
        },
        (failure: unknown) => toast.error(errorText(failure, t('common.genericError'))),
      ),
    );
  }

  return (
    <Dialog title={t('profile.edit', { field: label })} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-muted">
          {label}
        </label>
        <FieldInput
          id={inputId}
          field={field}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          describedBy={error ? `${inputId}-error` : undefined}
        />
        {error ? (
          <p id={`${inputId}-error`} role="alert" className="mt-1.5 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isBusy={update.isPending}>
            {t('common.okay')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFooter } from './dialog-footer';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  busy: boolean;
  formError: string | null;
  saveLabel?: string;
  children: ReactNode;
}

/** A dialog holding a console form: it scrolls on a phone, shows the form's error, saves or cancels. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  busy,
  formError,
  saveLabel = 'Save',
  children,
}: FormDialogProps) {
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="-mx-1 flex max-h-[65dvh] flex-col gap-4 overflow-y-auto px-1">{children}</div>
        <DialogFooter error={formError} submitLabel={saveLabel} isBusy={busy} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

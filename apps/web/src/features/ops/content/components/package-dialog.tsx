import { type OpsPackage, PackageFormSchema } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { Toggle } from '../../../../components/ui/toggle';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { asNumber } from '../../components/form-values';
import { bindTexts, KiswahiliField } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { savePackage } from '../api/save-package';

/** A subscription package: its descriptions, price per day and 'popular', changed with a reason. */
export function PackageDialog({ pkg, onClose }: { pkg: OpsPackage; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    description: pkg.description,
    descriptionSw: pkg.descriptionSw ?? '',
    amount: String(pkg.amount),
    popular: pkg.popular,
    reason: '',
  });
  const form = useConsoleForm(PackageFormSchema, async (body) => {
    const { message } = await savePackage(pkg.id, body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.packages() });
    return message;
  });
  const field = bindTexts(value, setValue, form.errors);
  return (
    <FormDialog
      title={`${pkg.name} package`}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() =>
        void form.submit({ ...value, amount: asNumber(value.amount) }).then((ok) => ok && onClose())
      }
    >
      <p className="rounded-xl bg-raised p-3 text-sm text-muted">
        The name is the plan's tier, which players and the airtime rule (Bronze only) go by, so it stays. A
        new price applies to purchases started from now on: a payment already started is completed at the
        price it was started with.
      </p>
      <TextArea label="Description" {...field('description')} />
      <KiswahiliField of="Description" multiline {...field('descriptionSw')} />
      <TextField label="Price per day (KES, whole shillings)" inputMode="numeric" {...field('amount')} />
      <Toggle
        label="Popular"
        hint="Marked as the popular plan on the subscriptions page."
        checked={value.popular}
        onChange={(popular) => setValue((current) => ({ ...current, popular }))}
      />
      <TextArea label="Reason (kept in the audit log)" {...field('reason')} />
    </FormDialog>
  );
}

import { type OpsPackage, PackageFormSchema } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { Toggle } from '../../../../components/ui/toggle';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { asNumber } from '../../components/form-values';
import { useConsoleForm } from '../../components/use-console-form';
import { usePackages } from '../api/get-packages';
import { savePackage } from '../api/save-package';

function PackageDialog({ pkg, onClose }: { pkg: OpsPackage; onClose: () => void }) {
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
      <TextArea
        label="Description"
        value={value.description}
        error={form.errors.description}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, description: text }));
        }}
      />
      <TextArea
        label="Description in Kiswahili (optional; players reading Kiswahili see the English without it)"
        lang="sw"
        value={value.descriptionSw}
        error={form.errors.descriptionSw}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, descriptionSw: text }));
        }}
      />
      <TextField
        label="Price per day (KES, whole shillings)"
        inputMode="numeric"
        value={value.amount}
        error={form.errors.amount}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, amount: text }));
        }}
      />
      <Toggle
        label="Popular"
        hint="Marked as the popular plan on the subscriptions page."
        checked={value.popular}
        onChange={(popular) => setValue((current) => ({ ...current, popular }))}
      />
      <TextArea
        label="Reason (kept in the audit log)"
        value={value.reason}
        error={form.errors.reason}
        onChange={(event) => {
          const text = event.target.value;
          setValue((current) => ({ ...current, reason: text }));
        }}
      />
    </FormDialog>
  );
}

/** Subscription packages: description, price per day and 'popular'. */
export function Component() {
  const packages = usePackages();
  const [editing, setEditing] = useState<OpsPackage | null>(null);
  if (packages.isError)
    return <LoadError onRetry={() => void packages.refetch()} text={packages.error.message} />;
  if (!packages.data) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (packages.data.length === 0) return <EmptyState icon="search" text="No subscription package yet." />;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        {packages.data.map((pkg) => (
          <li key={pkg.id}>
            <button
              type="button"
              onClick={() => setEditing(pkg)}
              className="flex w-full flex-col gap-1 rounded-xl bg-surface p-4 text-left ring-1 ring-line hover:bg-raised"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-bold">{pkg.name}</span>
                {pkg.popular ? (
                  <span className="rounded-full bg-brand/20 px-2 py-0.5 text-xs">Popular</span>
                ) : null}
              </span>
              <span className="text-lg font-semibold">
                KES {pkg.amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}
                <span className="text-sm font-normal text-muted"> a day</span>
              </span>
              <span className="text-sm text-muted">{pkg.description}</span>
            </button>
          </li>
        ))}
      </ul>
      {editing ? <PackageDialog pkg={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

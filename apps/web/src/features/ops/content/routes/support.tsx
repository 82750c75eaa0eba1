import { SupportSettingFormSchema } from '@playon/shared/ops-content';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { Skeleton } from '../../../../components/ui/skeleton';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { useConsoleForm } from '../../components/use-console-form';
import { useSupport } from '../api/get-support';
import { saveSupport } from '../api/save-support';

function SettingRow({ name, saved }: { name: string; saved: string }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(saved);
  const form = useConsoleForm(SupportSettingFormSchema, async (body) => {
    const { message } = await saveSupport(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.content.support() });
    return message;
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit({ name, value });
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <TextField
        label={name}
        value={value}
        error={form.errors.value ?? form.formError}
        onChange={(event) => setValue(event.target.value)}
        className="min-w-0 flex-1 basis-64"
      />
      <Button type="submit" variant="secondary" isBusy={form.busy} disabled={value === saved}>
        Save
      </Button>
    </form>
  );
}

/** Support settings: the contacts under 'Drop us a line'; an empty value hides one. */
export function Component() {
  const settings = useSupport();
  if (settings.isError)
    return <LoadError onRetry={() => void settings.refetch()} text={settings.error.message} />;
  if (!settings.data) return <Skeleton className="h-64 w-full max-w-2xl rounded-xl" />;
  return (
    <div className="flex max-w-2xl flex-col gap-4 rounded-xl bg-surface p-4 ring-1 ring-line">
      <p className="text-sm text-muted">
        The contacts players see under 'Drop us a line'. Leave one empty to hide it.
      </p>
      {settings.data.map((setting) => (
        <SettingRow key={`${setting.name}:${setting.value}`} name={setting.name} saved={setting.value} />
      ))}
    </div>
  );
}

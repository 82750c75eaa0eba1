import {
  DataRequestCreateSchema,
  type DataRequestKind,
  dataRequestKinds,
  nairobiDayOf,
} from '@playon/shared/ops-data-requests';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { bindTexts } from '../../components/text-fields';
import { useConsoleForm } from '../../components/use-console-form';
import { recordDataRequest } from '../api/record-data-request';

const kindLabels: Record<DataRequestKind, string> = {
  access: 'Access: a copy of their data',
  erasure: 'Erasure: delete the account',
};

/** A data request as it arrived: whose, what, the Nairobi day it came and how; the Act's days start then. */
export function RecordRequestDialog({ uid, onClose }: { uid?: string | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState({
    uid: uid ?? '',
    kind: 'access' as DataRequestKind,
    receivedOn: nairobiDayOf(new Date()),
    channel: '',
    note: '',
  });
  const form = useConsoleForm(DataRequestCreateSchema, async (body) => {
    const { message } = await recordDataRequest(body);
    await queryClient.invalidateQueries({ queryKey: opsKeys.players.dataRequests() });
    return message;
  });
  const field = bindTexts(value, setValue, form.errors);
  return (
    <FormDialog
      title="Record a data request"
      saveLabel="Record"
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit(value).then((ok) => ok && onClose())}
    >
      <TextField label="Player id (uid, from the player's page)" {...field('uid')} />
      <SelectField
        label="The player asks for"
        value={value.kind}
        error={form.errors.kind}
        onChange={(event) =>
          setValue((current) => ({ ...current, kind: event.target.value as DataRequestKind }))
        }
      >
        {dataRequestKinds.map((kind) => (
          <option key={kind} value={kind}>
            {kindLabels[kind]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Received on (Nairobi day)"
        type="date"
        max={nairobiDayOf(new Date())}
        {...field('receivedOn')}
      />
      <TextField label="How it arrived (e-mail, phone, letter…)" {...field('channel')} />
      <TextField label="Note (optional)" {...field('note')} />
    </FormDialog>
  );
}

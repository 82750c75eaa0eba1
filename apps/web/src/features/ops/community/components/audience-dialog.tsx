import {
  AUDIENCE_NAME_MAX,
  AudienceDefinitionSchema,
  type AudienceKind,
  type SavedAudience,
  SavedAudienceRequestSchema,
} from '@playon/shared/ops-audiences';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { opsKeys } from '../../api/query-keys';
import { FormDialog } from '../../components/form-dialog';
import { useConsoleForm } from '../../components/use-console-form';
import { useBroadcastTargets } from '../api/get-broadcast-targets';
import { saveAudience } from '../api/save-audience';
import { AudienceSizeLine } from './audience-size-line';

export const kindLabels: Record<AudienceKind, string> = {
  lapsed: 'Lapsed: no play in a number of days',
  'subscription-ends-today': 'Last subscription ends today (Nairobi)',
  'never-paid': 'Signed up, never paid',
  game: "A game's players",
  tournament: "A tournament's entrants",
};

const valuesOf = (audience?: SavedAudience) => ({
  name: audience?.name ?? '',
  kind: audience?.kind ?? ('lapsed' as AudienceKind),
  days: audience?.days ? String(audience.days) : '30',
  targetId: audience?.targetId ? String(audience.targetId) : '',
});

/** The rule as the server reads it, from the form's text. */
const ruleOf = (value: ReturnType<typeof valuesOf>) => ({
  kind: value.kind,
  ...(value.kind === 'lapsed' ? { days: value.days.trim() } : {}),
  ...(value.kind === 'game' ? { gameId: value.targetId || undefined } : {}),
  ...(value.kind === 'tournament' ? { tournamentId: value.targetId || undefined } : {}),
});

/** A saved audience, new or edited: its name and its rule, counted and previewed as it is filled in. */
export function AudienceDialog({ audience, onClose }: { audience?: SavedAudience; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(() => valuesOf(audience));
  const targets = useBroadcastTargets();
  const form = useConsoleForm(SavedAudienceRequestSchema, async (body) => {
    const { message } = await saveAudience(body, audience?.id);
    await queryClient.invalidateQueries({ queryKey: opsKeys.community.audiences() });
    return message;
  });
  const rule = AudienceDefinitionSchema.safeParse(ruleOf(value));
  const set = (patch: Partial<ReturnType<typeof valuesOf>>) =>
    setValue((current) => ({ ...current, ...patch }));
  const choices =
    value.kind === 'game'
      ? (targets.data?.games ?? []).map((game) => ({ id: game.id, label: game.name }))
      : (targets.data?.tournaments ?? []).map((cup) => ({
          id: cup.id,
          label: `${cup.name} (${cup.status})`,
        }));

  return (
    <FormDialog
      title={audience ? 'Edit the audience' : 'New audience'}
      onClose={onClose}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void form.submit({ name: value.name, ...ruleOf(value) }).then((ok) => ok && onClose())}
    >
      <TextField
        label={`Name (${value.name.length}/${AUDIENCE_NAME_MAX})`}
        maxLength={AUDIENCE_NAME_MAX}
        value={value.name}
        error={form.errors.name}
        onChange={(event) => set({ name: event.target.value })}
      />
      <SelectField
        label="Who is in it"
        value={value.kind}
        error={form.errors.kind}
        onChange={(event) => set({ kind: event.target.value as AudienceKind, targetId: '' })}
      >
        {(Object.keys(kindLabels) as AudienceKind[]).map((kind) => (
          <option key={kind} value={kind}>
            {kindLabels[kind]}
          </option>
        ))}
      </SelectField>
      {value.kind === 'lapsed' ? (
        <TextField
          label="Days without play"
          inputMode="numeric"
          value={value.days}
          error={form.errors.days}
          onChange={(event) => set({ days: event.target.value })}
        />
      ) : null}
      {value.kind === 'game' || value.kind === 'tournament' ? (
        <SelectField
          label={value.kind === 'game' ? 'Game' : 'Tournament'}
          value={value.targetId}
          error={form.errors.gameId ?? form.errors.tournamentId}
          onChange={(event) => set({ targetId: event.target.value })}
        >
          <option value="">Choose…</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <AudienceSizeLine rule={rule.success ? rule.data : undefined} />
    </FormDialog>
  );
}

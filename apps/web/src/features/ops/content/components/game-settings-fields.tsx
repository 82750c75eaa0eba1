import { gameAccesses } from '@playon/shared/games';
import type { OpsGame } from '@playon/shared/ops-content';
import { SelectField } from '../../../../components/ui/select-field';
import { TextField } from '../../../../components/ui/text-field';
import { Toggle } from '../../../../components/ui/toggle';
import { asNumber } from '../../components/form-values';

/** Who may play a game, as the console says it. */
export const accessLabels = { FREE: 'Everyone (free)', SUBSCRIPTION: 'Subscribers only' } as const;

/** The settings as typed: numbers stay text until sent. */
export interface Settings {
  enabled: boolean;
  featured: boolean;
  sortOrder: string;
  access: OpsGame['access'];
  maxPoints: string;
  maxPointsPerSecond: string;
}

/** A game's settings to edit, or a new game's defaults. */
export const settingsOf = (game?: OpsGame): Settings => ({
  enabled: game?.enabled ?? true,
  featured: game?.featured ?? false,
  sortOrder: String(game?.sortOrder ?? 0),
  access: game?.access ?? 'FREE',
  maxPoints: String(game?.maxPoints ?? 1000),
  maxPointsPerSecond: String(game?.maxPointsPerSecond ?? 10),
});
/** The settings as the schema takes them, their numbers parsed. */
export const numbers = (s: Settings) => ({
  ...s,
  sortOrder: asNumber(s.sortOrder),
  maxPoints: asNumber(s.maxPoints),
  maxPointsPerSecond: asNumber(s.maxPointsPerSecond),
});

/** The settings a bundled game and an outside game share: shown, order, access and score limits. */
export function SettingsFields({
  value,
  onChange,
  errors,
}: {
  value: Settings;
  onChange: (next: Settings) => void;
  errors: Record<string, string>;
}) {
  const set = <K extends keyof Settings>(key: K, next: Settings[K]) => onChange({ ...value, [key]: next });
  return (
    <>
      <Toggle
        label="Enabled"
        hint="A disabled game is hidden from players and cannot be started."
        checked={value.enabled}
        onChange={(v) => set('enabled', v)}
      />
      <Toggle
        label="Featured"
        hint="Shown under 'Featured Games' on the dashboard."
        checked={value.featured}
        onChange={(v) => set('featured', v)}
      />
      <SelectField
        label="Who may play"
        value={value.access}
        error={errors.access}
        onChange={(event) => set('access', event.target.value as Settings['access'])}
      >
        {gameAccesses.map((access) => (
          <option key={access} value={access}>
            {accessLabels[access]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Order (lower first)"
        inputMode="numeric"
        value={value.sortOrder}
        error={errors.sortOrder}
        onChange={(event) => set('sortOrder', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Highest score of one play"
          inputMode="numeric"
          value={value.maxPoints}
          error={errors.maxPoints}
          onChange={(event) => set('maxPoints', event.target.value)}
        />
        <TextField
          label="Most points per second"
          inputMode="numeric"
          value={value.maxPointsPerSecond}
          error={errors.maxPointsPerSecond}
          onChange={(event) => set('maxPointsPerSecond', event.target.value)}
        />
      </div>
    </>
  );
}

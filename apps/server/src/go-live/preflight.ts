/**
 * `npm run operator -- preflight`: each configured payment provider checked with the server's own
 * settings, without charging anyone, each line ✓ or ✗ with the fix (docs/go-live.md).
 */
import type { Config } from '../platform/config.ts';
import { checkAirtime } from './preflight-airtime.ts';
import { type CallbackSettings, checkCallbacks } from './preflight-callbacks.ts';
import { checkCard } from './preflight-card.ts';
import { checkDaraja } from './preflight-daraja.ts';
import { failed, type PreflightLine } from './preflight-line.ts';

export type PreflightSettings = CallbackSettings &
  Pick<Config, 'sandbox' | 'daraja' | 'paystack' | 'airtime'>;

export async function runPreflight(
  settings: PreflightSettings,
  send?: typeof fetch,
): Promise<PreflightLine[]> {
  const playOn =
    settings.production && settings.sandbox.on
      ? [
          failed(
            'PlayOn',
            'SANDBOX=on in production: payments are simulated. Remove SANDBOX before players come',
          ),
        ]
      : [];
  const [daraja, callbacks, card, airtime] = await Promise.all([
    checkDaraja(settings.daraja, send),
    checkCallbacks(settings, send),
    checkCard(settings.paystack, settings.production, send),
    checkAirtime(settings.airtime, send),
  ]);
  return [...playOn, ...daraja, ...callbacks, ...card, ...airtime];
}

import { randomInt } from 'node:crypto';
import type { Config } from '../../platform/config.ts';
import type { SandboxClock } from '../clock.ts';
import { MERCHANT_UNKNOWN, type Refusal, refusingPhones, SPIKE_ARREST } from './outcomes.ts';
import type { StkPushBody } from './requests.ts';

type StkPush = import('zod').output<typeof StkPushBody>;

/**
 * What Daraja checks of an STK Push once its fields are well-formed, before a prompt goes out: the
 * rate (spike arrest), that the merchant takes this TransactionType at this PartyB (a paybill is paid
 * at its own short code, a till under its store's), and the refusals the test phone table names.
 * Answers a Refusal, the name of a field refused as invalid, or null to go on.
 */
export function createStkChecks(config: Pick<Config, 'daraja' | 'sandboxDaraja'>, clock: SandboxClock) {
  const { daraja, sandboxDaraja } = config;
  const accepted: number[] = [];

  /** Over the rate in the last second of the sandbox's clock: arrested, and not counted. */
  function spikeArrested(): boolean {
    const now = clock.now();
    while (accepted.length > 0 && (accepted[0] as number) <= now - 1000) accepted.shift();
    if (accepted.length >= sandboxDaraja.spikeArrestPerSecond) return true;
    accepted.push(now);
    return false;
  }

  function merchantRefusal(body: StkPush): Refusal | string | null {
    if (body.TransactionType === 'CustomerPayBillOnline') {
      if (daraja.tillNumber) return MERCHANT_UNKNOWN; // the short code is a till's store, not a paybill
      return body.PartyB === body.BusinessShortCode ? null : 'PartyB';
    }
    if (!daraja.tillNumber) return MERCHANT_UNKNOWN; // a paybill has no till to buy goods at
    return body.PartyB === daraja.tillNumber ? null : 'PartyB';
  }

  return {
    spikeArrested: () => (spikeArrested() ? SPIKE_ARREST : null),
    check(body: StkPush): Refusal | string | null {
      return merchantRefusal(body) ?? refusingPhones[body.PhoneNumber] ?? null;
    },
    /** When this push's callback falls due: the sandbox's delay, up to its maximum at random. */
    callbackDelayMs(base: number): number {
      return base + randomInt(sandboxDaraja.callbackDelayMaxMs - base + 1);
    },
    /** Daraja taking its time to answer, on the sandbox's clock. */
    async answerDelay(): Promise<void> {
      if (sandboxDaraja.answerDelayMs === 0) return;
      await new Promise<void>((resolve) => {
        clock.schedule(sandboxDaraja.answerDelayMs, async () => resolve());
      });
    },
  };
}

import { createAirtimeClient } from '../../../platform/airtime/client.ts';
import type { AirtimeConfig, DarajaConfig, PaystackConfig } from '../../../platform/config.ts';
import { createPaystackClient } from '../../../platform/paystack/client.ts';
import type { ProviderReportsDeps } from './actions.ts';

const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * How the daily reconciliation reads each provider, from the providers' settings: the card gateway's
 * and the carrier's list APIs, and for M-Pesa (Daraja lists no day) the statement finance uploads or,
 * on a laptop, the Daraja sandbox's own statement in the org portal's shape.
 */
export function createProviderReports(config: {
  daraja: Pick<DarajaConfig, 'baseUrl' | 'sandbox'>;
  paystack: PaystackConfig | undefined;
  airtime: AirtimeConfig | undefined;
}): ProviderReportsDeps {
  return {
    paystack: config.paystack && createPaystackClient(config.paystack),
    airtime: config.airtime && createAirtimeClient(config.airtime),
    mpesaSandboxStatement: config.daraja.sandbox
      ? async (day) => {
          const response = await fetch(`${config.daraja.baseUrl}/statement?date=${encodeURIComponent(day)}`, {
            signal: AbortSignal.timeout(STATEMENT_TIMEOUT_MS),
          });
          if (!response.ok) throw new Error(`the sandbox answered ${response.status}`);
          return response.text();
        }
      : undefined,
  };
}

import { airtimeRecords, unreadRecords } from '../../ops/provider-records.ts';
import type { BuiltProvider, PaymentProvider } from '../provider.ts';
import { createAirtimeCallbacks } from './callbacks.ts';
import { airtimeCallbackUrl, createAirtimeCheckout } from './checkout.ts';
import { createAirtimeReconciliation } from './reconcile.ts';
import { createAirtimeResults } from './results.ts';
import { airtimeRoutes } from './routes.ts';

/** An airtime charge the carrier cannot find at this many looks was never sent. */
const AIRTIME_NEVER_SENT_LOOKS = 3;

/**
 * Safaricom airtime (carrier billing), through the airtime adapter (docs/airtime-sandbox.md): on when
 * the AIRTIME_* settings are given or the sandbox runs; otherwise Safaricom airtime is not offered.
 */
export const airtimeProvider = {
  name: 'AIRTIME',
  methodCode: 'SAFARICOM_CREDIT',
  clearing: 'AIRTIME_CLEARING',
  build(deps) {
    const { config, intents, lifecycle, events, secrets, log, airtime } = deps;
    if (!airtime || !config.airtime) return undefined;
    const results = createAirtimeResults({ intents, lifecycle, log });
    const callbacks = createAirtimeCallbacks({
      results,
      consumerSecret: config.airtime.consumerSecret,
      events,
      log,
    });
    const start = createAirtimeCheckout({
      airtime,
      lifecycle,
      callbackUrl: airtimeCallbackUrl(config.publicUrl, secrets.issuedCallbackSecret),
      events,
      log,
    });
    const reconciliation = createAirtimeReconciliation({ airtime, results, lifecycle, events, log });
    return {
      checkout: (created, request) => start(created, request.description),
      async reconcile(intent, attempts) {
        const state = await reconciliation.reconcile(intent);
        if (state === 'final') return 'final';
        // Not found by its reference, asked again later: the charge request never reached the carrier.
        if (state === 'never-sent' && attempts >= AIRTIME_NEVER_SENT_LOOKS) {
          await reconciliation.giveUp(intent);
          return 'final';
        }
        return {
          open: 'airtime charge not final yet',
          stuck: 'airtime charge still not final: left open for an operator',
        };
      },
      unreachable: () => undefined,
      routes: airtimeRoutes(callbacks, secrets.isAcceptedCallbackSecret),
      records: deps.reports?.airtime
        ? airtimeRecords(deps.reports.airtime)
        : unreadRecords("the carrier's charge list"),
      callbacks,
    } satisfies BuiltProvider & Record<string, unknown>;
  },
} satisfies PaymentProvider;

import type { PaymentServiceDeps } from '../deps.ts';
import type { RecordEvent, RecordEvents } from '../events.ts';
import type { Lifecycle } from '../intents/lifecycle.ts';
import type { IntentRepo } from '../intents/repo.ts';
import { createAirtimeCallbacks } from './airtime/callbacks.ts';
import { airtimeCallbackUrl, createAirtimeCheckout } from './airtime/checkout.ts';
import { createAirtimeReconciliation } from './airtime/reconcile.ts';
import { createAirtimeResults } from './airtime/results.ts';
import { createCallbackSecrets } from './callback-secrets.ts';
import { createCardCallbacks } from './card/callbacks.ts';
import { createCardCheckout } from './card/checkout.ts';
import { createCardVerification } from './card/reconcile.ts';
import { createCardRefunds } from './card/refunds.ts';
import { createCardResults } from './card/results.ts';
import { mpesaCallbackUrls } from './mpesa/callback-urls.ts';
import { createMpesaCallbacks } from './mpesa/callbacks.ts';
import { createPayouts } from './mpesa/payout.ts';
import { createMpesaReconciliation } from './mpesa/reconcile.ts';
import { createMpesaResults } from './mpesa/results.ts';
import { createStatusQueries } from './mpesa/status-queries.ts';
import { createStkPush } from './mpesa/stk-push.ts';
import { createUnmatchedRepo } from './mpesa/unmatched-repo.ts';
import { createWalletCheckout } from './wallet/checkout.ts';

/**
 * Each provider composed on the intent's lifecycle: how checkout starts a payment with it, how
 * reconciliation asks it about one, and its callbacks. The payment service wires these into the
 * requests; a new provider is added here and in checkout's and reconciliation's provider lists.
 */
export function createProviders(
  deps: PaymentServiceDeps & {
    intents: IntentRepo;
    lifecycle: Lifecycle;
    events: RecordEvent;
    recordEvents: RecordEvents;
  },
) {
  const { db, config, players, jobs, intents, lifecycle, events, recordEvents, log } = deps;
  // What authenticates the providers' callbacks, a previous secret too while one is replaced (ADR 0054).
  const secrets = createCallbackSecrets(config);
  // M-Pesa: STK Push in, B2C out, and Daraja's callbacks for both.
  const callbackUrl = mpesaCallbackUrls(config.publicUrl, secrets.issuedCallbackSecret);
  const mpesaResults = createMpesaResults(lifecycle);
  const payouts = createPayouts({
    daraja: deps.daraja,
    intents,
    lifecycle,
    results: mpesaResults,
    callbackUrl,
    events,
    recordEvents,
    log,
  });
  const unmatched = createUnmatchedRepo(db);
  const statusQueries = createStatusQueries(db);
  const mpesaCallbacks = createMpesaCallbacks({
    intents,
    unmatched,
    results: mpesaResults,
    statusQueries,
    jobs,
    events,
    log,
  });
  // The card gateway's hosted checkout.
  const cardResults = createCardResults({ intents, lifecycle, log });
  const verifyCard = createCardVerification({
    paystack: deps.paystack,
    results: cardResults,
    lifecycle,
    events,
    log,
  });
  // Refunds to the card (ADR 0069): sent and followed by reconciliation, and told by the webhook.
  const cardRefunds = createCardRefunds({ paystack: deps.paystack, intents, lifecycle, events, log });
  const cardCallbacks = createCardCallbacks({
    results: cardResults,
    verify: verifyCard,
    refunds: cardRefunds,
    webhookKeys: secrets.cardWebhookKeys,
    events,
    log,
  });
  // Safaricom airtime.
  const airtimeResults = createAirtimeResults({ intents, lifecycle, log });
  const airtimeCallbacks = createAirtimeCallbacks({
    results: airtimeResults,
    consumerSecret: config.airtime.consumerSecret,
    events,
    log,
  });

  return {
    secrets,
    payouts,
    unmatched,
    mpesaCallbacks,
    cardCallbacks,
    airtimeCallbacks,
    /** How checkout starts a payment with each provider. */
    checkout: {
      wallet: createWalletCheckout({ db, intents, lifecycle }),
      mpesa: createStkPush({ daraja: deps.daraja, lifecycle, callbackUrl, events, log }),
      card: createCardCheckout({
        paystack: deps.paystack,
        players,
        lifecycle,
        publicUrl: config.publicUrl,
        events,
        log,
      }),
      airtime: createAirtimeCheckout({
        airtime: deps.airtime,
        lifecycle,
        callbackUrl: airtimeCallbackUrl(config.publicUrl, secrets.issuedCallbackSecret),
        events,
        log,
      }),
    },
    /** How reconciliation asks each provider about an open payment. */
    reconcile: {
      mpesa: createMpesaReconciliation({
        daraja: deps.daraja,
        lifecycle,
        results: mpesaResults,
        payouts,
        statusQueries,
        callbackUrl,
        giveUpMs: config.stkUnknownGiveUpMs,
        events,
        log,
      }),
      card: verifyCard,
      cardRefund: cardRefunds.look,
      airtime: createAirtimeReconciliation({
        airtime: deps.airtime,
        results: airtimeResults,
        lifecycle,
        events,
        log,
      }),
    },
  };
}

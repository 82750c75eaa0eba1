import { DarajaError } from '../../../../platform/daraja/client.ts';
import { isPayout } from '../../intents/states.ts';
import { mpesaRecords } from '../../ops/provider-records.ts';
import { createStatementsRepo } from '../../ops/statements-repo.ts';
import type { BuiltProvider, PaymentProvider } from '../provider.ts';
import { callbackSourceCheck } from './callback-sources.ts';
import { mpesaCallbackUrls } from './callback-urls.ts';
import { createMpesaCallbacks } from './callbacks.ts';
import { createPayouts } from './payout.ts';
import { createPromptGuard } from './prompt-guard.ts';
import { createMpesaReconciliation } from './reconcile.ts';
import { createMpesaResults } from './results.ts';
import { mpesaCallbackRoutes } from './routes.ts';
import { createStatusQueries } from './status-queries.ts';
import { createStkPush } from './stk-push.ts';
import { createUnmatchedRepo } from './unmatched-repo.ts';

/**
 * M-Pesa (Daraja): STK Push in, B2C out, and Daraja's callbacks for both. Always on: withdrawals
 * leave only through it, so production refuses to start without its settings (ADR 0077).
 */
export const mpesaProvider = {
  name: 'MPESA',
  methodCode: 'MPESA',
  clearing: 'MPESA_CLEARING',
  build(deps) {
    const { db, config, jobs, intents, lifecycle, events, recordEvents, secrets, log } = deps;
    const callbackUrl = mpesaCallbackUrls(config.publicUrl, secrets.issuedCallbackSecret);
    const results = createMpesaResults(lifecycle);
    const payouts = createPayouts({
      daraja: deps.daraja,
      intents,
      lifecycle,
      results,
      callbackUrl,
      events,
      recordEvents,
      log,
    });
    const unmatched = createUnmatchedRepo(db);
    const statusQueries = createStatusQueries(db);
    const callbacks = createMpesaCallbacks({
      intents,
      unmatched,
      results,
      statusQueries,
      jobs,
      events,
      log,
    });
    const push = createStkPush({ daraja: deps.daraja, lifecycle, callbackUrl, events, log });
    const reconciliation = createMpesaReconciliation({
      daraja: deps.daraja,
      lifecycle,
      results,
      payouts,
      statusQueries,
      callbackUrl,
      giveUpMs: config.stkUnknownGiveUpMs,
      events,
      log,
    });
    // An STK push waits for the phone's open prompt to end, and counts against the phone's limit.
    const prompts = createPromptGuard({
      db,
      intents,
      promptsPerPhonePerHour: config.paymentPromptsPerPhonePerHour,
    });
    const statements = createStatementsRepo(db);
    return {
      record: (request, write) =>
        request.phone ? prompts.withPhone(request.phone, write) : db.transaction(write),
      checkout: (created, request) => push(created, request),
      reconcile: (intent, attempts) =>
        isPayout(intent) ? reconciliation.payout(intent) : reconciliation.payment(intent, attempts),
      unreachable: (error) => (error instanceof DarajaError ? `Daraja: ${error.message}` : undefined),
      routes: mpesaCallbackRoutes(callbacks, {
        isAcceptedSecret: secrets.isAcceptedCallbackSecret,
        isAllowedSource: callbackSourceCheck(config.mpesaCallbackAllowedAddresses),
      }),
      records: mpesaRecords({
        uploaded: (day) => statements.latest('MPESA', day),
        fetchSandbox: deps.reports?.mpesaSandboxStatement,
      }),
      payouts,
      unmatched,
      callbacks,
    } satisfies BuiltProvider & Record<string, unknown>;
  },
} satisfies PaymentProvider<BuiltProvider>;

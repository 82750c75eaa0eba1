// The providers' routes keep out of the API document with `schema.hide`, which @fastify/swagger
// declares: every program that builds the providers (the insight bench too) must see it.
import type {} from '@fastify/swagger';
import type { PaymentMethodCode } from '@playon/shared/payments';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db.ts';
import type { ClearingAccount } from '../../wallet/service.ts';
import type { PaymentServiceDeps } from '../deps.ts';
import type { ProviderName, RecordEvent, RecordEvents } from '../events.ts';
import type { Lifecycle } from '../intents/lifecycle.ts';
import type { IntentRepo, IntentRow } from '../intents/repo.ts';
import type { ProviderRecords } from '../ops/provider-records.ts';
import type { CheckoutRequest } from '../requests.ts';
import type { CallbackSecrets } from './callback-secrets.ts';

/**
 * What one look at an open intent found: 'final' when it is settled (or already left for an
 * operator); `again` to look again later, however long it has been open; `open` to look again until
 * STK_UNKNOWN_GIVE_UP_MS, then to leave it open for an operator with `stuck` in the log.
 */
export type Looked = 'final' | { again: string } | { open: string; stuck: string };

/** What every provider is built from: the module's dependencies and its shared parts. */
export type ProviderDeps = PaymentServiceDeps & {
  intents: IntentRepo;
  lifecycle: Lifecycle;
  events: RecordEvent;
  recordEvents: RecordEvents;
  secrets: CallbackSecrets;
};

/** A provider built on the lifecycle: how each step of a payment reaches it. */
export interface BuiltProvider {
  /**
   * Records a new intent (`write` in a transaction) when the provider needs more than a plain
   * transaction around it (M-Pesa: under the phone's prompt lock); by default `db.transaction(write)`.
   */
  record?: (request: CheckoutRequest, write: (tx: Db) => Promise<IntentRow>) => Promise<IntentRow>;
  /** Starts the payment of a recorded intent: the row as it moved, or undefined to read it again. */
  checkout(created: IntentRow, request: CheckoutRequest): Promise<IntentRow | undefined>;
  /** One reconciliation look at an open intent of this provider. */
  reconcile(intent: IntentRow, attempts: number): Promise<Looked>;
  /** Why an error of the provider's client means "look again later"; undefined for any other error. */
  unreachable(error: unknown): string | undefined;
  /** Its callbacks, webhooks and returns, on the app. */
  routes(app: FastifyInstance): Promise<void>;
  /** Its own records of a day, for the daily reconciliation (ops/reconciliation-report.ts). */
  records: ProviderRecords;
}

/**
 * One payment provider (ADR 0077): each is declared once, in its folder's index.ts, and listed once
 * in compose.ts. `build` gives undefined when its settings are not given: its method is then not
 * offered to players, and nothing of it is registered.
 */
export interface PaymentProvider<Built extends BuiltProvider | undefined = BuiltProvider | undefined> {
  name: ProviderName;
  /** The payment method players choose it by (`payment_methods.code`). */
  methodCode: PaymentMethodCode;
  /** The ledger's account money from it passes through. */
  clearing: ClearingAccount;
  build(deps: ProviderDeps): Built;
}

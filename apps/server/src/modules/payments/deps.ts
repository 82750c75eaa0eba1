import type { FastifyBaseLogger } from 'fastify';
import type { AirtimeClient } from '../../platform/airtime/client.ts';
import type { AirtimeConfig, Config, PaystackConfig } from '../../platform/config.ts';
import type { DarajaClient } from '../../platform/daraja/client.ts';
import type { Db } from '../../platform/db.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { PaystackClient, PaystackRefunds } from '../../platform/paystack/client.ts';
import type { Notifier } from '../notifications/service.ts';
import type { Realtime } from '../realtime/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { ProviderReportsDeps } from './ops/actions.ts';
import type { PlayerDirectory } from './players.ts';

/** What the payments module is built from: app.ts (wiring/payments.ts) fills it. */
export interface PaymentServiceDeps {
  db: Db;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'mpesaCallbackSecret'
    | 'mpesaCallbackAllowedAddresses'
    | 'keyRotation'
    | 'limits'
    | 'withdrawalFees'
    | 'reconcileAfterMs'
    | 'stkUnknownGiveUpMs'
    | 'rateLimitPaymentsPerMinute'
    | 'paymentPromptsPerPhonePerHour'
  > & {
    /** The card gateway's secret key, which signs its webhooks; undefined when it is off. */
    paystack: Pick<PaystackConfig, 'secretKey'> | undefined;
    /** The carrier's consumer secret, which signs its results; undefined when airtime is off. */
    airtime: Pick<AirtimeConfig, 'consumerSecret'> | undefined;
  };
  wallet: WalletService;
  daraja: DarajaClient;
  /** The card gateway's client; without it, card payments are not offered (ADR 0077). */
  paystack?:
    | (Pick<PaystackClient, 'initializeTransaction' | 'verifyTransaction'> & PaystackRefunds)
    | undefined;
  /** The airtime adapter (docs/airtime-sandbox.md); without it, Safaricom airtime is not offered. */
  airtime?: AirtimeClient | undefined;
  subscriptions: Pick<SubscriptionService, 'packageById' | 'activateSubscription' | 'endSubscriptionOf'>;
  players: PlayerDirectory;
  jobs: JobQueue;
  /** The payer's waiting page hears of each change of their intent as a `task` message. */
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Tells players about their finished payments; without it (unit tests of the rules) nobody is told. */
  notifications?: Pick<Notifier, 'record'>;
  /** How the console's daily reconciliation reads the providers; without it, their side is unread. */
  reports?: ProviderReportsDeps;
}

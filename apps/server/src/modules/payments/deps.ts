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
    /** The card gateway's secret key, which signs its webhooks. */
    paystack: Pick<PaystackConfig, 'secretKey'>;
    /** The carrier's consumer secret, which signs its results. */
    airtime: Pick<AirtimeConfig, 'consumerSecret'>;
  };
  wallet: WalletService;
  daraja: DarajaClient;
  paystack: Pick<PaystackClient, 'initializeTransaction' | 'verifyTransaction'> & PaystackRefunds;
  airtime: AirtimeClient;
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

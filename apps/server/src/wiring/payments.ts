import { paymentPaceMessages } from '@playon/shared/payments';
import type { FastifyInstance } from 'fastify';
import { currentPlayer } from '../modules/auth/service.ts';
import { paymentRoutes } from '../modules/payments/routes.ts';
import {
  createPaymentService,
  createProviderReports,
  type PaymentService,
  type PaymentServiceDeps,
} from '../modules/payments/service.ts';
import { walletRoutes } from '../modules/wallet/routes.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import { createAirtimeClient } from '../platform/airtime/client.ts';
import type { Config } from '../platform/config.ts';
import { createDarajaClient } from '../platform/daraja/client.ts';
import { databaseTokenStore, tokenStoreKey } from '../platform/daraja/token-store.ts';
import { AppError } from '../platform/errors.ts';
import type { Idempotency } from '../platform/idempotency/index.ts';
import type { Metrics } from '../platform/metrics.ts';
import { createPaystackClient } from '../platform/paystack/client.ts';
import { limitPerMinute } from '../platform/security.ts';

/**
 * The payments service on its providers' clients, each call timed by /metrics under its method; a
 * provider whose settings are not given gets no client, and its method is not offered (ADR 0077).
 */
export function wirePayments(
  deps: Omit<PaymentServiceDeps, 'config' | 'daraja' | 'paystack' | 'airtime' | 'reports'> & {
    config: Config;
    metrics: Metrics;
  },
) {
  const { metrics, config, ...rest } = deps;
  return createPaymentService({
    ...rest,
    config,
    daraja: createDarajaClient({
      ...config.daraja,
      fetch: metrics.providerFetch('MPESA'),
      tokenStore: databaseTokenStore(rest.db, tokenStoreKey('daraja', config.daraja.consumerKey)),
    }),
    paystack:
      config.paystack && createPaystackClient({ ...config.paystack, fetch: metrics.providerFetch('CARD') }),
    airtime:
      config.airtime && createAirtimeClient({ ...config.airtime, fetch: metrics.providerFetch('AIRTIME') }),
    reports: createProviderReports(config),
  });
}

/** The player's money endpoints: payments and the wallet, under one pace limit. */
export async function registerMoneyApi(
  app: FastifyInstance,
  deps: {
    config: Config;
    payments: PaymentService;
    wallet: WalletService;
    idempotency: Idempotency;
  },
) {
  const { config, payments, wallet, idempotency } = deps;
  // Payments a player may start per minute, top-up, subscribe and withdraw together: one counter
  // (in Redis when REDIS_URL is set, so across instances), counted once the token is checked.
  const limitPaymentStarts = limitPerMinute(app, {
    max: config.rateLimitPaymentsPerMinute,
    key: (request) => `payments-started:${currentPlayer(request).uid}`,
    refusal: () => new AppError('RATE_LIMITED', paymentPaceMessages.tooManyPayments),
  });
  await app.register(paymentRoutes(payments, idempotency, limitPaymentStarts));
  await app.register(walletRoutes(wallet, payments, idempotency, limitPaymentStarts));
}

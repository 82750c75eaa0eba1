import type { PaymentMethodCode } from '@playon/shared/payments';
import { unreadRecords } from '../ops/provider-records.ts';
import type { ReportedProviders } from '../ops/reconciliation-report.ts';
import { airtimeProvider } from './airtime/index.ts';
import { createCallbackSecrets } from './callback-secrets.ts';
import { cardProvider } from './card/index.ts';
import { mpesaProvider } from './mpesa/index.ts';
import type { BuiltProvider, PaymentProvider, ProviderDeps } from './provider.ts';
import { createWalletCheckout } from './wallet/checkout.ts';

/**
 * Every payment provider, each once (ADR 0077): its method, its clearing account, and how it is
 * built (checkout, reconciliation, callbacks, its records of a day). A new provider is its folder's
 * index.ts and a line here.
 */
export const paymentProviders = {
  mpesa: mpesaProvider,
  card: cardProvider,
  airtime: airtimeProvider,
} as const;

type Providers = typeof paymentProviders;
type Built = { [K in keyof Providers]: ReturnType<Providers[K]['build']> };

const registered: readonly PaymentProvider[] = Object.values(paymentProviders);

/** The provider players pay with by this method; undefined for the wallet and for PAYPAL. */
export const providerOfMethod = (methodCode: string): PaymentProvider | undefined =>
  registered.find((provider) => provider.methodCode === methodCode);

/**
 * Each provider built on the intent's lifecycle, those whose settings are given; the payment
 * service wires these into the requests (service.ts).
 */
export function createProviders(deps: Omit<ProviderDeps, 'secrets'>) {
  // What authenticates the providers' callbacks, a previous secret too while one is replaced (ADR 0054).
  const secrets = createCallbackSecrets(deps.config);
  const all = { ...deps, secrets };
  const built = Object.fromEntries(
    Object.entries(paymentProviders).map(([key, provider]) => [key, provider.build(all)]),
  ) as Built;
  const on = (Object.keys(paymentProviders) as (keyof Providers)[]).flatMap((key) => {
    const one: BuiltProvider | undefined = built[key];
    return one ? [{ provider: paymentProviders[key] as PaymentProvider, built: one }] : [];
  });
  const builtOf = (methodCode: string) =>
    on.find(({ provider }) => provider.methodCode === methodCode)?.built;

  return {
    secrets,
    built,
    /** Whether players may pay by this method here: the wallet always, a provider when it is on. */
    isOffered: (code: PaymentMethodCode) => code === 'WALLET' || builtOf(code) !== undefined,
    /** The provider of a method, when it is on. */
    builtOf,
    /** The wallet's own checkout: completes at once, no provider. */
    walletCheckout: createWalletCheckout({ db: deps.db, intents: deps.intents, lifecycle: deps.lifecycle }),
    /** Every provider that is on: its callbacks' routes. */
    routes: on.map(({ built }) => built.routes),
    /** The daily reconciliation's side of each provider; one that is off is reported unread. */
    reported: Object.fromEntries(
      registered.map((provider) => [
        provider.name,
        {
          clearing: provider.clearing,
          records:
            builtOf(provider.methodCode)?.records ??
            unreadRecords(provider.name, 'This provider is not configured on this server.'),
        },
      ]),
    ) as ReportedProviders,
  };
}

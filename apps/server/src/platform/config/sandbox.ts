import { createHmac } from 'node:crypto';
import { ConfigError, type Env } from './env.ts';

/**
 * The built-in sandbox (ADR 0016): on unless NODE_ENV is production, or with SANDBOX=on. Its pages
 * (/sandbox/*) answer loopback clients only unless `public` (SANDBOX_PUBLIC=on; the default outside
 * production, where the laptop's browser and phone use them).
 */
export interface SandboxMode {
  on: boolean;
  public: boolean;
  /** Set when the sandbox runs in production: said loudly at start-up and on /api/health. */
  warning: string | undefined;
}

export function sandboxMode(e: Env, production: boolean): SandboxMode {
  const on = e.SANDBOX ? e.SANDBOX === 'on' : !production;
  const isPublic = on && (e.SANDBOX_PUBLIC ? e.SANDBOX_PUBLIC === 'on' : !production);
  const warning =
    on && production
      ? `SANDBOX MODE IN PRODUCTION: payments, sign-in and mail are simulated and nothing real is charged or sent; the sandbox pages are open to ${isPublic ? 'ANYONE (SANDBOX_PUBLIC=on)' : 'this machine only'}. Never let real players in.`
      : undefined;
  return { on, public: isPublic, warning };
}

/** The built-in sandbox's credentials; the short code and passkey are Safaricom's public test ones. */
export const SANDBOX_DARAJA = {
  consumerKey: 'playon-daraja-sandbox',
  consumerSecret: 'playon-daraja-sandbox-secret',
  shortCode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  b2cShortCode: '600996',
  initiatorName: 'testapi',
  securityCredential: 'cGxheW9uLXNhbmRib3gtc2VjdXJpdHktY3JlZGVudGlhbA==',
} as const;

/** The built-in card sandbox's secret key. */
export const SANDBOX_PAYSTACK_SECRET_KEY = 'sk_test_playon_paystack_sandbox_0000000000';

/** The built-in airtime sandbox's credentials. */
export const SANDBOX_AIRTIME = {
  consumerKey: 'playon-airtime-sandbox',
  consumerSecret: 'playon-airtime-sandbox-secret',
} as const;

export type SandboxKeys = ReturnType<typeof sandboxKeys>;

/**
 * The sandboxes' own credentials: on a laptop the ones published in the repository and its docs;
 * in production (SANDBOX=on) their secrets are derived from BETTER_AUTH_SECRET, so nobody can sign
 * a card webhook or an airtime result the server trusts with a key from the repository.
 * `productionAuthSecret` is undefined outside production (production refuses to start without it).
 */
export function sandboxKeys(productionAuthSecret: string | undefined) {
  if (productionAuthSecret === undefined) {
    return {
      daraja: SANDBOX_DARAJA,
      paystackSecretKey: SANDBOX_PAYSTACK_SECRET_KEY,
      airtime: SANDBOX_AIRTIME,
    };
  }
  const derive = (purpose: string) =>
    createHmac('sha256', productionAuthSecret).update(`playon sandbox ${purpose}`).digest('hex');
  return {
    daraja: { ...SANDBOX_DARAJA, consumerSecret: derive('daraja') },
    paystackSecretKey: `sk_test_${derive('card')}`,
    airtime: { ...SANDBOX_AIRTIME, consumerSecret: derive('airtime') },
  };
}

/** How the Daraja sandbox paces STK Push: fast by default (tests), up to a minute to rehearse a slow Daraja. */
export interface SandboxDarajaPace {
  /** How long it takes to answer an STK Push or STK Push Query. */
  answerDelayMs: number;
  /** An STK callback comes after sandboxPaymentDelayMs up to this, at random. */
  callbackDelayMaxMs: number;
  /** STK Pushes a second above which it answers 500.003.02 (spike arrest). */
  spikeArrestPerSecond: number;
}

export function sandboxDarajaPace(e: Env): SandboxDarajaPace {
  const callbackDelayMaxMs = e.SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS ?? e.SANDBOX_PAYMENT_DELAY_MS;
  if (callbackDelayMaxMs < e.SANDBOX_PAYMENT_DELAY_MS) {
    throw new ConfigError(
      'Invalid configuration: SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS is less than SANDBOX_PAYMENT_DELAY_MS',
    );
  }
  return {
    answerDelayMs: e.SANDBOX_DARAJA_ANSWER_DELAY_MS,
    callbackDelayMaxMs,
    spikeArrestPerSecond: e.SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND,
  };
}

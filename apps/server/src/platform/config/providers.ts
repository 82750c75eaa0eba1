import { ConfigError, type Env } from './env.ts';
import type { SandboxKeys } from './sandbox.ts';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Safaricom Daraja (M-Pesa); without DARAJA_CONSUMER_KEY, the built-in sandbox under /sandbox/daraja. */
export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Lipa na M-Pesa Online (STK Push) short code: the paybill, or the store a till belongs to. */
  shortCode: string;
  /** The till STK Push payments go to (CustomerBuyGoodsOnline); null: the paybill `shortCode` is paid. */
  tillNumber: string | null;
  passkey: string;
  /** The short code B2C payouts leave from. */
  b2cShortCode: string;
  initiatorName: string;
  /** The initiator's password encrypted with Safaricom's public certificate, base64. */
  securityCredential: string;
  /** true when these are the built-in sandbox's values (DARAJA_CONSUMER_KEY not set). */
  sandbox: boolean;
}

/**
 * The card gateway (Paystack); without PAYSTACK_SECRET_KEY, the built-in sandbox under
 * /sandbox/paystack when the sandbox runs, else none: card payments are not offered (ADR 0077).
 */
export interface PaystackConfig {
  baseUrl: string;
  secretKey: string;
  /** The webhook URL set on the gateway's dashboard; the sandbox posts its webhooks there. */
  webhookUrl: string;
  /** true when these are the built-in sandbox's values (PAYSTACK_SECRET_KEY not set). */
  sandbox: boolean;
}

/**
 * Safaricom airtime (carrier billing); without the AIRTIME_* settings, the built-in sandbox under
 * /sandbox/airtime when the sandbox runs, else none: airtime is not offered (ADR 0077).
 */
export interface AirtimeConfig {
  baseUrl: string;
  consumerKey: string;
  /** Also the key of the HMAC-SHA256 signature on the charge results (docs/airtime-sandbox.md). */
  consumerSecret: string;
  /** true when these are the built-in sandbox's values (AIRTIME_CONSUMER_KEY not set). */
  sandbox: boolean;
}

/** The browsers' push services (Chrome, Firefox, Edge, Safari): where a real PushSubscription points. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** Which Web Push endpoints the server accepts and sends to (ADR 0016). */
export interface PushEndpointRules {
  /** `host`, `*.domain`, either with `:port`; without a port, the scheme's default port only. */
  hosts: string[];
  /** Test-only (refused in production): an http: or https: receiver on a loopback address. */
  allowLoopback: boolean;
}

/** Where the server finds each third party: the real one where its variables are set, else the built-in sandbox. */
export interface ProviderUrls {
  publicUrl: string;
  /** Only loopback clients reach a closed sandbox: the server calls its providers' APIs there too. */
  sandboxUrl: string;
}

/** Google and Facebook each with both halves of their client, or not at all (then the sandbox's). */
export function oauthClients(e: Env) {
  if (
    (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) ||
    (e.FACEBOOK_CLIENT_ID && !e.FACEBOOK_CLIENT_SECRET)
  ) {
    throw new ConfigError('Invalid configuration: a *_CLIENT_ID needs its *_CLIENT_SECRET');
  }
  return {
    google: client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    facebook: client(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    sandboxOAuthClient: { clientId: e.SANDBOX_OAUTH_CLIENT_ID, clientSecret: e.SANDBOX_OAUTH_CLIENT_SECRET },
  };
}

function client(id: string | undefined, secret: string | undefined): OAuthClient | undefined {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

/**
 * The payment providers: Daraja (M-Pesa), the card gateway and carrier billing. Each one's settings
 * are a group (ADR 0077): all set, the real provider; none, the built-in sandbox when it runs,
 * otherwise the provider is off (undefined; Daraja never is: production requires it); some,
 * start-up stops naming the missing ones.
 */
export function paymentProviders(e: Env, urls: ProviderUrls, keys: SandboxKeys, sandboxOn: boolean) {
  return {
    daraja: darajaConfig(e, urls.sandboxUrl, keys.daraja),
    paystack: paystackConfig(e, urls, keys.paystackSecretKey, sandboxOn),
    airtime: airtimeConfig(e, urls.sandboxUrl, keys.airtime, sandboxOn),
  };
}

export function pushEndpointRules(e: Env): PushEndpointRules {
  return {
    hosts: e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
    allowLoopback: e.PUSH_ALLOW_LOOPBACK === 'on',
  };
}

type SandboxCredentials<T> = Omit<T, 'baseUrl' | 'sandbox' | 'tillNumber'>;

/** The names of the variables in `values` that are not set. */
function unset(values: Record<string, string | undefined>): string[] {
  return Object.entries(values)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/**
 * Whether a provider's settings are all given or none is; part of them stops start-up, naming the
 * ones that are set and the ones still missing.
 */
function settingsGroup(provider: string, values: Record<string, string | undefined>): 'all' | 'none' {
  const missing = unset(values);
  if (missing.length === 0) return 'all';
  const given = Object.keys(values).filter((name) => !missing.includes(name));
  if (given.length === 0) return 'none';
  throw new ConfigError(
    `Invalid configuration: ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set, so ${missing.join(', ')} must be too (${provider}'s settings go together: all of them, or none to leave it off)`,
  );
}

/** Every variable real Daraja needs, by name. */
export function darajaVariables(e: Env) {
  return {
    DARAJA_BASE_URL: e.DARAJA_BASE_URL,
    DARAJA_CONSUMER_KEY: e.DARAJA_CONSUMER_KEY,
    DARAJA_CONSUMER_SECRET: e.DARAJA_CONSUMER_SECRET,
    DARAJA_SHORTCODE: e.DARAJA_SHORTCODE,
    DARAJA_PASSKEY: e.DARAJA_PASSKEY,
    DARAJA_B2C_SHORTCODE: e.DARAJA_B2C_SHORTCODE,
    DARAJA_INITIATOR_NAME: e.DARAJA_INITIATOR_NAME,
    DARAJA_SECURITY_CREDENTIAL: e.DARAJA_SECURITY_CREDENTIAL,
  };
}

/**
 * DARAJA_STK_ACCOUNT: `paybill` (the default) is paid at DARAJA_SHORTCODE; `till` at DARAJA_TILL_NUMBER,
 * a till of the store DARAJA_SHORTCODE. One without the other is refused at start-up.
 */
function stkTill(e: Env): string | null {
  const till = e.DARAJA_STK_ACCOUNT === 'till';
  if (till && !e.DARAJA_TILL_NUMBER) {
    throw new ConfigError(
      'Invalid configuration: DARAJA_STK_ACCOUNT is till, so DARAJA_TILL_NUMBER must be set',
    );
  }
  if (!till && e.DARAJA_TILL_NUMBER) {
    throw new ConfigError(
      'Invalid configuration: DARAJA_TILL_NUMBER is set, so DARAJA_STK_ACCOUNT must be till',
    );
  }
  return till ? (e.DARAJA_TILL_NUMBER as string) : null;
}

/**
 * Real Daraja needs every DARAJA_* variable; with none, the sandbox's values (without the sandbox,
 * start-up has already stopped: config/secrets.ts).
 */
function darajaConfig(
  e: Env,
  sandboxUrl: string,
  sandboxKeys: SandboxCredentials<DarajaConfig>,
): DarajaConfig {
  const tillNumber = stkTill(e);
  const values = darajaVariables(e);
  if (settingsGroup('Daraja', values) === 'none') {
    return { ...sandboxKeys, tillNumber, baseUrl: `${sandboxUrl}/sandbox/daraja`, sandbox: true };
  }
  return {
    baseUrl: (values.DARAJA_BASE_URL as string).replace(/\/$/, ''),
    consumerKey: values.DARAJA_CONSUMER_KEY as string,
    consumerSecret: values.DARAJA_CONSUMER_SECRET as string,
    shortCode: values.DARAJA_SHORTCODE as string,
    passkey: values.DARAJA_PASSKEY as string,
    tillNumber,
    b2cShortCode: values.DARAJA_B2C_SHORTCODE as string,
    initiatorName: values.DARAJA_INITIATOR_NAME as string,
    securityCredential: values.DARAJA_SECURITY_CREDENTIAL as string,
    sandbox: false,
  };
}

/**
 * The real gateway with PAYSTACK_SECRET_KEY (its API unless PAYSTACK_BASE_URL says otherwise); else
 * the sandbox when it runs, or none.
 */
function paystackConfig(
  e: Env,
  urls: ProviderUrls,
  sandboxSecretKey: string,
  sandboxOn: boolean,
): PaystackConfig | undefined {
  const webhookUrl = e.PAYSTACK_WEBHOOK_URL ?? `${urls.publicUrl}/api/payments/callbacks/card`;
  if (!e.PAYSTACK_SECRET_KEY) {
    if (!sandboxOn) return undefined;
    return {
      baseUrl: `${urls.sandboxUrl}/sandbox/paystack`,
      secretKey: sandboxSecretKey,
      webhookUrl,
      sandbox: true,
    };
  }
  return {
    baseUrl: (e.PAYSTACK_BASE_URL ?? 'https://api.paystack.co').replace(/\/$/, ''),
    secretKey: e.PAYSTACK_SECRET_KEY,
    webhookUrl,
    sandbox: false,
  };
}

/** Real carrier billing needs all three AIRTIME_* variables; with none, the sandbox when it runs, or none. */
function airtimeConfig(
  e: Env,
  sandboxUrl: string,
  sandboxKeys: SandboxCredentials<AirtimeConfig>,
  sandboxOn: boolean,
): AirtimeConfig | undefined {
  const group = settingsGroup('Safaricom airtime', {
    AIRTIME_BASE_URL: e.AIRTIME_BASE_URL,
    AIRTIME_CONSUMER_KEY: e.AIRTIME_CONSUMER_KEY,
    AIRTIME_CONSUMER_SECRET: e.AIRTIME_CONSUMER_SECRET,
  });
  if (group === 'none') {
    return sandboxOn
      ? { ...sandboxKeys, baseUrl: `${sandboxUrl}/sandbox/airtime`, sandbox: true }
      : undefined;
  }
  return {
    baseUrl: (e.AIRTIME_BASE_URL as string).replace(/\/$/, ''),
    consumerKey: e.AIRTIME_CONSUMER_KEY as string,
    consumerSecret: e.AIRTIME_CONSUMER_SECRET as string,
    sandbox: false,
  };
}

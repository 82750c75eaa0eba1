import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseLocation } from './db.ts';
import { persistedVapidKeys, type VapidConfig, vapidKeyProblem } from './vapid.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const shortCode = z
  .string()
  .regex(/^\d{5,7}$/, 'a 5 to 7 digit short code')
  .optional();

const onOff = z.enum(['on', 'off'], { error: 'on or off' }).optional();

/** The browsers' push services (Chrome, Firefox, Edge, Safari): where a real PushSubscription points. */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

/** `host`, `*.domain` or `[ipv6]`, each optionally with `:port`. */
const PUSH_HOST_PATTERN = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/;

const EnvSchema = z.object({
  /** `production`: no generated secret, no sandbox unless SANDBOX=on, every provider's settings required. */
  NODE_ENV: optional,
  SANDBOX: onOff,
  SANDBOX_PUBLIC: onOff,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: optional,
  WEB_DIST_DIR: optional,
  DATABASE_URL: optional.pipe(z.url().optional()),
  REDIS_URL: optional.pipe(z.url().optional()),
  /** Where this deployment's rate-limit counters live in Redis: two deployments sharing one Redis count apart. */
  RATE_LIMIT_REDIS_NAMESPACE: z.string().min(1).max(100).default('playon-rate-limit:'),
  BETTER_AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  SANDBOX_OAUTH_CLIENT_ID: z.string().min(1).default('playon-sandbox'),
  SANDBOX_OAUTH_CLIENT_SECRET: z.string().min(1).default('playon-sandbox-secret'),
  DARAJA_BASE_URL: optional.pipe(z.url().optional()),
  DARAJA_CONSUMER_KEY: optional,
  DARAJA_CONSUMER_SECRET: optional,
  DARAJA_SHORTCODE: optional.pipe(shortCode),
  DARAJA_PASSKEY: optional,
  DARAJA_B2C_SHORTCODE: optional.pipe(shortCode),
  DARAJA_INITIATOR_NAME: optional,
  DARAJA_SECURITY_CREDENTIAL: optional,
  SANDBOX_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  PAYSTACK_BASE_URL: optional.pipe(z.url().optional()),
  PAYSTACK_SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^sk_(test|live)_\w+$/, 'a Paystack secret key, sk_test_... or sk_live_...')
      .optional(),
  ),
  PAYSTACK_WEBHOOK_URL: optional.pipe(z.url().optional()),
  AIRTIME_BASE_URL: optional.pipe(z.url().optional()),
  AIRTIME_CONSUMER_KEY: optional,
  AIRTIME_CONSUMER_SECRET: optional,
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('PlayOn <no-reply@playon.local>'),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Payments a player may start per minute (top-up, subscribe, withdraw together); Redis-shared. */
  RATE_LIMIT_PAYMENTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Payment prompts (M-Pesa STK, airtime) one phone may be sent per hour, whoever asks. */
  PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: z.coerce.number().int().positive().default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, 'use a number and a unit, like 15m')
    .default('15m'),
  JWKS_URL: optional.pipe(z.url().optional()),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  MPESA_CALLBACK_SECRET: optional.pipe(
    z
      .string()
      .min(32)
      .regex(/^[\w-]+$/, 'letters, digits, _ and -')
      .optional(),
  ),
  WITHDRAWAL_FEES: optional,
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(1000).default(30_000),
  STK_UNKNOWN_GIVE_UP_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60_000),
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  VAPID_SUBJECT: z
    .string()
    .default('mailto:support@playon.local')
    .refine((value) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value), 'a mailto: address or an https: URL'),
  DEMO_CONTENT: z
    .enum(['true', 'false'], { error: 'true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  PUSH_ENDPOINT_HOSTS: optional.pipe(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.string().regex(PUSH_HOST_PATTERN, 'host names like fcm.googleapis.com or *.push.apple.com'),
        ),
      )
      .optional(),
  ),
  PUSH_ALLOW_LOOPBACK: onOff,
});

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Safaricom Daraja (M-Pesa); without DARAJA_CONSUMER_KEY, the built-in sandbox under /sandbox/daraja. */
export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Lipa na M-Pesa Online (STK Push) short code. */
  shortCode: string;
  passkey: string;
  /** The short code B2C payouts leave from. */
  b2cShortCode: string;
  initiatorName: string;
  securityCredential: string;
  /** true when these are the built-in sandbox's values (DARAJA_CONSUMER_KEY not set). */
  sandbox: boolean;
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

/** The card gateway (Paystack); without PAYSTACK_SECRET_KEY, the built-in sandbox under /sandbox/paystack. */
export interface PaystackConfig {
  baseUrl: string;
  secretKey: string;
  /** The webhook URL set on the gateway's dashboard; the sandbox posts its webhooks there. */
  webhookUrl: string;
  /** true when these are the built-in sandbox's values (PAYSTACK_SECRET_KEY not set). */
  sandbox: boolean;
}

/** Safaricom airtime (carrier billing); without AIRTIME_CONSUMER_KEY, the built-in sandbox under /sandbox/airtime. */
export interface AirtimeConfig {
  baseUrl: string;
  consumerKey: string;
  /** Also the key of the HMAC-SHA256 signature on the charge results (docs/airtime-sandbox.md). */
  consumerSecret: string;
  /** true when these are the built-in sandbox's values (AIRTIME_CONSUMER_KEY not set). */
  sandbox: boolean;
}

/** The built-in card sandbox's secret key. */
export const SANDBOX_PAYSTACK_SECRET_KEY = 'sk_test_playon_paystack_sandbox_0000000000';

/** The built-in airtime sandbox's credentials. */
export const SANDBOX_AIRTIME = {
  consumerKey: 'playon-airtime-sandbox',
  consumerSecret: 'playon-airtime-sandbox-secret',
} as const;

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

/** Which Web Push endpoints the server accepts and sends to (ADR 0016). */
export interface PushEndpointRules {
  /** `host`, `*.domain`, either with `:port`; without a port, the scheme's default port only. */
  hosts: string[];
  /** Test-only (refused in production): an http: or https: receiver on a loopback address. */
  allowLoopback: boolean;
}

export interface Config {
  /** NODE_ENV=production: real secrets, and real providers unless the sandbox is asked for. */
  production: boolean;
  sandbox: SandboxMode;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  webDistDir: string;
  /** The demo games (one folder each, with its game.json), served under /play/<slug>/ and seeded. */
  gamesDir: string;
  /** The game SDK's source, served under /play/sdk/. */
  gameSdkDir: string;
  database: DatabaseLocation;
  redisUrl: string | undefined;
  rateLimitRedisNamespace: string;
  authSecret: string;
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  sandboxOAuthClient: OAuthClient;
  daraja: DarajaConfig;
  paystack: PaystackConfig;
  airtime: AirtimeConfig;
  /** How long the payment sandboxes (Daraja, card, airtime) wait before they send a callback or result. */
  sandboxPaymentDelayMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimitAuthPerMinute: number;
  rateLimitPaymentsPerMinute: number;
  paymentPromptsPerPhonePerHour: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  accessTokenTtl: string;
  /** Trust access tokens of another issuer; by default the JWKS comes from our own identity service. */
  jwksUrl: string | undefined;
  /** Proxies in front of the server whose X-Forwarded-For is believed; 0 = the socket address is the client. */
  trustProxyHops: number;
  /** Origins besides PUBLIC_URL allowed to call the identity service with cookies (a dev server). */
  trustedOrigins: string[];
  /** The unguessable path segment of the M-Pesa callback URLs (ADR 0009). */
  mpesaCallbackSecret: string;
  limits: PaymentLimits;
  withdrawalFees: FeeBand[];
  /** An intent still open this long after it started is asked about (STK Push Query, Transaction Status). */
  reconcileAfterMs: number;
  /**
   * A top-up whose STK push never told us its checkout id has nothing to query: after this long
   * without a callback it stays open, stops retrying and is left for an operator.
   */
  stkUnknownGiveUpMs: number;
  /** An Idempotency-Key whose request stopped renewing it this long ago is taken over by a retry (ADR 0017). */
  idempotencyLeaseMs: number;
  /** Seed demo players, tournaments (with scores, one of each state) and TV videos on first boot. */
  demoContent: boolean;
  /** Web Push (RFC 8292): the key pair browsers subscribe with and push requests are signed by. */
  vapid: VapidConfig;
  pushEndpoints: PushEndpointRules;
}

/** One band of the withdrawal fee table: withdrawing `upTo` KES or less (and more than the band before) costs `fee` KES. */
export interface FeeBand {
  upTo: number;
  fee: number;
}

/** Safaricom-like tiered B2C charges (KES) until WITHDRAWAL_FEES says otherwise. */
export const DEFAULT_WITHDRAWAL_FEES: FeeBand[] = [
  { upTo: 100, fee: 0 },
  { upTo: 1_500, fee: 5 },
  { upTo: 5_000, fee: 9 },
  { upTo: 20_000, fee: 11 },
  { upTo: 250_000, fee: 13 },
];

const FeeTableSchema = z
  .array(z.object({ upTo: z.number().int().positive(), fee: z.number().int().min(0) }))
  .min(1)
  .refine(
    (bands) => bands.every((band, i) => i === 0 || band.upTo > (bands[i - 1]?.upTo ?? 0)),
    'bands must rise',
  );

export interface PaymentLimits {
  /** Whole KES, inclusive. */
  stk: { min: number; max: number };
  b2c: { min: number; max: number };
}

export class ConfigError extends Error {}

function client(id: string | undefined, secret: string | undefined): OAuthClient | undefined {
  return id && secret ? { clientId: id, clientSecret: secret } : undefined;
}

/**
 * Parses the environment once; a bad value stops start-up with the names of the bad variables.
 * `notes` collects what a first start decided on its own (a generated secret), for the log.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, notes: string[] = []): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const sandbox = sandboxMode(e, production);
  const missing = missingForProduction(e, production, sandbox.on);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: ${production ? 'NODE_ENV is production' : 'SANDBOX is off'}, so these must be set: ${missing.join(', ')}` +
        (sandbox.on ? '' : ' (or SANDBOX=on to run the built-in sandbox providers, never for real players)'),
    );
  }
  if (production) {
    const problems = productionProblems(e);
    if (problems.length) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  if (
    (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) ||
    (e.FACEBOOK_CLIENT_ID && !e.FACEBOOK_CLIENT_SECRET)
  ) {
    throw new ConfigError('Invalid configuration: a *_CLIENT_ID needs its *_CLIENT_SECRET');
  }
  // Relative paths are the operator's working directory's, as any command-line tool reads them.
  const dataDir = resolve(e.DATA_DIR ?? join(repoRoot, 'data'));
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Only loopback clients reach a closed sandbox: the server calls its providers' APIs there too.
  const sandboxUrl = sandbox.public ? publicUrl : `http://127.0.0.1:${e.PORT}`;
  const authSecret =
    e.BETTER_AUTH_SECRET ?? persistedSecret(dataDir, notes, 'auth-secret', 'BETTER_AUTH_SECRET');
  const keys = sandboxKeys(production, authSecret);
  return {
    production,
    sandbox,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist')),
    gamesDir: join(repoRoot, 'games'),
    gameSdkDir: join(repoRoot, 'packages/game-sdk/src'),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: join(dataDir, 'db') },
    redisUrl: e.REDIS_URL,
    rateLimitRedisNamespace: e.RATE_LIMIT_REDIS_NAMESPACE,
    authSecret,
    google: client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    facebook: client(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    sandboxOAuthClient: { clientId: e.SANDBOX_OAUTH_CLIENT_ID, clientSecret: e.SANDBOX_OAUTH_CLIENT_SECRET },
    daraja: darajaConfig(e, sandboxUrl, keys.daraja),
    paystack: paystackConfig(e, publicUrl, sandboxUrl, keys.paystackSecretKey),
    airtime: airtimeConfig(e, sandboxUrl, keys.airtime),
    sandboxPaymentDelayMs: e.SANDBOX_PAYMENT_DELAY_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitPaymentsPerMinute: e.RATE_LIMIT_PAYMENTS_PER_MINUTE,
    paymentPromptsPerPhonePerHour: e.PAYMENT_PROMPTS_PER_PHONE_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    jwksUrl: e.JWKS_URL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    trustedOrigins: e.TRUSTED_ORIGINS.map((origin) => new URL(origin).origin),
    mpesaCallbackSecret:
      e.MPESA_CALLBACK_SECRET ??
      persistedSecret(dataDir, notes, 'mpesa-callback-secret', 'MPESA_CALLBACK_SECRET'),
    limits: { stk: { min: 1, max: 250_000 }, b2c: { min: 10, max: 250_000 } },
    withdrawalFees: e.WITHDRAWAL_FEES ? feeTable(e.WITHDRAWAL_FEES) : DEFAULT_WITHDRAWAL_FEES,
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
    stkUnknownGiveUpMs: e.STK_UNKNOWN_GIVE_UP_MS,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    demoContent: e.DEMO_CONTENT,
    vapid: vapidConfig(e, dataDir, notes),
    pushEndpoints: {
      hosts: e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK === 'on',
    },
  };
}

type Env = z.infer<typeof EnvSchema>;
type SandboxCredentials<T> = Omit<T, 'baseUrl' | 'sandbox'>;

/**
 * The sandboxes' own credentials: on a laptop the ones published in the repository and its docs;
 * in production (SANDBOX=on) their secrets are derived from BETTER_AUTH_SECRET, so nobody can sign
 * a card webhook or an airtime result the server trusts with a key from the repository.
 */
function sandboxKeys(production: boolean, authSecret: string) {
  if (!production) {
    return {
      daraja: SANDBOX_DARAJA,
      paystackSecretKey: SANDBOX_PAYSTACK_SECRET_KEY,
      airtime: SANDBOX_AIRTIME,
    };
  }
  const derive = (purpose: string) =>
    createHmac('sha256', authSecret).update(`playon sandbox ${purpose}`).digest('hex');
  return {
    daraja: { ...SANDBOX_DARAJA, consumerSecret: derive('daraja') },
    paystackSecretKey: `sk_test_${derive('card')}`,
    airtime: { ...SANDBOX_AIRTIME, consumerSecret: derive('airtime') },
  };
}

function sandboxMode(e: Env, production: boolean): SandboxMode {
  const on = e.SANDBOX ? e.SANDBOX === 'on' : !production;
  const isPublic = on && (e.SANDBOX_PUBLIC ? e.SANDBOX_PUBLIC === 'on' : !production);
  const warning =
    on && production
      ? `SANDBOX MODE IN PRODUCTION: payments, sign-in and mail are simulated and nothing real is charged or sent; the sandbox pages are open to ${isPublic ? 'ANYONE (SANDBOX_PUBLIC=on)' : 'this machine only'}. Never let real players in.`
      : undefined;
  return { on, public: isPublic, warning };
}

/** Values that are fine on a laptop and wrong on a public server. */
function productionProblems(e: Env): string[] {
  const problems: string[] = [];
  if (e.PUBLIC_URL && !e.PUBLIC_URL.startsWith('https://'))
    problems.push('PUBLIC_URL: an https: URL in production');
  if (e.PUSH_ALLOW_LOOPBACK === 'on') problems.push('PUSH_ALLOW_LOOPBACK: for tests, never in production');
  // These sandbox values are in the repository: anyone could sign a callback with them.
  const published = {
    PAYSTACK_SECRET_KEY: [e.PAYSTACK_SECRET_KEY, SANDBOX_PAYSTACK_SECRET_KEY],
    DARAJA_CONSUMER_SECRET: [e.DARAJA_CONSUMER_SECRET, SANDBOX_DARAJA.consumerSecret],
    AIRTIME_CONSUMER_SECRET: [e.AIRTIME_CONSUMER_SECRET, SANDBOX_AIRTIME.consumerSecret],
  };
  for (const [name, [value, sandboxValue]] of Object.entries(published)) {
    if (value === sandboxValue) problems.push(`${name}: the sandbox's published value, not a real secret`);
  }
  return problems;
}

/** What production needs (generated secrets are for the laptop), and every provider without the sandbox. */
function missingForProduction(e: Env, production: boolean, sandbox: boolean): string[] {
  const required: Record<string, string | undefined> = {};
  if (production) {
    Object.assign(required, {
      PUBLIC_URL: e.PUBLIC_URL,
      DATABASE_URL: e.DATABASE_URL,
      BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
      MPESA_CALLBACK_SECRET: e.MPESA_CALLBACK_SECRET,
      VAPID_PUBLIC_KEY: e.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: e.VAPID_PRIVATE_KEY,
    });
  }
  if (!sandbox) {
    Object.assign(required, {
      DARAJA_BASE_URL: e.DARAJA_BASE_URL,
      DARAJA_CONSUMER_KEY: e.DARAJA_CONSUMER_KEY,
      DARAJA_CONSUMER_SECRET: e.DARAJA_CONSUMER_SECRET,
      DARAJA_SHORTCODE: e.DARAJA_SHORTCODE,
      DARAJA_PASSKEY: e.DARAJA_PASSKEY,
      DARAJA_B2C_SHORTCODE: e.DARAJA_B2C_SHORTCODE,
      DARAJA_INITIATOR_NAME: e.DARAJA_INITIATOR_NAME,
      DARAJA_SECURITY_CREDENTIAL: e.DARAJA_SECURITY_CREDENTIAL,
      PAYSTACK_SECRET_KEY: e.PAYSTACK_SECRET_KEY,
      AIRTIME_BASE_URL: e.AIRTIME_BASE_URL,
      AIRTIME_CONSUMER_KEY: e.AIRTIME_CONSUMER_KEY,
      AIRTIME_CONSUMER_SECRET: e.AIRTIME_CONSUMER_SECRET,
      GOOGLE_CLIENT_ID: e.GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: e.GOOGLE_CLIENT_SECRET,
      FACEBOOK_CLIENT_ID: e.FACEBOOK_CLIENT_ID,
      FACEBOOK_CLIENT_SECRET: e.FACEBOOK_CLIENT_SECRET,
      SMTP_URL: e.SMTP_URL,
    });
  }
  return Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/** Both VAPID keys, or neither (then a pair generated once into the data directory). */
function vapidConfig(e: Env, dataDir: string, notes: string[]): VapidConfig {
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY) {
      throw new ConfigError(
        'Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
      );
    }
    const problem = vapidKeyProblem(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
    if (problem) throw new ConfigError(`Invalid configuration: ${problem}`);
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
  }
  try {
    return { ...persistedVapidKeys(dataDir, notes), subject: e.VAPID_SUBJECT };
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
}

/** A laptop start needs no secret: one is generated on first boot and kept in the data directory. */
function persistedSecret(dataDir: string, notes: string[], name: string, variable: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  notes.push(`${variable} is not set: generated one and saved it in the data directory`);
  return secret;
}

function feeTable(json: string): FeeBand[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ConfigError('Invalid configuration: WITHDRAWAL_FEES: not JSON');
  }
  const parsed = FeeTableSchema.safeParse(value);
  if (!parsed.success) {
    throw new ConfigError(
      'Invalid configuration: WITHDRAWAL_FEES: a rising list of {"upTo": KES, "fee": KES}, like [{"upTo":100,"fee":0},{"upTo":250000,"fee":13}]',
    );
  }
  return parsed.data;
}

/** Real Daraja needs every DARAJA_* variable; without a consumer key, the sandbox's values. */
function darajaConfig(
  e: Env,
  sandboxUrl: string,
  sandboxKeys: SandboxCredentials<DarajaConfig>,
): DarajaConfig {
  if (!e.DARAJA_CONSUMER_KEY) {
    return { ...sandboxKeys, baseUrl: `${sandboxUrl}/sandbox/daraja`, sandbox: true };
  }
  const values = {
    DARAJA_BASE_URL: e.DARAJA_BASE_URL,
    DARAJA_CONSUMER_SECRET: e.DARAJA_CONSUMER_SECRET,
    DARAJA_SHORTCODE: e.DARAJA_SHORTCODE,
    DARAJA_PASSKEY: e.DARAJA_PASSKEY,
    DARAJA_B2C_SHORTCODE: e.DARAJA_B2C_SHORTCODE,
    DARAJA_INITIATOR_NAME: e.DARAJA_INITIATOR_NAME,
    DARAJA_SECURITY_CREDENTIAL: e.DARAJA_SECURITY_CREDENTIAL,
  };
  const missing = Object.entries(values).filter(([, value]) => !value);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: DARAJA_CONSUMER_KEY is set, so ${missing.map(([name]) => name).join(', ')} must be too`,
    );
  }
  return {
    baseUrl: (values.DARAJA_BASE_URL as string).replace(/\/$/, ''),
    consumerKey: e.DARAJA_CONSUMER_KEY,
    consumerSecret: values.DARAJA_CONSUMER_SECRET as string,
    shortCode: values.DARAJA_SHORTCODE as string,
    passkey: values.DARAJA_PASSKEY as string,
    b2cShortCode: values.DARAJA_B2C_SHORTCODE as string,
    initiatorName: values.DARAJA_INITIATOR_NAME as string,
    securityCredential: values.DARAJA_SECURITY_CREDENTIAL as string,
    sandbox: false,
  };
}

/** The real gateway with PAYSTACK_SECRET_KEY (its API unless PAYSTACK_BASE_URL says otherwise); else the sandbox. */
function paystackConfig(
  e: Env,
  publicUrl: string,
  sandboxUrl: string,
  sandboxSecretKey: string,
): PaystackConfig {
  const webhookUrl = e.PAYSTACK_WEBHOOK_URL ?? `${publicUrl}/api/payments/callbacks/card`;
  if (!e.PAYSTACK_SECRET_KEY) {
    return {
      baseUrl: `${sandboxUrl}/sandbox/paystack`,
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

/** Real carrier billing needs AIRTIME_BASE_URL and AIRTIME_CONSUMER_SECRET with the key; else the sandbox. */
function airtimeConfig(
  e: Env,
  sandboxUrl: string,
  sandboxKeys: SandboxCredentials<AirtimeConfig>,
): AirtimeConfig {
  if (!e.AIRTIME_CONSUMER_KEY) {
    return { ...sandboxKeys, baseUrl: `${sandboxUrl}/sandbox/airtime`, sandbox: true };
  }
  const missing = Object.entries({
    AIRTIME_BASE_URL: e.AIRTIME_BASE_URL,
    AIRTIME_CONSUMER_SECRET: e.AIRTIME_CONSUMER_SECRET,
  }).filter(([, value]) => !value);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration: AIRTIME_CONSUMER_KEY is set, so ${missing.map(([name]) => name).join(', ')} must be too`,
    );
  }
  return {
    baseUrl: (e.AIRTIME_BASE_URL as string).replace(/\/$/, ''),
    consumerKey: e.AIRTIME_CONSUMER_KEY,
    consumerSecret: e.AIRTIME_CONSUMER_SECRET as string,
    sandbox: false,
  };
}

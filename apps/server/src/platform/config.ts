import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Env, parseEnv } from './config/env.ts';
import { type LoadShedding, loadShedding } from './config/load-shedding.ts';
import { storageLocation } from './config/object-storage.ts';
import { ownOrigins } from './config/own-addresses.ts';
import { type FeeBand, PAYMENT_LIMITS, type PaymentLimits, withdrawalFees } from './config/payment-rules.ts';
import {
  type AirtimeConfig,
  type DarajaConfig,
  type OAuthClient,
  oauthClients,
  type PaystackConfig,
  type PushEndpointRules,
  paymentProviders,
  pushEndpointRules,
} from './config/providers.ts';
import {
  type SandboxDarajaPace,
  type SandboxMode,
  sandboxDarajaPace,
  sandboxKeys,
  sandboxMode,
} from './config/sandbox.ts';
import { type SecretRotation, secretRotation } from './config/secret-rotation.ts';
import {
  type GivenSecrets,
  givenSecrets,
  type LaptopSecrets,
  laptopSecrets,
  refuseUnrealSettings,
} from './config/secrets.ts';
import { type SignInLimits, signInLimits } from './config/sign-in-limits.ts';
import { type TracingSettings, tracingSettings } from './config/tracing.ts';
import type { DatabaseLocation } from './db.ts';
import type { StorageLocation } from './storage.ts';

// The configuration's one public face: its pieces live in config/, modules import from here.
export { ConfigError } from './config/env.ts';
export type { LoadShedding } from './config/load-shedding.ts';
export { lanOrigins } from './config/own-addresses.ts';
export { DEFAULT_WITHDRAWAL_FEES, type FeeBand, type PaymentLimits } from './config/payment-rules.ts';
export {
  type AirtimeConfig,
  type DarajaConfig,
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  type OAuthClient,
  type PaystackConfig,
  type PushEndpointRules,
} from './config/providers.ts';
export {
  SANDBOX_AIRTIME,
  SANDBOX_DARAJA,
  SANDBOX_PAYSTACK_SECRET_KEY,
  type SandboxDarajaPace,
  type SandboxMode,
} from './config/sandbox.ts';
export type { SecretRotation } from './config/secret-rotation.ts';
export type { SignInLimits } from './config/sign-in-limits.ts';
export type { TracingSettings } from './config/tracing.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface Config extends LaptopSecrets {
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
  /** Uploads: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set (ADR 0030). */
  storage: StorageLocation;
  /**
   * GET /metrics: `token` asks for METRICS_TOKEN as a bearer token; without one it is `open` on a
   * laptop and `off` (404) in production (ADR 0030).
   */
  metrics: { access: 'token'; token: string } | { access: 'open' | 'off' };
  /**
   * The API document served at /api/docs and /api/docs/json (API_DOCS): on a laptop by default, off
   * (404) in production unless asked for. The console's /api/ops routes are never in it.
   */
  apiDocs: boolean;
  redisUrl: string | undefined;
  rateLimitRedisNamespace: string;
  /** Prefix of the bus's channels in Redis: instances of one deployment share it. */
  redisBusNamespace: string;
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  sandboxOAuthClient: OAuthClient;
  daraja: DarajaConfig;
  /** Undefined when the card gateway is off: its settings not given, and no sandbox (ADR 0077). */
  paystack: PaystackConfig | undefined;
  /** Undefined when Safaricom airtime is off: its settings not given, and no sandbox (ADR 0077). */
  airtime: AirtimeConfig | undefined;
  /** How long the payment sandboxes (Daraja, card, airtime) wait before they send a callback or result. */
  sandboxPaymentDelayMs: number;
  /** How the Daraja sandbox paces its STK Push: answers, callbacks and spike arrest (docs/mpesa-sandbox.md). */
  sandboxDaraja: SandboxDarajaPace;
  smtpUrl: string | undefined;
  mailFrom: string;
  signInLimits: SignInLimits;
  rateLimitPaymentsPerMinute: number;
  paymentPromptsPerPhonePerHour: number;
  logLevel: Env['LOG_LEVEL'];
  accessTokenTtl: string;
  /** Trust access tokens of another issuer; by default the JWKS comes from our own identity service. */
  jwksUrl: string | undefined;
  /** Proxies in front of the server whose X-Forwarded-For is believed; 0 = the socket address is the client. */
  trustProxyHops: number;
  /**
   * The addresses and CIDR blocks allowed to call the Daraja callback routes, read through
   * trustProxyHops; empty: any address (ADR 0075).
   */
  mpesaCallbackAllowedAddresses: string[];
  /** Origins besides PUBLIC_URL allowed to call the identity service with cookies (a dev server). */
  trustedOrigins: string[];
  /**
   * The laptop sandbox's own addresses (localhost, 127.0.0.1, the LAN address a phone opens...),
   * where sign-in works as at PUBLIC_URL and its links and redirects stay on the address in use.
   * Empty in production, sandbox or not: there PUBLIC_URL alone is trusted.
   */
  ownOrigins: string[];
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
  /** SIGTERM: how long the instance serves with Connection: close before it stops listening (ADR 0047). */
  shutdownDrainMs: number;
  /** OpenTelemetry tracing from the OTEL_* variables, off unless OTEL_TRACES_EXPORTER=otlp (ADR 0051). */
  tracing: TracingSettings;
  /** Past these, requests are answered 503 with Retry-After rather than slowly (ADR 0052). */
  loadShedding: LoadShedding;
  /** An operator's session ends this long after sign-in, however active (OPERATOR_SESSION_HOURS). */
  operatorSessionMs: number;
  /** Seed demo players, tournaments (with scores, one of each state) and TV videos on first boot. */
  demoContent: boolean;
  pushEndpoints: PushEndpointRules;
  /** The M-Pesa callback secret and card key being replaced, and until when (ADR 0054); none: undefined. */
  keyRotation: SecretRotation | undefined;
}

/** The configuration as the environment alone gives it: the laptop's generated secrets not read yet. */
export interface ParsedConfig extends Omit<Config, keyof LaptopSecrets> {
  secrets: GivenSecrets;
}

// Relative paths are the operator's working directory's, as any command-line tool reads them.
const dataDirOf = (e: Pick<Env, 'DATA_DIR'>) => resolve(e.DATA_DIR ?? join(repoRoot, 'data'));

const databaseOf = (e: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>): DatabaseLocation =>
  e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dir: join(dataDirOf(e), 'db') };

/** The database alone, from DATABASE_URL (or DATA_DIR's embedded one): all `npm run migrate` needs. */
export function databaseLocation(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return databaseOf(parseEnv(env));
}

/**
 * Parses the environment once, touching nothing on disk; a bad value stops start-up with the names
 * of the bad variables, and production without its real settings does not start.
 */
export function parseConfig(env: NodeJS.ProcessEnv = process.env): ParsedConfig {
  const e = parseEnv(env);
  const production = e.NODE_ENV === 'production';
  const sandbox = sandboxMode(e, production);
  refuseUnrealSettings(e, production, sandbox.on);
  const oauth = oauthClients(e);
  const dataDir = dataDirOf(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Only loopback clients reach a closed sandbox: the server calls its providers' APIs there too.
  const sandboxUrl = sandbox.public ? publicUrl : `http://127.0.0.1:${e.PORT}`;
  // Production has refused to start above unless BETTER_AUTH_SECRET is set.
  const keys = sandboxKeys(production ? e.BETTER_AUTH_SECRET : undefined);
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
    database: databaseOf(e),
    storage: storageLocation(e, dataDir),
    metrics: e.METRICS_TOKEN
      ? { access: 'token', token: e.METRICS_TOKEN }
      : { access: production ? 'off' : 'open' },
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : !production,
    redisUrl: e.REDIS_URL,
    rateLimitRedisNamespace: e.RATE_LIMIT_REDIS_NAMESPACE,
    redisBusNamespace: e.REDIS_BUS_NAMESPACE,
    ...oauth,
    ...paymentProviders(e, { publicUrl, sandboxUrl }, keys, sandbox.on),
    sandboxPaymentDelayMs: e.SANDBOX_PAYMENT_DELAY_MS,
    sandboxDaraja: sandboxDarajaPace(e),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    signInLimits: signInLimits(e),
    rateLimitPaymentsPerMinute: e.RATE_LIMIT_PAYMENTS_PER_MINUTE,
    paymentPromptsPerPhonePerHour: e.PAYMENT_PROMPTS_PER_PHONE_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    jwksUrl: e.JWKS_URL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    mpesaCallbackAllowedAddresses: e.MPESA_CALLBACK_ALLOWED_ADDRESSES,
    trustedOrigins: e.TRUSTED_ORIGINS.map((origin) => new URL(origin).origin),
    ownOrigins: sandbox.on && !production ? ownOrigins(e.PORT) : [],
    limits: PAYMENT_LIMITS,
    withdrawalFees: withdrawalFees(e),
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
    stkUnknownGiveUpMs: e.STK_UNKNOWN_GIVE_UP_MS,
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    tracing: tracingSettings(e),
    loadShedding: loadShedding(e),
    operatorSessionMs: e.OPERATOR_SESSION_HOURS * 60 * 60_000,
    demoContent: e.DEMO_CONTENT,
    pushEndpoints: pushEndpointRules(e),
    keyRotation: secretRotation(e),
    secrets: givenSecrets(e),
  };
}

/**
 * The start-up step after parsing: the secrets the environment left unset, read from the data
 * directory or generated into it (config/secrets.ts). `notes` says what was generated, for the log.
 */
export function withLaptopSecrets({ secrets, ...settings }: ParsedConfig, notes: string[] = []): Config {
  return { ...settings, ...laptopSecrets(settings.dataDir, secrets, notes) };
}

/** Both steps at once, for tests and scripts: parse, then the laptop's secrets. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, notes: string[] = []): Config {
  return withLaptopSecrets(parseConfig(env), notes);
}

import { isIP } from 'node:net';
import { z } from 'zod';

/** A start-up refusal: its message names the bad variables, never their values. */
export class ConfigError extends Error {}

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const shortCode = z
  .string()
  .regex(/^\d{5,7}$/, 'a 5 to 7 digit short code')
  .optional();

/** A counting window, like 90s, 5m or 1h, in milliseconds. */
const window = (fallback: string) =>
  z
    .string()
    .regex(/^\d+[smh]$/, 'a number and a unit, like 90s, 5m or 1h')
    .default(fallback)
    .transform(
      (value) => Number(value.slice(0, -1)) * { s: 1000, m: 60_000, h: 3_600_000 }[value.slice(-1) as 's'],
    );

const onOff = z.enum(['on', 'off'], { error: 'on or off' }).optional();

/** An IP address, or a CIDR block of them (196.201.212.0/24, 2001:db8::/32). */
function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Comma-separated addresses and CIDR blocks; empty: none listed. */
const addressList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine(isAddressOrBlock, 'IP addresses or CIDR blocks, like 196.201.214.200 or 196.201.212.0/24'),
    ),
  );

/** The secret path segment of the M-Pesa and airtime callback URLs (ADR 0009). */
const callbackSecret = z
  .string()
  .min(32)
  .regex(/^[\w-]+$/, 'letters, digits, _ and -')
  .optional();

const paystackSecretKey = z
  .string()
  .regex(/^sk_(test|live)_\w+$/, 'a Paystack secret key, sk_test_... or sk_live_...')
  .optional();

/** An instant with its zone, so no one reads it as Nairobi's time when it was UTC's, or the reverse. */
const instant = z.iso
  .datetime({ offset: true, error: 'a time with its zone, like 2026-12-01T18:00:00+03:00' })
  .transform((value) => new Date(value))
  .optional();

/** The OpenTelemetry specification's samplers, by their OTEL_TRACES_SAMPLER names. */
const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** Where the OTLP exporter sends spans: OTLP over HTTP. */
const otlpEndpoint = z.url({ protocol: /^https?$/, error: 'an http: or https: URL' }).optional();

/** `host`, `*.domain` or `[ipv6]`, each optionally with `:port`. */
const PUSH_HOST_PATTERN = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/;

const EnvSchema = z.object({
  /** `production`: no generated secret, no sandbox unless SANDBOX=on, Daraja's settings required (ADR 0077). */
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
  /** Every Redis key's prefix; a board's keys put their hash tag `{board}` after it, so no braces here. */
  REDIS_BUS_NAMESPACE: z
    .string()
    .min(1)
    .max(100)
    .regex(
      /^[^{}]*$/,
      'no { or }: a leaderboard keeps its keys together with a {hash tag} after the namespace',
    )
    .default('playon:'),
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
  /** Where STK Push payments go: the paybill DARAJA_SHORTCODE, or DARAJA_TILL_NUMBER of that store. */
  DARAJA_STK_ACCOUNT: z.enum(['paybill', 'till'], { error: 'paybill or till' }).default('paybill'),
  DARAJA_TILL_NUMBER: optional.pipe(shortCode),
  DARAJA_B2C_SHORTCODE: optional.pipe(shortCode),
  DARAJA_INITIATOR_NAME: optional,
  DARAJA_SECURITY_CREDENTIAL: optional,
  SANDBOX_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  /** The Daraja sandbox's STK callbacks come after SANDBOX_PAYMENT_DELAY_MS up to this, at random. */
  SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** How long the Daraja sandbox takes to answer an STK Push or its query. */
  SANDBOX_DARAJA_ANSWER_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** STK Pushes a second above which the Daraja sandbox answers 500.003.02 (spike arrest). */
  SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND: z.coerce.number().int().positive().default(100),
  PAYSTACK_BASE_URL: optional.pipe(z.url().optional()),
  PAYSTACK_SECRET_KEY: optional.pipe(paystackSecretKey),
  PAYSTACK_WEBHOOK_URL: optional.pipe(z.url().optional()),
  AIRTIME_BASE_URL: optional.pipe(z.url().optional()),
  AIRTIME_CONSUMER_KEY: optional,
  AIRTIME_CONSUMER_SECRET: optional,
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('PlayOn <no-reply@playon.local>'),
  /** Wrong passwords (or reset tokens) one account may take per window, from any address. */
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  SIGN_IN_FAILURES_PER_ACCOUNT_WINDOW: window('5m'),
  /** Wrong passwords one client address may send per window: a carrier NAT address is hundreds of players. */
  SIGN_IN_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  SIGN_IN_FAILURES_PER_ADDRESS_WINDOW: window('1m'),
  SIGN_UPS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(300),
  PASSWORD_RESET_REQUESTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Reset mails one inbox may be sent per hour, whoever asks. */
  PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(3),
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
  MPESA_CALLBACK_SECRET: optional.pipe(callbackSecret),
  /** Who may call the Daraja callback routes (ADR 0075); empty: anyone with the secret. */
  MPESA_CALLBACK_ALLOWED_ADDRESSES: addressList,
  /** A secret being replaced, accepted beside the current one until SECRET_ROTATION_ENDS_AT (ADR 0054). */
  MPESA_CALLBACK_SECRET_PREVIOUS: optional.pipe(callbackSecret),
  PAYSTACK_SECRET_KEY_PREVIOUS: optional.pipe(paystackSecretKey),
  SECRET_ROTATION_ENDS_AT: optional.pipe(instant),
  /** From then on new callback URLs carry MPESA_CALLBACK_SECRET; before, the previous one. */
  SECRET_ROTATION_STARTS_AT: optional.pipe(instant),
  WITHDRAWAL_FEES: optional,
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
  IDEMPOTENCY_LEASE_MS: z.coerce.number().int().min(1000).default(6_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  OPERATOR_SESSION_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 7)
    .default(12),
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
  /** Uploads go to this S3-compatible bucket instead of DATA_DIR/uploads (ADR 0030). */
  S3_BUCKET: optional,
  S3_REGION: optional,
  /** An S3-compatible service's address (MinIO, R2, ...); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'an http: or https: URL' }).optional()),
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, an instance or task role). */
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  /** `on`: https://endpoint/bucket/key rather than https://bucket.endpoint/key; default on with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: onOff,
  /** Prepended to every key, for a bucket shared with other uses: `playon/`. */
  S3_PREFIX: optional.pipe(
    z
      .string()
      .regex(/^([\w.-]+\/)+$/, 'folder names ending in /, like playon/')
      .optional(),
  ),
  /** The bearer token Prometheus sends for GET /metrics (ADR 0030). */
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .min(32, 'at least 32 characters')
      .regex(/^[\w.~+/=-]+$/, 'letters, digits and . _ ~ + / = -')
      .optional(),
  ),
  /** The API document at /api/docs (UI and JSON): `on` serves it, default on a laptop only. */
  API_DOCS: onOff,
  /** Tracing (ADR 0051, config/tracing.ts): the OpenTelemetry specification's variables. */
  OTEL_SDK_DISABLED: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() === 'true'),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none'], { error: 'otlp or none' }).default('none'),
  OTEL_SERVICE_NAME: z.string().min(1).default('playon-server'),
  OTEL_TRACES_SAMPLER: z
    .enum(TRACE_SAMPLERS, { error: `one of ${TRACE_SAMPLERS.join(', ')}` })
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: optional
    .transform((ratio) => (ratio === undefined ? 1 : Number(ratio)))
    .pipe(z.number({ error: 'a number from 0 to 1' }).min(0).max(1)),
  /** Checked here only: the OTLP exporter reads them itself, with OTEL_EXPORTER_OTLP_HEADERS. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(otlpEndpoint),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional.pipe(otlpEndpoint),
  /** Load shedding (ADR 0052, config/load-shedding.ts); 0 turns a limit off. */
  LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /** Unset: 90 % of V8's heap limit. */
  LOAD_SHED_MAX_HEAP_USED_MB: optional
    .transform((megabytes) => (megabytes === undefined ? undefined : Number(megabytes)))
    .pipe(z.number({ error: 'a whole number of MB' }).int().min(0).optional()),
  LOAD_SHED_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  LOAD_SHED_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
});

/** The environment's variables, each checked and given its default; nothing combined yet. */
export type Env = z.infer<typeof EnvSchema>;

/** Reads the variables alone; a bad value stops start-up with the names of the bad variables. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

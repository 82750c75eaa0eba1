import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DatabaseLocation } from './db.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATA_DIR: optional,
  WEB_DIST_DIR: optional,
  DATABASE_URL: optional.pipe(z.url().optional()),
  REDIS_URL: optional.pipe(z.url().optional()),
  BETTER_AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  SANDBOX_OAUTH_CLIENT_ID: z.string().min(1).default('playon-sandbox'),
  SANDBOX_OAUTH_CLIENT_SECRET: z.string().min(1).default('playon-sandbox-secret'),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('PlayOn <no-reply@playon.local>'),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
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
  MPESA_CALLBACK_SECRET: optional.pipe(z.string().min(32).regex(/^[\w-]+$/, 'letters, digits, _ and -').optional()),
  WITHDRAWAL_FEES: optional,
  RECONCILE_AFTER_MS: z.coerce.number().int().min(0).default(30_000),
});

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  webDistDir: string;
  database: DatabaseLocation;
  redisUrl: string | undefined;
  authSecret: string;
  google: OAuthClient | undefined;
  facebook: OAuthClient | undefined;
  sandboxOAuthClient: OAuthClient;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimitAuthPerMinute: number;
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
  .refine((bands) => bands.every((band, i) => i === 0 || band.upTo > (bands[i - 1]?.upTo ?? 0)), 'bands must rise');

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
  if (
    (e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) ||
    (e.FACEBOOK_CLIENT_ID && !e.FACEBOOK_CLIENT_SECRET)
  ) {
    throw new ConfigError('Invalid configuration: a *_CLIENT_ID needs its *_CLIENT_SECRET');
  }
  // Relative paths are the operator's working directory's, as any command-line tool reads them.
  const dataDir = resolve(e.DATA_DIR ?? join(repoRoot, 'data'));
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist')),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: join(dataDir, 'db') },
    redisUrl: e.REDIS_URL,
    authSecret: e.BETTER_AUTH_SECRET ?? persistedSecret(dataDir, notes, 'auth-secret', 'BETTER_AUTH_SECRET'),
    google: client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    facebook: client(e.FACEBOOK_CLIENT_ID, e.FACEBOOK_CLIENT_SECRET),
    sandboxOAuthClient: { clientId: e.SANDBOX_OAUTH_CLIENT_ID, clientSecret: e.SANDBOX_OAUTH_CLIENT_SECRET },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    logLevel: e.LOG_LEVEL,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    jwksUrl: e.JWKS_URL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    trustedOrigins: e.TRUSTED_ORIGINS.map((origin) => new URL(origin).origin),
    mpesaCallbackSecret:
      e.MPESA_CALLBACK_SECRET ?? persistedSecret(dataDir, notes, 'mpesa-callback-secret', 'MPESA_CALLBACK_SECRET'),
    limits: { stk: { min: 1, max: 250_000 }, b2c: { min: 10, max: 250_000 } },
    withdrawalFees: e.WITHDRAWAL_FEES ? feeTable(e.WITHDRAWAL_FEES) : DEFAULT_WITHDRAWAL_FEES,
    reconcileAfterMs: e.RECONCILE_AFTER_MS,
  };
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

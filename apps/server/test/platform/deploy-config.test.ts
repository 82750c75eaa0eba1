import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  SANDBOX_AIRTIME,
  SANDBOX_DARAJA,
  SANDBOX_PAYSTACK_SECRET_KEY,
} from '../../src/platform/config.ts';
import { redactedConfig } from '../../src/platform/config-redact.ts';
import { newVapidKeys } from '../support/vapid.ts';

// Production is not the laptop (ADR 0016): what a public server needs, and what it refuses.
const vapid = newVapidKeys();

/** Everything a production server without the sandbox needs, each value a secret nobody else knows. */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://playon.example',
  DATABASE_URL: 'postgres://playon:db-password-7f3a@db.internal:5432/playon',
  REDIS_URL: 'redis://:redis-password-91c2@cache.internal:6379',
  BETTER_AUTH_SECRET: 'auth-secret-0123456789abcdef0123456789',
  MPESA_CALLBACK_SECRET: 'mpesa-callback-secret-0123456789abcdef',
  ...vapid,
  DARAJA_BASE_URL: 'https://api.safaricom.co.ke',
  DARAJA_CONSUMER_KEY: 'daraja-consumer-key-5521',
  DARAJA_CONSUMER_SECRET: 'daraja-consumer-secret-8812',
  DARAJA_SHORTCODE: '123456',
  DARAJA_PASSKEY: 'daraja-passkey-7781',
  DARAJA_B2C_SHORTCODE: '654321',
  DARAJA_INITIATOR_NAME: 'playon-operator',
  DARAJA_SECURITY_CREDENTIAL: 'daraja-security-credential-4410',
  PAYSTACK_SECRET_KEY: 'sk_live_paystack0secret0key0991',
  AIRTIME_BASE_URL: 'https://airtime.carrier.example',
  AIRTIME_CONSUMER_KEY: 'airtime-consumer-key-3391',
  AIRTIME_CONSUMER_SECRET: 'airtime-consumer-secret-6627',
  GOOGLE_CLIENT_ID: 'google-client.apps.example',
  GOOGLE_CLIENT_SECRET: 'google-client-secret-1180',
  FACEBOOK_CLIENT_ID: '4455667788',
  FACEBOOK_CLIENT_SECRET: 'facebook-client-secret-2291',
  SMTP_URL: 'smtp://mailer:smtp-password-5150@smtp.example:587',
};
const secrets = [
  'db-password-7f3a',
  'redis-password-91c2',
  production.BETTER_AUTH_SECRET,
  production.MPESA_CALLBACK_SECRET,
  production.VAPID_PRIVATE_KEY,
  production.DARAJA_CONSUMER_KEY,
  production.DARAJA_CONSUMER_SECRET,
  production.DARAJA_PASSKEY,
  production.DARAJA_SECURITY_CREDENTIAL,
  production.PAYSTACK_SECRET_KEY,
  production.AIRTIME_CONSUMER_SECRET,
  production.GOOGLE_CLIENT_SECRET,
  production.FACEBOOK_CLIENT_SECRET,
  'smtp-password-5150',
];
const without = (...names: (keyof typeof production)[]) =>
  Object.fromEntries(Object.entries(production).filter(([name]) => !names.includes(name as never)));
/** The payment providers production may go without (ADR 0077): each is off when none of its settings is given. */
const optionalProviders = [
  'PAYSTACK_SECRET_KEY',
  'AIRTIME_BASE_URL',
  'AIRTIME_CONSUMER_KEY',
  'AIRTIME_CONSUMER_SECRET',
] as const;

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('a production server', () => {
  it('refuses to start with nothing set, naming every variable it needs', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playon-deploy-'));
    try {
      const message = refusal({ NODE_ENV: 'production', DATA_DIR: dataDir });
      for (const name of Object.keys(without('NODE_ENV', 'REDIS_URL', ...optionalProviders)))
        expect(message).toContain(name);
      for (const name of optionalProviders) expect(message).not.toContain(name);
      expect(message).toContain('SANDBOX=on');
      // Generated secrets are for the laptop: nothing was made up and saved.
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names just what is missing, the real secrets too', () => {
    const message = refusal(
      without('BETTER_AUTH_SECRET', 'VAPID_PRIVATE_KEY', 'SMTP_URL', 'GOOGLE_CLIENT_ID'),
    );
    expect(message).toMatch(/: BETTER_AUTH_SECRET, VAPID_PRIVATE_KEY, GOOGLE_CLIENT_ID, SMTP_URL \(/);
  });

  it('starts with real providers and the sandbox off', () => {
    const config = loadConfig(production);
    expect(config.production).toBe(true);
    expect(config.sandbox).toEqual({ on: false, public: false, warning: undefined });
    expect([config.daraja.sandbox, config.paystack?.sandbox, config.airtime?.sandbox]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('starts with Daraja and the card gateway alone: airtime is off, and no sandbox runs', () => {
    const config = loadConfig(without('AIRTIME_BASE_URL', 'AIRTIME_CONSUMER_KEY', 'AIRTIME_CONSUMER_SECRET'));
    expect(config.sandbox.on).toBe(false);
    expect(config.airtime).toBeUndefined();
    expect(config.paystack).toMatchObject({ baseUrl: 'https://api.paystack.co', sandbox: false });
    expect(config.daraja).toMatchObject({ baseUrl: 'https://api.safaricom.co.ke', sandbox: false });
  });

  it('starts without the card gateway too: it is off like airtime', () => {
    const config = loadConfig(without(...optionalProviders));
    expect([config.paystack, config.airtime]).toEqual([undefined, undefined]);
  });

  it("refuses part of a provider's settings, naming the ones set and the ones missing", () => {
    expect(refusal(without('AIRTIME_CONSUMER_SECRET'))).toBe(
      "Invalid configuration: AIRTIME_BASE_URL, AIRTIME_CONSUMER_KEY are set, so AIRTIME_CONSUMER_SECRET must be too (Safaricom airtime's settings go together: all of them, or none to leave it off)",
    );
    expect(refusal(without('AIRTIME_BASE_URL', 'AIRTIME_CONSUMER_KEY'))).toMatch(
      /: AIRTIME_CONSUMER_SECRET is set, so AIRTIME_BASE_URL, AIRTIME_CONSUMER_KEY must be too/,
    );
    // Daraja is not optional: without the sandbox, a missing one is named with the other settings.
    expect(refusal(without('DARAJA_PASSKEY'))).toMatch(/these must be set: DARAJA_PASSKEY \(/);
  });

  it('refuses the sandbox card key from the repository, a plain-http public URL and a loopback push receiver', () => {
    const message = refusal({
      ...production,
      PAYSTACK_SECRET_KEY: SANDBOX_PAYSTACK_SECRET_KEY,
      PUBLIC_URL: 'http://playon.example',
      PUSH_ALLOW_LOOPBACK: 'on',
    });
    expect(message).toContain("PAYSTACK_SECRET_KEY: the sandbox's published value");
    expect(message).toContain('PUBLIC_URL: an https: URL in production');
    expect(message).toContain('PUSH_ALLOW_LOOPBACK: for tests, never in production');
  });

  it('runs the sandbox only when asked (SANDBOX=on), closed to other machines and said loudly', () => {
    const secretsOnly = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://staging.playon.example',
      DATABASE_URL: production.DATABASE_URL,
      BETTER_AUTH_SECRET: production.BETTER_AUTH_SECRET,
      MPESA_CALLBACK_SECRET: production.MPESA_CALLBACK_SECRET,
      ...vapid,
      SANDBOX: 'on',
    };
    const config = loadConfig(secretsOnly);
    expect(config.sandbox.on).toBe(true);
    expect(config.sandbox.public).toBe(false);
    expect(config.sandbox.warning).toMatch(/^SANDBOX MODE IN PRODUCTION/);
    // Its pages answer loopback only: the server reaches the sandboxes' APIs there.
    expect(config.daraja.baseUrl).toBe('http://127.0.0.1:3000/sandbox/daraja');
    expect(config.paystack?.baseUrl).toBe('http://127.0.0.1:3000/sandbox/paystack');
    expect(loadConfig({ ...secretsOnly, SANDBOX_PUBLIC: 'on' }).sandbox).toMatchObject({
      public: true,
      warning: expect.stringContaining('ANYONE'),
    });
    // The keys in the repository sign nothing here: the sandboxes' secrets come from the real one.
    expect(config.paystack?.secretKey).not.toBe(SANDBOX_PAYSTACK_SECRET_KEY);
    expect(config.paystack?.secretKey).toMatch(/^sk_test_[0-9a-f]{64}$/);
    expect(config.airtime?.consumerSecret).not.toBe(SANDBOX_AIRTIME.consumerSecret);
    expect(config.daraja.consumerSecret).not.toBe(SANDBOX_DARAJA.consumerSecret);
    expect(loadConfig(secretsOnly).paystack?.secretKey).toBe(config.paystack?.secretKey);
    // The secrets are still required.
    expect(refusal({ NODE_ENV: 'production', SANDBOX: 'on' })).toMatch(
      /PUBLIC_URL, DATABASE_URL, BETTER_AUTH_SECRET, MPESA_CALLBACK_SECRET, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY$/,
    );
  });

  it('prints its configuration without a secret or a URL password', () => {
    const printed = JSON.stringify(redactedConfig(loadConfig(production)));
    for (const secret of secrets) expect(printed).not.toContain(secret);
    expect(printed).toContain('db.internal');
    expect(printed).toContain('https://api.safaricom.co.ke');
  });

  it('names a bad secret without showing it', () => {
    const message = refusal({
      ...production,
      BETTER_AUTH_SECRET: 'too-short-but-private',
      PAYSTACK_SECRET_KEY: 'pk_live_published0by0mistake',
    });
    expect(message).toContain('BETTER_AUTH_SECRET');
    expect(message).toContain('PAYSTACK_SECRET_KEY');
    expect(message).not.toContain('too-short-but-private');
    expect(message).not.toContain('pk_live_published0by0mistake');
  });

  it('stops `node src/main.ts` before anything starts, naming what is missing', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playon-deploy-'));
    try {
      const started = spawnSync(process.execPath, ['src/main.ts'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 80_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toMatch(/^PlayOn could not start: .*NODE_ENV is production/);
      for (const name of ['DATABASE_URL', 'BETTER_AUTH_SECRET', 'DARAJA_CONSUMER_KEY', 'SMTP_URL']) {
        expect(started.stderr).toContain(name);
      }
      expect(existsSync(join(dataDir, 'auth-secret'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A whole Node process loads the server's modules before it reads the configuration.
  }, 90_000);
});

describe('a laptop', () => {
  it('needs nothing: the sandbox is on and open to the browser and phone that use it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playon-deploy-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(config.production).toBe(false);
      expect(config.sandbox).toEqual({ on: true, public: true, warning: undefined });
      expect(config.daraja.baseUrl).toBe('http://localhost:3000/sandbox/daraja');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('can turn the sandbox off, and then needs every third party but the optional payment providers', () => {
    const message = refusal({ ...without('NODE_ENV', 'SMTP_URL', ...optionalProviders), SANDBOX: 'off' });
    expect(message).toMatch(/SANDBOX is off, so these must be set: SMTP_URL \(or SANDBOX=on/);
    const config = loadConfig({ ...without('NODE_ENV', ...optionalProviders), SANDBOX: 'off' });
    expect([config.paystack, config.airtime]).toEqual([undefined, undefined]);
  });
});

import { createECDH } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  DEFAULT_WITHDRAWAL_FEES,
  loadConfig,
  parseConfig,
  SANDBOX_AIRTIME,
  SANDBOX_PAYSTACK_SECRET_KEY,
  withLaptopSecrets,
} from './config.ts';

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', BETTER_AUTH_SECRET: 'x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', ACCESS_TOKEN_TTL: 'forever' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'PUBLIC_URL', 'ACCESS_TOKEN_TTL']) expect(message).toContain(name);
    }
  });

  it('refuses a Redis namespace with braces, which would break the hash tag that keeps a board in one slot', () => {
    expect(() => loadConfig({ REDIS_BUS_NAMESPACE: 'staging{eu}:' })).toThrow(
      /REDIS_BUS_NAMESPACE: no \{ or \}/,
    );
    expect(loadConfig({ REDIS_BUS_NAMESPACE: 'staging:' }).redisBusNamespace).toBe('staging:');
  });

  it('serves the API document on a laptop unless API_DOCS=off, and takes only on or off', () => {
    expect(parseConfig({}).apiDocs).toBe(true);
    expect(parseConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => parseConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS: on or off/);
  });

  it('runs on a laptop with no variables: port 3000, PGlite in the data directory, sandbox providers', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playon-config-'));
    try {
      const notes: string[] = [];
      const config = loadConfig({ DATA_DIR: dataDir }, notes);
      expect(config.port).toBe(3000);
      expect(config.publicUrl).toBe('http://localhost:3000');
      expect(config.database).toEqual({ kind: 'pglite', dir: join(dataDir, 'db') });
      expect(config.google).toBeUndefined();
      expect(config.accessTokenTtl).toBe('15m');
      // The auth secret, the M-Pesa callback secret and the VAPID key pair, each generated once.
      expect(notes).toHaveLength(3);
      // What was generated is kept, so sessions, callback URLs and push subscriptions survive a restart.
      const again = loadConfig({ DATA_DIR: dataDir });
      expect(again.authSecret).toBe(config.authSecret);
      expect(again.mpesaCallbackSecret).toBe(config.mpesaCallbackSecret);
      expect(again.vapid).toEqual(config.vapid);
      expect(config.vapid.subject).toBe('mailto:support@playon.local');
      expect(config.withdrawalFees).toEqual(DEFAULT_WITHDRAWAL_FEES);
      expect(config.limits).toEqual({ stk: { min: 1, max: 250_000 }, b2c: { min: 10, max: 250_000 } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('parses without touching the disk; the secrets step alone writes the generated ones', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'playon-config-')), 'data');
    try {
      const parsed = parseConfig({ DATA_DIR: dataDir });
      expect(existsSync(dataDir)).toBe(false);
      const notes: string[] = [];
      const config = withLaptopSecrets(parsed, notes);
      expect(readdirSync(dataDir).sort()).toEqual([
        'auth-secret',
        'mpesa-callback-secret',
        'vapid-private-key',
      ]);
      expect(notes).toHaveLength(3);
      expect(withLaptopSecrets(parseConfig({ DATA_DIR: dataDir })).authSecret).toBe(config.authSecret);
    } finally {
      rmSync(dirname(dataDir), { recursive: true, force: true });
    }
  });

  it('finds the repository data directory from its own location, not the working directory', () => {
    const config = loadConfig({ BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'm'.repeat(32) });
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(join(config.dataDir, '..', 'apps', 'web', 'dist')).toBe(config.webDistDir);
  });

  it("reads a relative DATA_DIR from the operator's working directory", () => {
    // Both secrets and the VAPID keys given: nothing is written into the working directory.
    const config = loadConfig({
      BETTER_AUTH_SECRET: 's'.repeat(32),
      MPESA_CALLBACK_SECRET: 'm'.repeat(32),
      ...vapidPair(),
      DATA_DIR: 'some-data',
    });
    expect(config.dataDir).toBe(join(process.cwd(), 'some-data'));
  });

  it('uses PostgreSQL and real providers when configured', () => {
    const config = loadConfig({
      BETTER_AUTH_SECRET: 's'.repeat(32),
      DATABASE_URL: 'postgres://db.internal/playon',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PORT: '8080',
      TRUSTED_ORIGINS: 'http://localhost:5173/, http://127.0.0.1:5173',
    });
    expect(config.trustedOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db.internal/playon' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });
});

/** A P-256 pair as an operator would put it in VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. */
function vapidPair() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    // All 32 bytes, as `web-push generate-vapid-keys` prints it, also when it starts with a zero.
    VAPID_PRIVATE_KEY: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
}

describe('Web Push configuration', () => {
  const base = { BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'm'.repeat(32) };

  it("takes the operator's key pair and contact", () => {
    const pair = vapidPair();
    const config = loadConfig({ ...base, ...pair, VAPID_SUBJECT: 'mailto:ops@playon.example' });
    expect(config.vapid).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@playon.example',
    });
  });

  it('refuses half a pair, keys that do not belong together, and a contact push services cannot use', () => {
    const one = vapidPair();
    const other = vapidPair();
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: one.VAPID_PUBLIC_KEY })).toThrow(/set both/);
    expect(() =>
      loadConfig({
        ...base,
        VAPID_PUBLIC_KEY: one.VAPID_PUBLIC_KEY,
        VAPID_PRIVATE_KEY: other.VAPID_PRIVATE_KEY,
      }),
    ).toThrow(/does not belong/);
    expect(() => loadConfig({ ...base, ...one, VAPID_PUBLIC_KEY: 'not-a-key' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base, ...one, VAPID_SUBJECT: 'http://playon.example' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});

describe('payment configuration', () => {
  const base = { BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'm'.repeat(32) };

  it('reads a withdrawal fee table and the reconciliation delay', () => {
    const config = loadConfig({
      ...base,
      WITHDRAWAL_FEES: '[{"upTo":1000,"fee":10},{"upTo":250000,"fee":20}]',
      RECONCILE_AFTER_MS: '5000',
    });
    expect(config.withdrawalFees).toEqual([
      { upTo: 1000, fee: 10 },
      { upTo: 250000, fee: 20 },
    ]);
    expect(config.reconcileAfterMs).toBe(5000);
  });

  it('refuses a fee table that is not rising JSON, and a short callback secret', () => {
    expect(() => loadConfig({ ...base, WITHDRAWAL_FEES: 'cheap' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...base, WITHDRAWAL_FEES: '[{"upTo":500,"fee":1},{"upTo":100,"fee":2}]' }),
    ).toThrow(/WITHDRAWAL_FEES/);
    expect(() => loadConfig({ ...base, MPESA_CALLBACK_SECRET: 'short' })).toThrow(/MPESA_CALLBACK_SECRET/);
  });
});

describe('card and airtime configuration', () => {
  const base = { BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'm'.repeat(32) };

  it('points both at the built-in sandboxes when no credentials are set', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://playon.example/' });
    expect(config.paystack).toEqual({
      baseUrl: 'https://playon.example/sandbox/paystack',
      secretKey: SANDBOX_PAYSTACK_SECRET_KEY,
      webhookUrl: 'https://playon.example/api/payments/callbacks/card',
      sandbox: true,
    });
    expect(config.airtime).toEqual({
      ...SANDBOX_AIRTIME,
      baseUrl: 'https://playon.example/sandbox/airtime',
      sandbox: true,
    });
  });

  it('takes the real gateway’s secret key, base URL and webhook URL', () => {
    expect(loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'sk_live_abc123' }).paystack).toMatchObject({
      baseUrl: 'https://api.paystack.co',
      secretKey: 'sk_live_abc123',
      sandbox: false,
    });
    expect(
      loadConfig({
        ...base,
        PAYSTACK_SECRET_KEY: 'sk_test_abc',
        PAYSTACK_BASE_URL: 'https://gateway.example/',
        PAYSTACK_WEBHOOK_URL: 'https://hooks.example/card',
      }).paystack,
    ).toMatchObject({ baseUrl: 'https://gateway.example', webhookUrl: 'https://hooks.example/card' });
    expect(() => loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'pk_live_public' })).toThrow(
      /PAYSTACK_SECRET_KEY/,
    );
  });

  it('takes the real carrier’s credentials, and names the missing ones', () => {
    expect(
      loadConfig({
        ...base,
        AIRTIME_BASE_URL: 'https://carrier.example/',
        AIRTIME_CONSUMER_KEY: 'key',
        AIRTIME_CONSUMER_SECRET: 'secret',
      }).airtime,
    ).toEqual({
      baseUrl: 'https://carrier.example',
      consumerKey: 'key',
      consumerSecret: 'secret',
      sandbox: false,
    });
    expect(() => loadConfig({ ...base, AIRTIME_CONSUMER_KEY: 'key' })).toThrow(
      /AIRTIME_CONSUMER_KEY is set, so AIRTIME_BASE_URL, AIRTIME_CONSUMER_SECRET must be too/,
    );
  });

  it('refuses part of the carrier’s settings even with the sandbox on: all of them, or none', () => {
    expect(() =>
      loadConfig({ ...base, AIRTIME_BASE_URL: 'https://carrier.example', AIRTIME_CONSUMER_SECRET: 'secret' }),
    ).toThrow(/AIRTIME_BASE_URL, AIRTIME_CONSUMER_SECRET are set, so AIRTIME_CONSUMER_KEY must be too/);
  });
});

describe('Web Push endpoint rules', () => {
  const base = { BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'm'.repeat(32) };

  it("defaults to the browsers' push services, with no loopback receiver", () => {
    expect(loadConfig(base).pushEndpoints).toEqual({
      hosts: DEFAULT_PUSH_ENDPOINT_HOSTS,
      allowLoopback: false,
    });
  });

  it('takes a list of hosts, wildcards and ports, and refuses what is not a host', () => {
    const config = loadConfig({
      ...base,
      PUSH_ENDPOINT_HOSTS: ' FCM.googleapis.com, *.push.example:8443 ,[::1]:9000',
      PUSH_ALLOW_LOOPBACK: 'on',
    });
    expect(config.pushEndpoints).toEqual({
      hosts: ['fcm.googleapis.com', '*.push.example:8443', '[::1]:9000'],
      allowLoopback: true,
    });
    expect(() => loadConfig({ ...base, PUSH_ENDPOINT_HOSTS: 'https://fcm.googleapis.com/' })).toThrow(
      /PUSH_ENDPOINT_HOSTS/,
    );
    expect(() => loadConfig({ ...base, PUSH_ALLOW_LOOPBACK: 'yes' })).toThrow(
      /PUSH_ALLOW_LOOPBACK: on or off/,
    );
  });
});

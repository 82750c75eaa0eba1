import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight } from '../../src/go-live/preflight.ts';
import { securityCredential } from '../../src/go-live/security-credential.ts';
import { preflightCommand } from '../../src/operator-go-live.ts';
import { parseConfig } from '../../src/platform/config.ts';
import type { TestApp } from '../support/app.ts';
import { freePort } from '../support/payments.ts';
import { createProviderSandbox } from '../support/provider-sandbox.ts';

// The pre-flight talks to the built-in sandboxes as to the real providers: every provider's settings
// are given, pointing at the sandbox app below, so none of the server's sandbox shortcuts apply.
const sandbox = createProviderSandbox({ delayMs: 300 });
let t: TestApp;
let base: string;

const credential = securityCredential(
  'Initiator#Pass 2026',
  readFileSync(new URL('../fixtures/security-credential/test-only-certificate.cer', import.meta.url)),
);

function liveSettings(): Record<string, string> {
  const { daraja, paystack, airtime } = t.config;
  return {
    PUBLIC_URL: base,
    MPESA_CALLBACK_SECRET: 'a-callback-secret-that-is-long-enough-0123',
    DARAJA_BASE_URL: `${base}/sandbox/daraja`,
    DARAJA_CONSUMER_KEY: daraja.consumerKey,
    DARAJA_CONSUMER_SECRET: daraja.consumerSecret,
    DARAJA_SHORTCODE: daraja.shortCode,
    DARAJA_PASSKEY: daraja.passkey,
    DARAJA_B2C_SHORTCODE: daraja.b2cShortCode,
    DARAJA_INITIATOR_NAME: daraja.initiatorName,
    DARAJA_SECURITY_CREDENTIAL: credential,
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: `${base}/sandbox/paystack`,
    AIRTIME_BASE_URL: `${base}/sandbox/airtime`,
    AIRTIME_CONSUMER_KEY: airtime.consumerKey,
    AIRTIME_CONSUMER_SECRET: airtime.consumerSecret,
  };
}

/** What `npm run operator -- preflight` prints with these settings, and its exit status. */
async function preflight(overrides: Record<string, string> = {}) {
  const env = { ...liveSettings(), ...overrides };
  const printed: string[] = [];
  const code = await preflightCommand(
    env,
    (line) => printed.push(line),
    (line) => printed.push(line),
  );
  const output = printed.join('\n');
  // No secret ever reaches the output.
  for (const name of [
    'DARAJA_CONSUMER_SECRET',
    'DARAJA_PASSKEY',
    'PAYSTACK_SECRET_KEY',
    'AIRTIME_CONSUMER_SECRET',
    'MPESA_CALLBACK_SECRET',
    'DARAJA_SECURITY_CREDENTIAL',
  ]) {
    if (env[name]) expect(output, name).not.toContain(env[name]);
  }
  return { code, output, failures: printed.filter((line) => line.startsWith('✗')) };
}

beforeAll(async () => {
  ({ t, base } = await sandbox.start());
});
afterAll(() => sandbox.close());

describe('npm run operator -- preflight', () => {
  it('is all green with the right settings, and exits 0', async () => {
    const { code, output, failures } = await preflight();
    expect(failures).toEqual([]);
    expect(code).toBe(0);
    expect(output).toContain('✓ Daraja: Daraja gave an access token');
    expect(output).toContain('✓ Daraja: the passkey fits the short code 174379');
    expect(output).toContain(`✓ Daraja: PlayOn answers at ${base}/api/health`);
    expect(output).toContain('✓ Card: Paystack accepted PAYSTACK_SECRET_KEY (a test key)');
    expect(output).toContain('✓ Airtime: the aggregator gave an access token');
    expect(output).toMatch(/Ready: every check passed\.$/);
  });

  it('says Daraja refused a wrong consumer secret, and exits 1', async () => {
    const { code, failures } = await preflight({ DARAJA_CONSUMER_SECRET: 'not-the-consumer-secret' });
    expect(code).toBe(1);
    expect(failures).toEqual([
      expect.stringMatching(
        /^✗ Daraja: Daraja refused the consumer key and secret: check DARAJA_CONSUMER_KEY and DARAJA_CONSUMER_SECRET \(it said HTTP 400 400\.008\.01 Invalid Authentication passed\)$/,
      ),
    ]);
  });

  it('says the passkey does not fit the short code', async () => {
    const { code, failures } = await preflight({ DARAJA_PASSKEY: 'a-passkey-of-another-short-code' });
    expect(code).toBe(1);
    expect(failures).toEqual([
      "✗ Daraja: the passkey does not fit the short code 174379: check DARAJA_PASSKEY (Safaricom's for this short code) and DARAJA_SHORTCODE",
    ]);
  });

  it('says Daraja could not reach the callback URL when PUBLIC_URL leads nowhere', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const { code, failures } = await preflight({ PUBLIC_URL: nowhere });
    expect(code).toBe(1);
    expect(failures).toEqual([
      `✗ Daraja: Daraja could not reach ${nowhere}/api/payments/callbacks/stk/…: connection refused (asked ${nowhere}/api/health): check PUBLIC_URL, its DNS and the proxy in front`,
    ]);
  });

  it('says a PUBLIC_URL that leads elsewhere than PlayOn loses the callbacks', async () => {
    const { failures } = await preflight({ PUBLIC_URL: `${base}/sandbox/daraja` });
    expect(failures).toEqual([expect.stringContaining('/api/health answered HTTP 404, not PlayOn')]);
  });

  it('says Paystack refused a wrong secret key, and the aggregator a wrong consumer secret', async () => {
    const { failures } = await preflight({
      PAYSTACK_SECRET_KEY: 'sk_test_not_the_key',
      AIRTIME_CONSUMER_SECRET: 'not-the-airtime-secret',
    });
    expect(failures).toEqual([
      "✗ Card: Paystack refused PAYSTACK_SECRET_KEY: copy the secret key from the dashboard's API Keys & Webhooks",
      expect.stringMatching(
        /^✗ Airtime: the aggregator refused the consumer key and secret: check AIRTIME_CONSUMER_KEY/,
      ),
    ]);
  });

  it('says a SecurityCredential that is a plain password must be made with the command', async () => {
    const { failures } = await preflight({ DARAJA_SECURITY_CREDENTIAL: 'Initiator#Pass 2026' });
    expect(failures).toEqual([
      expect.stringContaining('npm run operator -- security-credential --certificate'),
    ]);
  });

  it('fails Daraja left to the built-in sandbox, and takes card and airtime off as coming soon', async () => {
    const { code, output, failures } = await preflight(
      Object.fromEntries(
        Object.keys(liveSettings())
          .filter((name) => name !== 'PUBLIC_URL')
          .map((name) => [name, '']),
      ),
    );
    expect(code).toBe(1);
    expect(failures).toEqual([expect.stringContaining('✗ Daraja: the DARAJA_* settings are not set')]);
    expect(output).toContain('✓ Card: the built-in sandbox');
  });

  it('in production, fails a test card key, a plain-http address, the sandbox and an empty allow-list', async () => {
    const settings = { ...parseConfig(liveSettings()), production: true };
    const lines = await runPreflight({ ...settings, sandbox: { ...settings.sandbox, on: true } });
    const failures = lines.filter((line) => !line.ok).map((line) => `${line.provider}: ${line.says}`);
    expect(failures).toEqual([
      'PlayOn: SANDBOX=on in production: payments are simulated. Remove SANDBOX before players come',
      `Daraja: PUBLIC_URL is ${base}: Daraja calls back to https addresses only`,
      "Daraja: MPESA_CALLBACK_ALLOWED_ADDRESSES is empty: anyone may call the callback routes. List Safaricom's published addresses (docs/operations.md)",
      'Card: PAYSTACK_SECRET_KEY is a test key in production: no card is really charged. Set the live secret key (sk_live_…)',
    ]);
    const behindProxy = await runPreflight({
      ...settings,
      mpesaCallbackAllowedAddresses: ['196.201.214.200'],
      trustProxyHops: 0,
    });
    expect(behindProxy.find((line) => line.says.includes('TRUST_PROXY_HOPS is 0'))?.ok).toBe(false);
  });
});

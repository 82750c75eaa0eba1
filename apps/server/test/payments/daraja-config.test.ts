import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SANDBOX_DARAJA } from '../../src/platform/config.ts';
import { createTestApp } from '../support/app.ts';

const base = { BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'c'.repeat(32) };
const real = {
  DARAJA_BASE_URL: 'https://daraja.example/',
  DARAJA_CONSUMER_KEY: 'key',
  DARAJA_CONSUMER_SECRET: 'secret',
  DARAJA_SHORTCODE: '123456',
  DARAJA_PASSKEY: 'passkey',
  DARAJA_B2C_SHORTCODE: '654321',
  DARAJA_INITIATOR_NAME: 'operator',
  DARAJA_SECURITY_CREDENTIAL: 'credential',
};

describe('Daraja configuration', () => {
  it('points at the built-in sandbox when no consumer key is set', () => {
    const config = loadConfig({ ...base, PUBLIC_URL: 'https://playon.example/' });
    expect(config.daraja).toEqual({
      ...SANDBOX_DARAJA,
      baseUrl: 'https://playon.example/sandbox/daraja',
      sandbox: true,
    });
    expect(config.sandboxPaymentDelayMs).toBe(1500);
  });

  it('takes every DARAJA_* variable for the real Daraja, and names the missing ones', () => {
    expect(loadConfig({ ...base, ...real, SANDBOX_PAYMENT_DELAY_MS: '0' })).toMatchObject({
      daraja: {
        baseUrl: 'https://daraja.example',
        consumerKey: 'key',
        shortCode: '123456',
        b2cShortCode: '654321',
        sandbox: false,
      },
      sandboxPaymentDelayMs: 0,
    });
    const { DARAJA_PASSKEY: _passkey, DARAJA_SECURITY_CREDENTIAL: _credential, ...partial } = real;
    expect(() => loadConfig({ ...base, ...partial })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...partial })).toThrow(/DARAJA_PASSKEY, DARAJA_SECURITY_CREDENTIAL/);
    expect(() => loadConfig({ ...base, ...real, DARAJA_SHORTCODE: 'paybill' })).toThrow(/DARAJA_SHORTCODE/);
    expect(() => loadConfig({ ...base, SANDBOX_PAYMENT_DELAY_MS: '-1' })).toThrow(/SANDBOX_PAYMENT_DELAY_MS/);
  });

  it('serves the sandbox only while the real Daraja is not configured', async () => {
    for (const [env, status] of [
      [{}, 200],
      [real, 404],
    ] as const) {
      const t = await createTestApp(env);
      try {
        const response = await t.app.inject({ method: 'GET', url: '/sandbox/daraja/oauth/v1/generate' });
        expect(response.statusCode).not.toBe(200);
        const page = await t.app.inject({ method: 'GET', url: '/sandbox/daraja' });
        expect(page.statusCode).toBe(status);
      } finally {
        await t.close();
      }
    }
    // Two whole apps are built here, each migrating and seeding its own database.
  }, 60_000);
});

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
      tillNumber: null,
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

  it('pays a paybill by default, or a till of the store DARAJA_SHORTCODE names, never half of one', () => {
    expect(loadConfig({ ...base, ...real }).daraja.tillNumber).toBeNull();
    expect(
      loadConfig({ ...base, ...real, DARAJA_STK_ACCOUNT: 'till', DARAJA_TILL_NUMBER: '5432109' }).daraja,
    ).toMatchObject({ shortCode: '123456', tillNumber: '5432109' });
    // The sandbox plays the same merchant as it is told.
    expect(
      loadConfig({ ...base, DARAJA_STK_ACCOUNT: 'till', DARAJA_TILL_NUMBER: '5432109' }).daraja,
    ).toMatchObject({ shortCode: SANDBOX_DARAJA.shortCode, tillNumber: '5432109', sandbox: true });
    expect(() => loadConfig({ ...base, ...real, DARAJA_STK_ACCOUNT: 'till' })).toThrow(
      /DARAJA_STK_ACCOUNT is till, so DARAJA_TILL_NUMBER must be set/,
    );
    expect(() => loadConfig({ ...base, ...real, DARAJA_TILL_NUMBER: '5432109' })).toThrow(
      /DARAJA_TILL_NUMBER is set, so DARAJA_STK_ACCOUNT must be till/,
    );
    expect(() => loadConfig({ ...base, ...real, DARAJA_STK_ACCOUNT: 'shop' })).toThrow(/DARAJA_STK_ACCOUNT/);
    expect(() =>
      loadConfig({ ...base, ...real, DARAJA_STK_ACCOUNT: 'till', DARAJA_TILL_NUMBER: 'till-1' }),
    ).toThrow(/DARAJA_TILL_NUMBER/);
  });

  it('takes the callback allow-list as addresses and CIDR blocks, empty by default', () => {
    expect(loadConfig(base).mpesaCallbackAllowedAddresses).toEqual([]);
    expect(
      loadConfig({
        ...base,
        MPESA_CALLBACK_ALLOWED_ADDRESSES: ' 196.201.214.200, 196.201.212.0/24,2001:db8::/32 ',
      }).mpesaCallbackAllowedAddresses,
    ).toEqual(['196.201.214.200', '196.201.212.0/24', '2001:db8::/32']);
    for (const bad of ['safaricom.co.ke', '196.201.214.300', '196.201.212.0/33', '10.0.0.0/8/1'])
      expect(() => loadConfig({ ...base, MPESA_CALLBACK_ALLOWED_ADDRESSES: bad }), bad).toThrow(
        /MPESA_CALLBACK_ALLOWED_ADDRESSES/,
      );
  });

  it('paces the sandbox fast by default, and as slow as a minute when asked', () => {
    expect(loadConfig(base).sandboxDaraja).toEqual({
      answerDelayMs: 0,
      callbackDelayMaxMs: 1500,
      spikeArrestPerSecond: 100,
    });
    expect(
      loadConfig({
        ...base,
        SANDBOX_PAYMENT_DELAY_MS: '2000',
        SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS: '60000',
        SANDBOX_DARAJA_ANSWER_DELAY_MS: '15000',
        SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND: '5',
      }).sandboxDaraja,
    ).toEqual({ answerDelayMs: 15_000, callbackDelayMaxMs: 60_000, spikeArrestPerSecond: 5 });
    expect(() => loadConfig({ ...base, SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS: '1000' })).toThrow(
      /SANDBOX_DARAJA_CALLBACK_DELAY_MAX_MS is less than SANDBOX_PAYMENT_DELAY_MS/,
    );
    expect(() => loadConfig({ ...base, SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND: '0' })).toThrow(
      /SANDBOX_DARAJA_SPIKE_ARREST_PER_SECOND/,
    );
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

import { describe, expect, it } from 'vitest';
import { type Config, parseConfig } from '../config.ts';
import { redactedConfig } from '../config-redact.ts';
import { SANDBOX_PAYSTACK_SECRET_KEY } from './sandbox.ts';

const current = 'new-callback-secret-0123456789abcdefghij';
const previous = 'old-callback-secret-0123456789abcdefghij';
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 60 * 60_000).toISOString();

/** A laptop's settings plus these: the rotation's rules are the same everywhere. */
const parse = (env: Record<string, string>) => parseConfig({ MPESA_CALLBACK_SECRET: current, ...env });

describe('rotating the callback secret and the card key (ADR 0054)', () => {
  it('keeps the previous secrets until the end, with the time the new callback URLs start', () => {
    const endsAt = '2026-12-01T18:00:00+03:00';
    const config = parseConfig({
      MPESA_CALLBACK_SECRET: current,
      MPESA_CALLBACK_SECRET_PREVIOUS: previous,
      PAYSTACK_SECRET_KEY: 'sk_live_new',
      PAYSTACK_SECRET_KEY_PREVIOUS: 'sk_live_old',
      SECRET_ROTATION_STARTS_AT: '2026-12-01T15:30:00+03:00',
      SECRET_ROTATION_ENDS_AT: endsAt,
    });
    expect(config.keyRotation).toEqual({
      endsAt: new Date('2026-12-01T15:00:00Z'),
      startsAt: new Date('2026-12-01T12:30:00Z'),
      previousMpesaCallbackSecret: previous,
      previousPaystackSecretKey: 'sk_live_old',
    });
    expect(parse({}).keyRotation).toBeUndefined();
  });

  it('never shows a previous secret in the start-up log, only when the rotation ends', () => {
    const endsAt = hoursFromNow(2);
    const config = parse({ MPESA_CALLBACK_SECRET_PREVIOUS: previous, SECRET_ROTATION_ENDS_AT: endsAt });
    const logged = JSON.stringify(redactedConfig(config as unknown as Config));
    expect(logged).not.toContain(previous);
    expect(logged).not.toContain(current);
    expect(logged).toContain(new Date(endsAt).toISOString());
  });

  it.each([
    [
      'a previous secret without an end',
      { MPESA_CALLBACK_SECRET_PREVIOUS: previous },
      /SECRET_ROTATION_ENDS_AT: required/,
    ],
    [
      'a previous card key without an end',
      { PAYSTACK_SECRET_KEY: 'sk_live_new', PAYSTACK_SECRET_KEY_PREVIOUS: 'sk_live_old' },
      /SECRET_ROTATION_ENDS_AT: required/,
    ],
    [
      'an end with nothing to end',
      { SECRET_ROTATION_ENDS_AT: hoursFromNow(1) },
      /SECRET_ROTATION_ENDS_AT, SECRET_ROTATION_STARTS_AT: set only with/,
    ],
    [
      'an end far in the future',
      { MPESA_CALLBACK_SECRET_PREVIOUS: previous, SECRET_ROTATION_ENDS_AT: hoursFromNow(73) },
      /at most 72 hours ahead/,
    ],
    [
      'a previous secret equal to the current one',
      { MPESA_CALLBACK_SECRET_PREVIOUS: current, SECRET_ROTATION_ENDS_AT: hoursFromNow(1) },
      /MPESA_CALLBACK_SECRET_PREVIOUS: the same as MPESA_CALLBACK_SECRET/,
    ],
    [
      'a previous card key equal to the current one',
      {
        PAYSTACK_SECRET_KEY: 'sk_live_same',
        PAYSTACK_SECRET_KEY_PREVIOUS: 'sk_live_same',
        SECRET_ROTATION_ENDS_AT: hoursFromNow(1),
      },
      /PAYSTACK_SECRET_KEY_PREVIOUS: the same as PAYSTACK_SECRET_KEY/,
    ],
    [
      'a previous card key with the sandbox as the gateway',
      { PAYSTACK_SECRET_KEY_PREVIOUS: 'sk_live_old', SECRET_ROTATION_ENDS_AT: hoursFromNow(1) },
      /PAYSTACK_SECRET_KEY_PREVIOUS: needs PAYSTACK_SECRET_KEY/,
    ],
    [
      'a start after the end',
      {
        MPESA_CALLBACK_SECRET_PREVIOUS: previous,
        SECRET_ROTATION_STARTS_AT: hoursFromNow(2),
        SECRET_ROTATION_ENDS_AT: hoursFromNow(1),
      },
      /SECRET_ROTATION_STARTS_AT: before SECRET_ROTATION_ENDS_AT/,
    ],
    [
      'a start with no callback secret to switch',
      {
        PAYSTACK_SECRET_KEY: 'sk_live_new',
        PAYSTACK_SECRET_KEY_PREVIOUS: 'sk_live_old',
        SECRET_ROTATION_STARTS_AT: hoursFromNow(1),
        SECRET_ROTATION_ENDS_AT: hoursFromNow(2),
      },
      /SECRET_ROTATION_STARTS_AT: only with MPESA_CALLBACK_SECRET_PREVIOUS/,
    ],
    [
      'an end without its zone',
      { MPESA_CALLBACK_SECRET_PREVIOUS: previous, SECRET_ROTATION_ENDS_AT: '2026-12-01T18:00:00' },
      /SECRET_ROTATION_ENDS_AT: a time with its zone/,
    ],
    [
      'a previous secret too short',
      { MPESA_CALLBACK_SECRET_PREVIOUS: 'short', SECRET_ROTATION_ENDS_AT: hoursFromNow(1) },
      /MPESA_CALLBACK_SECRET_PREVIOUS/,
    ],
  ])('refuses to start with %s', (_case, env, reason) => {
    expect(() => parse(env)).toThrow(reason);
  });

  it('refuses the previous secret without the current one it hands over to', () => {
    expect(() =>
      parseConfig({ MPESA_CALLBACK_SECRET_PREVIOUS: previous, SECRET_ROTATION_ENDS_AT: hoursFromNow(1) }),
    ).toThrow(/MPESA_CALLBACK_SECRET_PREVIOUS: needs MPESA_CALLBACK_SECRET/);
  });

  it('starts an instance restarted after the end: the previous secrets are then refused like any other', () => {
    const config = parse({
      MPESA_CALLBACK_SECRET_PREVIOUS: previous,
      SECRET_ROTATION_ENDS_AT: hoursFromNow(-1),
    });
    expect(config.keyRotation?.endsAt.getTime()).toBeLessThan(Date.now());
  });

  it("refuses the card sandbox's published key as a previous key in production", () => {
    expect(() =>
      parseConfig({
        NODE_ENV: 'production',
        SANDBOX: 'on',
        PUBLIC_URL: 'https://playon.example.com',
        DATABASE_URL: 'postgres://playon@db/playon',
        BETTER_AUTH_SECRET: 'production-secret-production-secret-0123',
        MPESA_CALLBACK_SECRET: current,
        VAPID_PUBLIC_KEY: 'x',
        VAPID_PRIVATE_KEY: 'y',
        PAYSTACK_SECRET_KEY: 'sk_live_new',
        PAYSTACK_SECRET_KEY_PREVIOUS: SANDBOX_PAYSTACK_SECRET_KEY,
        SECRET_ROTATION_ENDS_AT: hoursFromNow(1),
      }),
    ).toThrow(/PAYSTACK_SECRET_KEY_PREVIOUS: the sandbox's published value/);
  });
});

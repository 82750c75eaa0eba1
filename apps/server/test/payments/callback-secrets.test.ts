import { describe, expect, it } from 'vitest';
import { createCallbackSecrets } from '../../src/modules/payments/providers/callback-secrets.ts';

// A running instance's view of a rotation (ADR 0054) as its clock moves past the start and the end:
// the instances of the other rotation tests are each started on one side of them.

const startsAt = Date.parse('2026-12-01T12:30:00Z');
const endsAt = Date.parse('2026-12-01T15:00:00Z');
const current = 'new-callback-secret-0123456789abcdefghij';
const previous = 'old-callback-secret-0123456789abcdefghij';

function secretsAt(clock: { now: number }, rotation: { startsAt?: number } = { startsAt }) {
  return createCallbackSecrets(
    {
      mpesaCallbackSecret: current,
      paystack: { secretKey: 'sk_live_new' },
      keyRotation: {
        endsAt: new Date(endsAt),
        startsAt: rotation.startsAt === undefined ? undefined : new Date(rotation.startsAt),
        previousMpesaCallbackSecret: previous,
        previousPaystackSecretKey: 'sk_live_old',
      },
    },
    () => clock.now,
  );
}

describe('callback secrets while one is replaced', () => {
  it('gives out the previous secret until the start and the new one from then on, accepting both', () => {
    const clock = { now: startsAt - 1 };
    const secrets = secretsAt(clock);
    expect(secrets.issuedCallbackSecret()).toBe(previous);
    expect(secrets.isAcceptedCallbackSecret(current)).toBe(true);
    expect(secrets.isAcceptedCallbackSecret(previous)).toBe(true);
    clock.now = startsAt;
    expect(secrets.issuedCallbackSecret()).toBe(current);
    expect(secrets.isAcceptedCallbackSecret(previous)).toBe(true);
  });

  it('gives out the new secret at once without a start', () => {
    expect(secretsAt({ now: startsAt - 60_000 }, {}).issuedCallbackSecret()).toBe(current);
  });

  it('refuses the previous secret and card key from the end on, in an instance that was running', () => {
    const clock = { now: endsAt - 1 };
    const secrets = secretsAt(clock);
    expect(secrets.isAcceptedCallbackSecret(previous)).toBe(true);
    expect(secrets.cardWebhookKeys()).toEqual(['sk_live_new', 'sk_live_old']);
    clock.now = endsAt;
    expect(secrets.isAcceptedCallbackSecret(previous)).toBe(false);
    expect(secrets.isAcceptedCallbackSecret(current)).toBe(true);
    expect(secrets.cardWebhookKeys()).toEqual(['sk_live_new']);
  });

  it('accepts nothing else: not a prefix, not an empty segment, not another secret', () => {
    const secrets = secretsAt({ now: startsAt });
    for (const given of [
      '',
      current.slice(0, -1),
      `${previous}x`,
      'another-secret-0123456789abcdefghijklmn',
    ]) {
      expect(secrets.isAcceptedCallbackSecret(given)).toBe(false);
    }
  });

  it('without a rotation, accepts the current secret and key alone', () => {
    const secrets = createCallbackSecrets({
      mpesaCallbackSecret: current,
      paystack: { secretKey: 'sk_live_new' },
      keyRotation: undefined,
    });
    expect(secrets.issuedCallbackSecret()).toBe(current);
    expect(secrets.isAcceptedCallbackSecret(previous)).toBe(false);
    expect(secrets.cardWebhookKeys()).toEqual(['sk_live_new']);
  });
});

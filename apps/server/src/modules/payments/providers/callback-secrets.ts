import type { Config, PaystackConfig } from '../../../platform/config.ts';
import { sameSecret } from '../../../platform/security.ts';

/**
 * What authenticates the providers' callbacks while a secret is being replaced (ADR 0054): the path
 * secret of the M-Pesa and airtime callback URLs, and the card key that signs the gateway's webhooks.
 * A previous one is accepted beside the current one until the rotation ends, by `now`.
 */
export function createCallbackSecrets(
  config: Pick<Config, 'mpesaCallbackSecret' | 'keyRotation'> & {
    /** Undefined when the card gateway is off: no webhook is then accepted. */
    paystack: Pick<PaystackConfig, 'secretKey'> | undefined;
  },
  now: () => number = Date.now,
) {
  const rotation = config.keyRotation;
  const stillAccepted = (previous: string | undefined) =>
    previous && rotation && now() < rotation.endsAt.getTime() ? [previous] : [];

  return {
    /** The secret of a callback URL given out now: the previous one until the rotation starts. */
    issuedCallbackSecret(): string {
      const previous = rotation?.previousMpesaCallbackSecret;
      const started = !rotation?.startsAt || now() >= rotation.startsAt.getTime();
      return previous && !started ? previous : config.mpesaCallbackSecret;
    },

    /** Whether a callback URL's secret segment is one we gave out and still accept. */
    isAcceptedCallbackSecret(given: string): boolean {
      const accepted = [config.mpesaCallbackSecret, ...stillAccepted(rotation?.previousMpesaCallbackSecret)];
      return accepted.some((secret) => sameSecret(given, secret));
    },

    /** The keys a card webhook may be signed with now. */
    cardWebhookKeys(): string[] {
      if (!config.paystack) return [];
      return [config.paystack.secretKey, ...stillAccepted(rotation?.previousPaystackSecretKey)];
    },
  };
}

export type CallbackSecrets = ReturnType<typeof createCallbackSecrets>;

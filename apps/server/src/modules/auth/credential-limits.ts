import { messages } from '@playon/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInLimits } from '../../platform/config.ts';
import { AppError } from '../../platform/errors.ts';
import type { ExpiringCounters } from '../../platform/expiring-counters.ts';
import type { identityEndpoints } from './identity-endpoints.ts';

/** One admitted request: told what the identity service answered, or `undefined` if it failed. */
export interface CredentialAttempt {
  settle(response: Response | undefined): Promise<void>;
}

type GuardedPath = Extract<(typeof identityEndpoints)[number], { checksCredentials: true }>['path'];

/** The identity service's answers to a wrong password or reset token: only these are failures. */
const WRONG_SECRET = new Set(['INVALID_EMAIL_OR_PASSWORD', 'INVALID_PASSWORD', 'INVALID_TOKEN']);

async function isWrongSecret(response: Response | undefined): Promise<boolean> {
  if (!response || (response.status !== 400 && response.status !== 401)) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined;
  return typeof body?.code === 'string' && WRONG_SECRET.has(body.code);
}

function emailIn(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

function refuse(reply: FastifyReply, expiresInMs: number, message: string): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(expiresInMs / 1000))));
  throw new AppError('RATE_LIMITED', message);
}

const settled: CredentialAttempt = { settle: async () => {} };

/**
 * The identity endpoints' limits (ADR 0046): wrong passwords and reset tokens are counted per
 * address and per account, so honest players sharing a carrier NAT address never use up its
 * allowance by signing in; sign-ups and reset mails are counted per address (and reset mails per
 * inbox). An account over its allowance is refused with the same text whether it exists or not: every
 * email is counted alike.
 */
export function createCredentialLimits(
  counters: ExpiringCounters,
  limits: SignInLimits,
  /** The email of the session a request carries, for change-password. */
  sessionEmail: (request: FastifyRequest) => Promise<string | undefined>,
) {
  const addressFailures = (request: FastifyRequest) => `sign-in-failures:address:${request.ip}`;
  const accountFailures = (email: string) => `sign-in-failures:account:${email}`;

  /** Counts one, refused past `max`; the count is 0 when nothing was counted (ADR 0057: Redis down). */
  async function take(reply: FastifyReply, key: string, max: number, windowMs: number, message: string) {
    const { count, expiresInMs } = await counters.add(key, windowMs);
    if (count > max) refuse(reply, expiresInMs, message);
    return count;
  }

  /**
   * An account's slot is taken before the secret is checked and given back unless it was wrong, so
   * guesses sent all at once cannot overrun it. The address's failures are only read first: a burst
   * of honest sign-ins behind one NAT address must not be held back by its own successes.
   */
  async function guardSecretCheck(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string | undefined,
  ): Promise<CredentialAttempt> {
    const address = await counters.read(addressFailures(request));
    if (address.count >= limits.failuresPerAddress) refuse(reply, address.expiresInMs, messages.pause.signIn);
    const accountKey = account ? accountFailures(account) : undefined;
    const taken = accountKey
      ? await take(
          reply,
          accountKey,
          limits.failuresPerAccount,
          limits.accountWindowMs,
          messages.pause.signIn,
        )
      : 0;
    return {
      async settle(response) {
        if (await isWrongSecret(response))
          await counters.add(addressFailures(request), limits.addressWindowMs);
        else if (accountKey && taken > 0) await counters.giveBack(accountKey);
      },
    };
  }

  const guards: Record<
    GuardedPath,
    (request: FastifyRequest, reply: FastifyReply) => Promise<CredentialAttempt>
  > = {
    '/sign-in/email': (request, reply) => guardSecretCheck(request, reply, emailIn(request.body)),
    '/change-password': async (request, reply) =>
      guardSecretCheck(request, reply, await sessionEmail(request)),
    '/reset-password': (request, reply) => guardSecretCheck(request, reply, undefined),
    '/sign-up/email': async (request, reply) => {
      const key = `sign-ups:address:${request.ip}`;
      await take(reply, key, limits.signUpsPerAddressPerMinute, 60_000, messages.pause.signUp);
      return settled;
    },
    '/request-password-reset': async (request, reply) => {
      const perAddress = `reset-requests:address:${request.ip}`;
      await take(
        reply,
        perAddress,
        limits.resetRequestsPerAddressPerMinute,
        60_000,
        messages.pause.passwordReset,
      );
      const email = emailIn(request.body);
      if (email) {
        const perEmail = `reset-requests:email:${email}`;
        await take(
          reply,
          perEmail,
          limits.resetRequestsPerEmailPerHour,
          3_600_000,
          messages.pause.passwordReset,
        );
      }
      return settled;
    },
  };

  /** Refuses (429, with Retry-After) or admits a request to a guarded identity endpoint. */
  return (path: GuardedPath, request: FastifyRequest, reply: FastifyReply) => guards[path](request, reply);
}

export type CredentialLimits = ReturnType<typeof createCredentialLimits>;

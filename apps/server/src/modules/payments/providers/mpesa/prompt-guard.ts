import { setTimeout as sleep } from 'node:timers/promises';
import { paymentPaceMessages } from '@playon/shared/payments';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/db.ts';
import { AppError } from '../../../../platform/errors.ts';
import type { IntentRepo } from '../../intents/repo.ts';

/** How long an STK prompt counts as open on a phone while no outcome came (Daraja's lasts about a minute). */
export const PROMPT_OPEN_MS = 2 * 60_000;
/** A payment to a phone whose prompt is open waits this long for it to end, then is refused. */
const PROMPT_WAIT_MS = 10_000;
const PROMPT_POLL_MS = 250;
const HOUR_MS = 60 * 60_000;

/**
 * The phone's side of the money endpoints' limits (ADR 0018): one open STK prompt per phone, and at
 * most PAYMENT_PROMPTS_PER_PHONE_PER_HOUR of them, whoever asks. Both are counted from the intents
 * themselves under a per-phone lock, so they hold across instances and under concurrent requests.
 */
export function createPromptGuard({
  db,
  intents,
  promptsPerPhonePerHour,
}: {
  db: Db;
  intents: Pick<IntentRepo, 'promptsTo'>;
  promptsPerPhonePerHour: number;
}) {
  const refusal = (message: string) => ({ mpesaPhoneNumber: message });

  return {
    /**
     * Runs `create` (the intent's insert) in one transaction holding `phone`'s lock, once no other
     * prompt is open on it: a second payment waits up to PROMPT_WAIT_MS for the first to end, then is
     * refused with 409 CONFLICT; past the hourly count, 429 RATE_LIMITED.
     */
    async withPhone<T>(phone: string, create: (tx: Db) => Promise<T>): Promise<T> {
      const deadline = Date.now() + PROMPT_WAIT_MS;
      for (;;) {
        const attempt = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stk-prompt:${phone}`}, 0))`);
          const now = Date.now();
          const recent = await intents.promptsTo(phone, new Date(now - HOUR_MS), tx);
          if (recent.length >= promptsPerPhonePerHour) {
            const message = paymentPaceMessages.tooManyPrompts;
            throw new AppError('RATE_LIMITED', message, refusal(message));
          }
          const isOpen = recent.some(
            (prompt) =>
              (prompt.status === 'PENDING' || prompt.status === 'IN_PROGRESS') &&
              prompt.createdAt.getTime() > now - PROMPT_OPEN_MS,
          );
          return isOpen ? { created: false as const } : { created: true as const, value: await create(tx) };
        });
        if (attempt.created) return attempt.value;
        if (Date.now() >= deadline) {
          const message = paymentPaceMessages.promptOpen;
          throw new AppError('CONFLICT', message, refusal(message));
        }
        await sleep(PROMPT_POLL_MS);
      }
    },
  };
}

export type PromptGuard = ReturnType<typeof createPromptGuard>;

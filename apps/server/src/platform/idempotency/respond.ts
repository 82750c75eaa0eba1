import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db.ts';
import { errorResponses } from '../envelope.ts';
import type { Idempotency, KeyRow, KeyWrite, StoredResponse } from './index.ts';

/** The header a money-moving POST documents (its absence is refused by `run`, with the message players read). */
export const IdempotencyHeaderSchema = z.object({ 'idempotency-key': z.string().optional() });

/** The refusals a money-moving POST may answer with. */
export const moneyPostErrors = errorResponses(400, 401, 404, 409, 429);

/** A money-moving POST's answer: `200` with `message` and the payload, in the envelope. */
const okAnswer =
  <T>(message: string) =>
  (payload: T): StoredResponse => ({
    statusCode: 200,
    body: { statusCode: 200, statusMessage: message, payload },
  });

/** What both answer-once helpers are told: the player, the request's scope, the answer's message. */
interface AnswerOptions {
  playerUid: string;
  scope: string;
  message: string;
}

/** What the key is held for: the player, the request's Idempotency-Key, the scope and the body. */
const keyedRequest = (request: FastifyRequest, options: AnswerOptions) => ({
  playerUid: options.playerUid,
  key: request.headers[IDEMPOTENCY_HEADER.toLowerCase()],
  scope: options.scope,
  body: request.body,
});

/**
 * Answers a money-moving POST (`200` with `message` and the payload) once per Idempotency-Key, and
 * the stored answer to every repeat. `work` gets `record`, to call inside its own transaction with
 * the payload as committed: a retry after a crash then learns what the first attempt did.
 */
export async function answerOnce<T>(
  idempotency: Idempotency,
  request: FastifyRequest,
  reply: FastifyReply,
  options: AnswerOptions & { work: (record: (payload: T, tx: Db) => Promise<void>) => Promise<T> },
) {
  const answer = okAnswer<T>(options.message);
  const stored = await idempotency.run(keyedRequest(request, options), async (hold) =>
    answer(await options.work((payload, tx) => hold.record(tx, answer(payload)))),
  );
  return reply.code(stored.statusCode).send(stored.body);
}

/**
 * The request's Idempotency-Key with the answer `payload` makes: the INSERT for each row of the
 * statement's CTE `after`, or (`row`) the same as data for a statement that writes many keys.
 */
export interface AnswerWrite<T> {
  (payload: T, after: string): SQL;
  row(payload: T): KeyRow;
}

/** `keyWrite` for the answer each payload makes: what `answerOnceInStatement` gives its work. */
export function answerWriteFor<T>(
  keyWrite: KeyWrite,
  answer: (payload: T) => StoredResponse,
): AnswerWrite<T> {
  return Object.assign((payload: T, after: string) => keyWrite(answer(payload), after), {
    row: (payload: T) => keyWrite.row(answer(payload)),
  });
}

/**
 * `answerOnce` for work that is one statement and nothing more (a withdrawal, ADR 0043): the key and
 * its answer are written by that statement; `afterCommit` runs once it committed, on the first
 * request only (wake the job worker). `work` is given `answerWrite` (the key with the answer this
 * request will give, `payload` built before the statement, as it will be committed), carries it in
 * its statement and returns that same payload.
 */
export async function answerOnceInStatement<T>(
  idempotency: Idempotency,
  request: FastifyRequest,
  reply: FastifyReply,
  options: AnswerOptions & { work: (answerWrite: AnswerWrite<T>) => Promise<T>; afterCommit?: () => void },
) {
  const answer = okAnswer<T>(options.message);
  let built: StoredResponse | undefined;
  const stored = await idempotency.runInStatement(keyedRequest(request, options), async (keyWrite) => {
    built = answer(await options.work(answerWriteFor(keyWrite, answer)));
    return built;
  });
  // This request's own answer, not a repeat's stored one: its work is the one that committed.
  if (stored === built) options.afterCommit?.();
  return reply.code(stored.statusCode).send(stored.body);
}

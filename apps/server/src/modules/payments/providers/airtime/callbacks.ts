import type { FastifyBaseLogger } from 'fastify';
import {
  type AirtimeResult,
  parseChargeResult,
  verifyCallbackSignature,
} from '../../../../platform/airtime/callbacks.ts';
import { MalformedCallbackError } from '../../../../platform/errors.ts';
import type { RecordEvent } from '../../events.ts';
import type { AirtimeResults } from './results.ts';

/** The carrier's signed charge result. */
export function createAirtimeCallbacks({
  results,
  consumerSecret,
  events,
  log,
}: {
  results: AirtimeResults;
  /** The carrier's consumer secret, which signs its results. */
  consumerSecret: string;
  events: RecordEvent;
  log: FastifyBaseLogger;
}) {
  return {
    /** On the raw bytes: 'unauthorized', 'malformed' or 'ok'. */
    async handleResult(rawBody: Buffer, signature: string | undefined) {
      if (!verifyCallbackSignature(rawBody, signature, consumerSecret)) return 'unauthorized';
      let result: AirtimeResult;
      try {
        result = parseChargeResult(rawBody);
      } catch (error) {
        if (!(error instanceof MalformedCallbackError)) throw error;
        log.warn({ err: error }, 'malformed airtime result');
        return 'malformed';
      }
      const intent = await results.airtimeIntent(result.reference);
      if (!intent) {
        log.error(
          { reference: result.reference, chargeId: result.chargeId },
          'airtime result for no payment of ours',
        );
        return 'ok';
      }
      await events({
        intentId: intent.id,
        kind: 'callback',
        provider: 'AIRTIME',
        operation: 'charge-result',
        body: rawBody.toString('utf8'),
      });
      await results.apply(intent, result);
      return 'ok';
    },
  };
}

export type AirtimeCallbacks = ReturnType<typeof createAirtimeCallbacks>;

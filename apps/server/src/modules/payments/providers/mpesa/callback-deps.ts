import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../../platform/jobs/index.ts';
import type { RecordEvent } from '../../events.ts';

/**
 * What a handler of Daraja's callbacks is given: the intents it matches them to, where it keeps
 * those it cannot match yet, where a matched result goes, the queue that tries again later, the
 * payment's event record and the log. Each handler names the part of the first three it uses.
 */
export interface CallbackDeps<Intents, Unmatched, Results> {
  intents: Intents;
  unmatched: Unmatched;
  results: Results;
  jobs: JobQueue;
  events: RecordEvent;
  log: FastifyBaseLogger;
}

import type { TaskMessage } from '@playon/shared/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Realtime } from '../../realtime/service.ts';
import type { IntentRow } from './repo.ts';
import type { IntentStatusValue } from './states.ts';

/**
 * Tells the payer's open waiting page that their intent changed, as a `task` message on their
 * sockets (a boost's friend hears of it by notification). Best effort, never failing the caller:
 * the money is already right, and the page catches up with GET /api/payments/{id}.
 */
export function createTaskUpdates({ realtime, log }: { realtime: Realtime; log: FastifyBaseLogger }) {
  return async function publish(row: IntentRow | undefined): Promise<void> {
    if (!row) return;
    const task: TaskMessage = {
      type: 'task',
      id: row.id,
      status: row.status as IntentStatusValue,
      message: row.message,
    };
    try {
      await realtime.sendToPlayers([row.playerUid], task);
    } catch (err) {
      log.warn({ err, intentId: row.id }, 'could not publish a task update');
    }
  };
}

export type Publish = ReturnType<typeof createTaskUpdates>;

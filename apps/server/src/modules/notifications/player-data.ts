import type { PlayerNotification } from '@playon/shared/notifications';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { toPlayerNotification } from './delivery.ts';
import { notifications } from './schema.ts';

/** A player's notifications for a data request, and their erasure for a deletion. */
export function createNotificationPlayerData(db: Db) {
  return {
    /** Every one, newest first (the app's list shows the latest hundred). */
    async notificationsOf(uid: string): Promise<PlayerNotification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.uid, uid))
        .orderBy(desc(notifications.createdAt), desc(notifications.seq));
      return rows.map(toPlayerNotification);
    },

    /** A push job still queued for one of them finds it gone and sends nothing. */
    async eraseOf(uid: string, tx: Db) {
      const removed = await tx
        .delete(notifications)
        .where(eq(notifications.uid, uid))
        .returning({ id: notifications.id });
      return removed.length;
    },
  };
}

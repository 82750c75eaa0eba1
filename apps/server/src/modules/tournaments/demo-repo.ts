import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authUser } from '../auth/service.ts';
import { demoEmail, demoPlayers } from './demo-content.ts';

/**
 * The identity row of a demo player, created once per email. It has no account (no password, no
 * provider), so the identity service lets nobody sign in as it.
 */
export async function demoIdentity(db: Db, email: string, name: string): Promise<string> {
  await db
    .insert(authUser)
    .values({ id: `demo-${randomUUID()}`, email, name, emailVerified: true })
    .onConflictDoNothing({ target: authUser.email });
  const [row] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, email));
  if (!row) throw new Error(`demo player ${email} vanished`);
  return row.id;
}

/** The demo players there are, with the username each was seeded with, for other modules' demo content. */
export async function seededDemoPlayers(db: Db) {
  const byEmail = new Map(demoPlayers.map((player) => [demoEmail(player.username), player.username]));
  const rows = await db
    .select({ uid: authUser.id, email: authUser.email })
    .from(authUser)
    .where(inArray(authUser.email, [...byEmail.keys()]));
  return rows.flatMap((row) => {
    const username = byEmail.get(row.email);
    return username ? [{ uid: row.uid, username }] : [];
  });
}

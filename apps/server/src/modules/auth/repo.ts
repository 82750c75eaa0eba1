import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authUser } from './schema.ts';

/** The identity behind a player id: what the login check copies into a new profile. */
export async function findUser(db: Db, uid: string) {
  const [user] = await db
    .select({ id: authUser.id, email: authUser.email, name: authUser.name, image: authUser.image })
    .from(authUser)
    .where(eq(authUser.id, uid));
  return user;
}

import type { OperatorRole } from '@playon/shared/ops';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { authUser } from '../../src/modules/auth/schema.ts';
import type { Db } from '../../src/platform/db.ts';
import { signUpPlayer, type TestPlayer } from './players.ts';

/** A new identity given an operator role, as `npm run operator` would; its token is a player's token. */
export async function signUpOperator(app: FastifyInstance, db: Db, role: OperatorRole): Promise<TestPlayer> {
  const operator = await signUpPlayer(app);
  await db.update(authUser).set({ role }).where(eq(authUser.id, operator.uid));
  return operator;
}

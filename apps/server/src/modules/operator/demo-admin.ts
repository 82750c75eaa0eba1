import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { authUser, type IdentityService } from '../auth/service.ts';
import type { Operators } from './operators.ts';

export const DEMO_ADMIN_EMAIL = 'admin@playon.test';

/** The advisory lock instances take turns on while they make the demo admin (any fixed number). */
export const DEMO_ADMIN_LOCK_KEY = 1_515_042_027;

/**
 * On a laptop in sandbox mode only: an admin to open the console with at once. Created on first
 * boot with a generated password kept in the data directory (never in the code), which `npm start`
 * prints; production has none (`npm run operator` makes the first admin there).
 */
export async function seedDemoAdmin(deps: {
  db: Db;
  identity: IdentityService;
  operators: Pick<Operators, 'setRole'>;
  dataDir: string;
  /** Two sandbox instances starting at once on one database take turns: the second finds the admin. */
  exclusive: <T>(key: number, work: () => Promise<T>) => Promise<T>;
}): Promise<{ email: string; password: string }> {
  return deps.exclusive(DEMO_ADMIN_LOCK_KEY, () => seedNow(deps));
}

async function seedNow({
  db,
  identity,
  operators,
  dataDir,
}: Parameters<typeof seedDemoAdmin>[0]): Promise<{ email: string; password: string }> {
  const file = join(dataDir, 'demo-admin.json');
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { password?: unknown }) : {};
  const [existing] = await db
    .select({ uid: authUser.id, role: authUser.role })
    .from(authUser)
    .where(eq(authUser.email, DEMO_ADMIN_EMAIL));
  if (existing && typeof kept.password === 'string')
    return { email: DEMO_ADMIN_EMAIL, password: kept.password };

  const password = randomBytes(12).toString('base64url');
  if (existing) {
    // The data directory lost its file: the account stays, with a new password.
    const context = await identity.$context;
    await context.internalAdapter.updatePassword(existing.uid, await context.password.hash(password));
  } else {
    await identity.api.signUpEmail({ body: { email: DEMO_ADMIN_EMAIL, name: 'PlayOn admin', password } });
  }
  if (existing?.role !== 'admin') {
    await operators.setRole(
      { uid: null, email: 'npm start', role: 'system' },
      { email: DEMO_ADMIN_EMAIL, role: 'admin', reason: 'Demo admin of the laptop sandbox' },
    );
  }
  writeFileSync(file, `${JSON.stringify({ email: DEMO_ADMIN_EMAIL, password })}\n`, { mode: 0o600 });
  return { email: DEMO_ADMIN_EMAIL, password };
}

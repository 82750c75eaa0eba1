import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, createAuthService } from '../../src/modules/auth/service.ts';
import { opsAuditLog } from '../../src/modules/operator/schema.ts';
import { createOpsService, DEMO_ADMIN_EMAIL, seedDemoAdmin } from '../../src/modules/operator/service.ts';
import { createMailer } from '../../src/platform/mail.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Two sandbox instances started at once on one database with the demo content both made
// the laptop's demo admin, and the second died on the taken e-mail. They now take turns.
let t: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What one instance starting in sandbox mode runs, with a data directory of its own. */
function instance() {
  const db = t.database.db;
  const log = Fastify({ logger: false }).log;
  const auth = createAuthService({ config: t.config, db, mailer: createMailer(t.config, db), log });
  const ops = createOpsService({
    db,
    requirePlayer: auth.requirePlayer,
    identity: auth.identity,
    operatorSessionMs: 60_000,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'playon-demo-admin-'));
  dirs.push(dataDir);
  return () =>
    seedDemoAdmin({
      db,
      identity: auth.identity,
      operators: ops.operators,
      dataDir,
      exclusive: t.database.exclusive,
    });
}

describe('the demo admin, made by two instances starting at once', () => {
  it('is made once: both start, one account and one role change, and the password printed last signs in', async () => {
    const [first, second] = [instance(), instance()];
    const made = await Promise.all([first(), second()]);
    expect(made.map((admin) => admin.email)).toEqual([DEMO_ADMIN_EMAIL, DEMO_ADMIN_EMAIL]);
    const accounts = await t.database.db.select().from(authUser).where(eq(authUser.email, DEMO_ADMIN_EMAIL));
    expect(accounts.map((account) => account.role)).toEqual(['admin']);
    const roleChanges = await t.database.db
      .select()
      .from(opsAuditLog)
      .where(eq(opsAuditLog.action, 'operators.set-role'));
    expect(roleChanges).toHaveLength(1);
    // The later one found the account without its own password file and gave it a new password:
    // the password it printed signs in, the earlier one's no longer does.
    const signsIn = async (password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: DEMO_ADMIN_EMAIL, password },
        })
      ).statusCode === 200;
    const answers = await Promise.all(made.map((admin) => signsIn(admin.password)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});

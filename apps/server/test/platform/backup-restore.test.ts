import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { predecessors } from '../../src/modules/payments/intents/states.ts';
import { type Database, type Db, openDatabase } from '../../src/platform/db.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { callbacksOwed, ledgerViolations } from '../support/attack-ledger.ts';
import { runBackupScript } from '../support/backup-scripts.ts';
import { multipartForm, tinyPng } from '../support/files.ts';
import { type Instance, startInstance } from '../support/instances.ts';
import { intentEntryMismatches } from '../support/intent-entries.ts';
import { moneyApi } from '../support/money.ts';
import { newPhone, startPaymentStream } from '../support/payment-stream.ts';
import { eventually } from '../support/payments.ts';
import { bearer, type TestPlayer } from '../support/players.ts';
import {
  adminUrl,
  databaseUrl,
  dropDatabase,
  recreateDatabase,
  waitForNoSessions,
} from '../support/postgres.ts';
import { createWatchedSandboxClock } from '../support/sandbox-clock.ts';

// The documented backup (scripts/backup/, docs/backups.md) taken with the real scripts while players
// pay, restored into a fresh database, and PlayOn started on it. pg_dump and pg_restore talk to a
// PostgreSQL server: on the embedded database (PGlite runs inside the test process, with no server
// to dump) this file is skipped, and CI runs it in its PostgreSQL step (TEST_DATABASE_URL).

const postgresBase = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'playon-backup-test-'));
const restoredName = `playon_restored_${process.pid}_${randomUUID().slice(0, 8)}`;
/** The callback URLs the sandbox keeps carry it: the restored instance must accept them too. */
const callbackSecret = `backup-test-callback-${randomUUID()}`;
let source: PaymentsTestApp | undefined;
let restored: Database | undefined;
let instance: Instance | undefined;

afterAll(async () => {
  await instance?.close();
  await source?.close();
  await restored?.close();
  if (postgresBase) {
    await waitForNoSessions(adminUrl(postgresBase), restoredName);
    await dropDatabase(adminUrl(postgresBase), restoredName);
  }
  rmSync(work, { recursive: true, force: true });
});

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const intentStatuses = async (db: Db) =>
  new Map(
    (await rowsOf<{ id: string; status: string }>(db, sql`select id, status from payment_intents`)).map(
      (row) => [row.id, row.status],
    ),
  );

/**
 * Payments still open, and those of them nothing settles by itself: a prompt whose checkout id we
 * never stored waits for its callback, then for an operator (docs/operations.md).
 */
const openIntents = async (db: Db) =>
  rowsOf<{ id: string; waitsForOperator: boolean }>(
    db,
    sql`select id, (method_code = 'MPESA' and type <> 'WITHDRAWAL' and checkout_request_id is null) as "waitsForOperator"
        from payment_intents where status in ('PENDING', 'IN_PROGRESS')`,
  );

/** Waits until the sandboxes owe no callback and every open payment but those is settled. */
async function settled(db: Db, waitingForOperatorToo: boolean) {
  const unsettled = async () =>
    (await openIntents(db)).filter((open) => waitingForOperatorToo || !open.waitsForOperator);
  await eventually(
    async () => (await unsettled()).length + (await callbacksOwed(db)),
    (open) => open === 0,
    60_000,
  );
  expect(await unsettled()).toEqual([]);
}

/** The ledger's invariants, and each payment's entries as its status requires. */
async function expectSoundBooks(db: Db) {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await intentEntryMismatches(db)).toEqual([]);
}

/** Players with money in their wallets, the first with a profile picture (the upload store). */
async function playersWithMoney(t: PaymentsTestApp) {
  const money = moneyApi(t);
  const players = [await money.newPlayer(), await money.newPlayer(), await money.newPlayer()];
  for (const player of players) {
    expect((await money.mpesaTopUp(player, 5000, newPhone())).status).toBe('COMPLETED');
  }
  const first = players[0] as TestPlayer;
  const form = multipartForm(
    { id: first.uid, type: 'PROFILE_PICTURE' },
    { name: 'me.png', type: 'image/png', bytes: tinyPng() },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': form.contentType, ...bearer(first.token) },
    payload: form.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return { players, pictureUrl: uploaded.json().payload.url as string };
}

describe.skipIf(!postgresBase)(
  'backup and restore (PostgreSQL only: pg_dump reads a server, not PGlite)',
  () => {
    it('restores a backup taken while payments run into a fresh database, where PlayOn carries on with sound books', async () => {
      const t = await createPaymentsTestApp({
        MPESA_CALLBACK_SECRET: callbackSecret,
        // Callbacks come 0.4 s after each payment starts, so many are on their way at the dump.
        SANDBOX_PAYMENT_DELAY_MS: '400',
        RATE_LIMIT_PAYMENTS_PER_MINUTE: '1000',
        PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '1000',
      });
      source = t;
      if (t.config.database.kind !== 'postgres')
        throw new Error('TEST_DATABASE_URL is set: PostgreSQL expected');
      const { players, pictureUrl } = await playersWithMoney(t);

      const stream = await startPaymentStream(t, players);
      await eventually(
        async () => stream.started(),
        (count) => count >= 12,
      );
      const backup = await runBackupScript('backup.sh', [join(work, 'backups')], {
        DATABASE_URL: t.config.database.url,
        DATA_DIR: t.config.dataDir,
      });
      await stream.stop();
      const backupDir = backup.stdout.trim();
      expect(readdirSync(backupDir).sort()).toEqual(['SHA256SUMS', 'database.dump', 'uploads.tar.gz']);

      // The source settles everything it started; the backup holds a moment in the middle of it.
      await settled(t.database.db, true);
      const finalInSource = await intentStatuses(t.database.db);
      const port = Number(new URL(t.base).port);
      await t.close();
      source = undefined;

      // Into a fresh, empty database, with the real restore script.
      await recreateDatabase(adminUrl(postgresBase as string), restoredName);
      const restoredUrl = databaseUrl(postgresBase as string, restoredName);
      const restoredDataDir = join(work, 'restored-data');
      const restore = await runBackupScript('restore.sh', [backupDir], {
        DATABASE_URL: restoredUrl,
        DATA_DIR: restoredDataDir,
      });
      expect(restore.stdout).toContain('0 newer applied by npm run migrate');
      expect(restore.stdout).toContain('the ledger checks out');

      // The moment the backup holds: payments on their way, books sound, each payment at a status
      // its lifecycle passes through on the way to where it ended in the source.
      restored = await openDatabase({ kind: 'postgres', url: restoredUrl, poolMax: 10 });
      await expectSoundBooks(restored.db);
      const atBackup = await intentStatuses(restored.db);
      expect([...atBackup.values()].filter((status) => status === 'COMPLETED').length).toBeGreaterThan(
        players.length,
      );
      expect([...atBackup.values()].some((status) => status === 'PENDING' || status === 'IN_PROGRESS')).toBe(
        true,
      );
      for (const [id, status] of atBackup) {
        const final = finalInSource.get(id) as keyof typeof predecessors;
        expect([final, ...predecessors[final]], `intent ${id}`).toContain(status);
      }

      // PlayOn on the restored database, at the address the providers call back: it answers the
      // players of before, serves their pictures, and settles what was open at the backup.
      instance = await startInstance(
        { location: { kind: 'postgres', url: restoredUrl }, opened: restored },
        {
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: restoredDataDir,
          MPESA_CALLBACK_SECRET: callbackSecret,
          SANDBOX_PAYMENT_DELAY_MS: '400',
          RECONCILE_AFTER_MS: '300',
        },
        { port, sandboxClock: createWatchedSandboxClock() },
      );
      instance.app.jobs.start({ intervalMs: 100 });
      const { app } = instance;
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      const picture = await app.inject({ method: 'GET', url: pictureUrl });
      expect(picture.statusCode).toBe(200);
      expect(picture.rawPayload.equals(tinyPng())).toBe(true);

      const { db } = restored;
      await settled(db, false);
      await expectSoundBooks(db);
      // The sandboxes' records came back with the payments: a payment its provider had heard of at
      // the backup (past PENDING) ends as it did in the source. A PENDING one may not have reached its
      // sandbox before the dump, and the restored sandbox then knows no such payment.
      const finalAfterRestore = await intentStatuses(db);
      for (const [id, status] of atBackup) {
        if (status !== 'PENDING')
          expect(finalAfterRestore.get(id), `intent ${id}`).toBe(finalInSource.get(id));
      }
      for (const player of players) {
        const [wallet] = await rowsOf<{ balance: string }>(
          db,
          sql`select balance::text from ledger_accounts where kind = 'WALLET' and owner_uid = ${player.uid}`,
        );
        const answered = await app.inject({
          method: 'GET',
          url: '/api/wallets/balance',
          headers: bearer(player.token),
        });
        expect(answered.json().payload.balance * 100).toBe(Number(wallet?.balance));
      }
      // Two minutes at most on a loaded machine: payments, a dump, a restore and two apps.
    }, 120_000);
  },
);

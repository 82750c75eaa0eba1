import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_DARAJA } from '../../apps/server/src/platform/config/sandbox.ts';
import { cpuSecondsOf } from './process-cpu.ts';

/**
 * Daraja as production has it, outside PlayOn's processes: another PlayOn server, one process with a
 * database of its own, whose built-in sandbox answers the B2C and STK requests and sends their
 * callbacks. The bench's server is configured as for real Daraja (`env`), so its CPU and its
 * database's are PlayOn's own, without Daraja's side of each payout.
 */
export async function startDarajaProcess({ port, databaseUrl }: { port: number; databaseUrl: string }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'playon-bench-daraja-'));
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: '1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // A payout completes at once and its result is sent straight away.
      SANDBOX_PAYMENT_DELAY_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (attempt > 1200 || child.exitCode !== null) throw new Error('The Daraja sandbox did not start.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    /** What the bench's server is given to reach this Daraja as a real one. */
    env: {
      DARAJA_BASE_URL: `${baseUrl}/sandbox/daraja`,
      DARAJA_CONSUMER_KEY: SANDBOX_DARAJA.consumerKey,
      DARAJA_CONSUMER_SECRET: SANDBOX_DARAJA.consumerSecret,
      DARAJA_SHORTCODE: SANDBOX_DARAJA.shortCode,
      DARAJA_PASSKEY: SANDBOX_DARAJA.passkey,
      DARAJA_B2C_SHORTCODE: SANDBOX_DARAJA.b2cShortCode,
      DARAJA_INITIATOR_NAME: SANDBOX_DARAJA.initiatorName,
      DARAJA_SECURITY_CREDENTIAL: SANDBOX_DARAJA.securityCredential,
    },
    /** CPU seconds Daraja's process has used so far. */
    cpuSeconds: () => (child.pid ? cpuSecondsOf(child.pid) : 0),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

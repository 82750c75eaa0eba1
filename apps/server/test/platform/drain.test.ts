import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/payments.ts';

// A rolling deploy (ADR 0047): the proxy in front keeps connections to the instance alive and writes
// players' requests on them up to the moment it stops. Every request written on a kept-alive
// connection must get its answer; only a new connection may fail, refused once the listener closed
// (the proxy then tries another instance), or, in the very instant it closes, reset by the kernel
// before the process could accept it (ADR 0047: no server can close a listener without that).
const dataDir = mkdtempSync(join(tmpdir(), 'playon-drain-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

type Outcome =
  | { status: number; connection: string | undefined; afterSigterm: boolean }
  | { error: string; onKeptAliveConnection: boolean; afterSigterm: boolean };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function send(
  port: number,
  agent: http.Agent | false,
  options: { method: 'GET' | 'POST'; path: string },
): Promise<
  { status: number; connection: string | undefined } | { error: string; onKeptAliveConnection: boolean }
> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, agent, ...options, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message, onKeptAliveConnection: request.reusedSocket }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, onKeptAliveConnection: request.reusedSocket }),
    );
    request.end(options.method === 'POST' ? JSON.stringify({ paymentMethodId: 2, amount: 100 }) : undefined);
  });
}

describe('an instance stopped with SIGTERM while players keep sending on kept-alive connections', () => {
  it('answers every request it was sent, says not ready, then refuses connects and exits 0', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['src/main.ts'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web-build'),
        DEMO_CONTENT: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child?.on('close', (code) => resolve(code)));
    for (;;) {
      const ready = await send(port, false, { method: 'GET', path: '/api/ready' });
      if ('status' in ready && ready.status === 200) break;
      await pause(200);
    }

    let sigtermSent = false;
    const outcomes: Outcome[] = [];
    // Four players' streams on four kept-alive connections: a health check, then a top-up refused
    // for want of a token (a quick answer that goes through the payment routes), and again.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const health = { method: 'GET', path: '/api/health' } as const;
    const topUp = { method: 'POST', path: '/api/payments/top-up' } as const;
    const stream = async () => {
      for (let n = 0; ; n++) {
        const outcome = await send(port, agent, n % 2 === 0 ? health : topUp);
        outcomes.push({ ...outcome, afterSigterm: sigtermSent });
        if ('error' in outcome) return;
        await pause(5);
      }
    };
    const streams = Promise.all([stream(), stream(), stream(), stream()]);
    while (outcomes.length < 40) await pause(20);

    child.kill('SIGTERM');
    sigtermSent = true;
    const readiness: number[] = [];
    for (;;) {
      const ready = await send(port, false, { method: 'GET', path: '/api/ready' });
      if ('error' in ready) break;
      readiness.push(ready.status);
      await pause(100);
    }
    await streams;
    agent.destroy();

    expect(await exited, output).toBe(0);
    expect(readiness).toContain(503);
    // Each stream ended on a new connection that failed; none on a request written on a kept-alive one.
    const failures = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome] : []));
    expect(failures).toHaveLength(4);
    expect(failures.filter((failure) => failure.onKeptAliveConnection)).toEqual([]);
    for (const failure of failures) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(failure.error);
    const answered = outcomes.flatMap((outcome) => ('status' in outcome ? [outcome] : []));
    expect(answered.filter((answer) => answer.status >= 500)).toEqual([]);
    const whileStopping = answered.filter((answer) => answer.afterSigterm);
    expect(whileStopping.length).toBeGreaterThan(0);
    expect(whileStopping.map((answer) => answer.connection)).toContain('close');
  }, 180_000);
});

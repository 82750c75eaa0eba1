// The rush's child processes: each started with its log in the run directory and room for many open
// sockets, waited for, and stopped; a free loopback port for each service.
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Open files each child may hold: tens of thousands of sockets. Root may raise its hard limit; where
 * the machine forbids even that (a container), the hard limit is the most a child gets.
 */
const OPEN_FILES = 65536;
const RAISE_OPEN_FILES = `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`;

/** What a child inherits: the machine's basics, never the caller's PlayOn variables (DATABASE_URL...). */
export function baseEnv(): NodeJS.ProcessEnv {
  const { PATH, HOME, LANG, TZ } = process.env;
  return Object.fromEntries(Object.entries({ PATH, HOME, LANG, TZ }).filter(([, value]) => value));
}

/** Starts `command` with its output appended to `<runDir>/<name>.log` (a restart adds to the same log). */
export function spawnLogged(
  runDir: string,
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): ChildProcess {
  const log = openSync(join(runDir, `${name}.log`), 'a');
  const child = spawn('sh', ['-c', RAISE_OPEN_FILES, command, ...args], {
    cwd: options.cwd,
    env: options.env ?? baseEnv(),
    stdio: ['ignore', log, log],
  });
  // A child's start failing is the caller's error to report, not an uncaught one.
  child.on('error', () => {});
  return child;
}

export const isRunning = (child: ChildProcess | undefined) =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

/** Resolves with the exit code (or the signal's name) once `child` has exited. */
export function exited(child: ChildProcess): Promise<number | string> {
  if (!isRunning(child)) return Promise.resolve(child.exitCode ?? child.signalCode ?? 'unknown');
  return new Promise((done) => child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')));
}

/** Runs `command` to its end; throws with its log's name when it fails. */
export async function finished(child: ChildProcess, what: string) {
  const code = await exited(child);
  if (code !== 0) throw new Error(`${what} exited with ${code} (see its log in the run directory)`);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
export async function stopChild(child: ChildProcess | undefined, graceMs = 15_000) {
  if (!child || !isRunning(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/**
 * Monotonic milliseconds: this machine's wall clock jumps (a paused VM catches up), and a deadline or
 * a fault's time on it would pass at once. Records and fault windows stay on the wall clock, as the
 * players' records are.
 */
export const monotonicMs = () => performance.now();

export const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, Math.max(0, ms)));

/** Polls `isReady` every 250 ms; throws when `died` names a reason or after `timeoutMs`. */
export async function waitUntil(
  what: string,
  isReady: () => Promise<boolean>,
  options: { timeoutMs?: number; died?: () => string | undefined } = {},
) {
  const deadline = monotonicMs() + (options.timeoutMs ?? 180_000);
  for (;;) {
    const death = options.died?.();
    if (death) throw new Error(`${death} before ${what} (its log is in the run directory)`);
    if (await isReady().catch(() => false)) return;
    if (monotonicMs() > deadline)
      throw new Error(`${what}: not after ${(options.timeoutMs ?? 180_000) / 1000} s`);
    await pause(250);
  }
}

/** 200 from `url` within two seconds. */
export async function answersOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.arrayBuffer();
  return response.ok;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

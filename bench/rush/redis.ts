// The rush's private Redis: no snapshot and no append-only file (the instances keep nothing there
// that must outlive a restart), restartable on the same port.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { exited, spawnLogged, stopChild, waitUntil } from './processes.ts';

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** `redis-cli shutdown nosave`, as an operator would stop it; resolves once it exited. */
  stop(): Promise<void>;
  process(): ChildProcess | undefined;
  /** SIGTERM, for the end of the run. */
  close(): Promise<void>;
}

export function createRedis(runDir: string, port: number): PrivateRedis {
  let child: ChildProcess | undefined;
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'];
  const ping = async () => {
    const cli = spawn('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
    return (await exited(cli)) === 0;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawnLogged(runDir, 'redis', 'redis-server', args);
      child = started;
      await waitUntil('Redis answering', ping, {
        timeoutMs: 30_000,
        died: () => (started.exitCode === null ? undefined : `redis-server exited with ${started.exitCode}`),
      });
    },
    async stop() {
      const running = child;
      // redis-cli's own exit status varies with how the server hung up: the process exiting is the proof.
      await exited(spawn('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' }));
      if (running) await exited(running);
    },
    process: () => child,
    close: () => stopChild(child),
  };
}

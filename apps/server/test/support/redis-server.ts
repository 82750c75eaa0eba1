import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './payments.ts';

/** Whether this machine can run a Redis of a test's own. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A Redis of the test's own on a free port, keeping nothing on disk, that the test stops and starts
 * again on the same port, as an outage would: the shared TEST_REDIS_URL must stay up for the others.
 */
export async function ownRedis() {
  const port = await freePort();
  let server: ChildProcess | undefined;

  async function start() {
    const child = spawn('redis-server', [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    let output = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      child.stdout.on('data', (text: string) => {
        output += text;
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
    server = child;
  }

  async function stop() {
    if (!server || server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGKILL');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

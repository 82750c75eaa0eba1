// The rush's private PostgreSQL: its own cluster (initdb) in the run directory, run with pg_ctl as the
// postgres system user (initdb and postgres refuse root), on 127.0.0.1 only.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { finished } from './processes.ts';

export interface PrivatePostgres {
  /** The PlayOn database, as the superuser. */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are ended, nothing committed is lost. */
  stop(): Promise<void>;
  /** The postmaster's pid (its backends are its children), or undefined when it is down. */
  pid(): number | undefined;
  /** For an exit handler: stops it at once, synchronously. */
  stopNow(): void;
  /** Removes the cluster's files (once stopped), wherever they had to live. */
  remove(): void;
}

function binDir(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    return `/usr/lib/postgresql/${versions[0]}/bin`;
  }
}

/** `command` as the postgres user when we are root (as here and in CI), as ourselves otherwise. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/**
 * Where the cluster lives: `wanted`, unless the postgres user cannot reach it (a checkout in root's
 * home): then a folder in the system's temporary directory, linked from `wanted`.
 */
function clusterDir(wanted: string): string {
  mkdirSync(dirname(wanted), { recursive: true });
  const [file, argv] = asPostgres('test', ['-x', dirname(wanted)]);
  if (process.getuid?.() !== 0 || spawnSync(file, argv).status === 0) {
    mkdirSync(wanted, { recursive: true });
    return wanted;
  }
  const dir = mkdtempSync(join(tmpdir(), 'playon-rush-postgres-'));
  symlinkSync(dir, wanted);
  return dir;
}

export async function createPostgres(
  wanted: string,
  port: number,
  maxConnections: number,
): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = clusterDir(wanted);
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const run = async (command: string, args: string[], what: string) => {
    const [file, argv] = asPostgres(join(bin, command), args);
    await finished(spawn(file, argv, { stdio: ['ignore', 'ignore', 'inherit'] }), what);
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], 'initdb');
  // fsync stays on, as in production: a commit waits for the disk, and a restart loses nothing.
  appendFileSync(
    join(data, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = ''`,
      `max_connections = ${maxConnections}`,
      'fsync = on',
      '',
    ].join('\n'),
  );
  const pgCtl = (args: string[]) => asPostgres(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const postgres: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/playon`,
    start: () => run('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '120', 'start'], 'pg_ctl start'),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], 'pg_ctl stop'),
    pid() {
      const file = join(data, 'postmaster.pid');
      if (!existsSync(file)) return undefined;
      return Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined;
    },
    stopNow() {
      if (!postgres.pid()) return;
      const [file, argv] = pgCtl(['-m', 'immediate', '-w', 'stop']);
      spawnSync(file, argv, { stdio: 'ignore' });
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  await postgres.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database playon');
  await admin.end();
  return postgres;
}

function postgresUser() {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('There is no postgres system user to run the private PostgreSQL as.');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

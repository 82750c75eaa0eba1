import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * How the cross stack starts the migration and the instances: as processes from this checkout, or,
 * with CROSS_IMAGE=<image>, as containers of PlayOn's built image (deploy/image/build.sh) on the host's
 * network, each instance's DATA_DIR a folder of the run directory mounted at /data. The same secrets and
 * settings either way; in a container the laptop's sandbox stands in for the providers as it does for
 * the processes (NODE_ENV is not production here: PUBLIC_URL is plain http).
 */
export interface Launcher {
  /** Runs the migration once; resolves when it exited 0. */
  migrate(env: NodeJS.ProcessEnv, log: number): ChildProcess;
  /** Starts one instance in the foreground: the child ends when the instance does. */
  instance(name: string, env: NodeJS.ProcessEnv, dataDir: string, log: number): ChildProcess;
  /** The host pid of the instance's server process, once it answers (the failover spec kills it). */
  serverPid(name: string, child: ChildProcess): number | undefined;
  /** Runs the image's own health check against a running instance: throws when it fails. */
  checkHealth(name: string): void;
}

const repo = resolve(import.meta.dirname, '../..');
const containersConf = resolve(repo, 'deploy/image/containers.conf');

export function launcher(env: NodeJS.ProcessEnv = process.env): Launcher {
  return env.CROSS_IMAGE ? imageLauncher(env.CROSS_IMAGE) : processLauncher;
}

const processLauncher: Launcher = {
  migrate: (env, log) => spawnWith('npm', ['run', 'migrate'], env, log),
  instance: (_name, env, dataDir, log) =>
    spawnWith(process.execPath, ['apps/server/src/main.ts'], { ...env, DATA_DIR: dataDir }, log),
  serverPid: (_name, child) => child.pid,
  checkHealth: () => {},
};

function imageLauncher(image: string): Launcher {
  /**
   * `podman run` with the settings handed over by name (`--env NAME`: no value on its command line).
   * The image says NODE_ENV=production; with a plain-http PUBLIC_URL and the sandbox this stack is not.
   */
  const podmanRun = (args: string[], settings: NodeJS.ProcessEnv, log: number, command: string[] = []) => {
    const env = { ...settings, NODE_ENV: 'development' };
    const passed = Object.keys(env).flatMap((name) => ['--env', name]);
    return spawnWith(
      'podman',
      ['run', '--rm', '--network', 'host', ...args, ...passed, image, ...command],
      { ...env, CONTAINERS_CONF: containersConf },
      log,
    );
  };
  const containerName = (name: string) => `playon-cross-${name}`;
  const podmanSync = (args: string[]) =>
    execFileSync('podman', args, {
      env: { ...process.env, CONTAINERS_CONF: containersConf },
      encoding: 'utf8',
    }).trim();
  return {
    migrate: (env, log) => podmanRun([], env, log, ['node', 'apps/server/src/migrate.ts']),
    instance(name, env, dataDir, log) {
      mkdirSync(dataDir, { recursive: true });
      const container = containerName(name);
      execFileSync('podman', ['rm', '--force', '--ignore', container], {
        env: { ...process.env, CONTAINERS_CONF: containersConf },
        stdio: 'ignore',
      });
      // `:U` hands the folder to the image's own user; the container runs as it, never as root.
      return podmanRun(['--name', container, '--volume', `${dataDir}:/data:U`], env, log);
    },
    serverPid: (name) => Number(podmanSync(['inspect', '--format', '{{.State.Pid}}', containerName(name)])),
    checkHealth(name) {
      // Exit 0 when the image's HEALTHCHECK passes: the same one compose's depends_on waits for.
      podmanSync(['healthcheck', 'run', containerName(name)]);
    },
  };
}

function spawnWith(command: string, args: string[], env: NodeJS.ProcessEnv, log: number): ChildProcess {
  return spawn(command, args, { cwd: repo, env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
}

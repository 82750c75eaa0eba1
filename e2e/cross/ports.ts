import { resolve } from 'node:path';

export interface Instance {
  name: 'a' | 'b';
  port: number;
  url: string;
  dataDir: string;
  pid?: number;
}

/** Where the cross-instance stack runs: nginx on E2E_PORT (3300), the instances and Redis on the next ports. */
export interface StackInfo {
  balancerPort: number;
  balancerUrl: string;
  instances: Instance[];
  redisPort: number;
  databaseUrl: string;
  mpesaCallbackSecret: string;
  /** Wrong passwords one client address may send a minute, on both instances together. */
  signInFailuresPerAddress: number;
  /** Logs, nginx's prefix and the instances' data directories (git and biome skip .data-*). */
  runDir: string;
}

export function crossStack(env: NodeJS.ProcessEnv = process.env): StackInfo {
  // The same default as playwright.config.ts: e2e/support's helpers send its baseURL as Origin.
  const base = Number(env.E2E_PORT ?? 3300);
  const runDir = resolve(import.meta.dirname, `../../.data-cross-${base}`);
  const instance = (name: 'a' | 'b', port: number): Instance => ({
    name,
    port,
    url: `http://localhost:${port}`,
    dataDir: `${runDir}/${name}`,
  });
  return {
    balancerPort: base,
    balancerUrl: `http://localhost:${base}`,
    instances: [instance('a', base + 1), instance('b', base + 2)],
    redisPort: base + 3,
    databaseUrl: env.CROSS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/playon_cross',
    // Known to the specs: one delivers an M-Pesa callback to the instance of its choice, as Daraja would.
    mpesaCallbackSecret: 'cross-instance-callback-secret-0123456789',
    signInFailuresPerAddress: 20,
    runDir,
  };
}

/** The running stack, as the global setup started it (pids included). */
export function runningStack(): StackInfo {
  const json = process.env.CROSS_STACK;
  if (!json) throw new Error('CROSS_STACK is not set: run with playwright.cross.config.ts');
  return JSON.parse(json) as StackInfo;
}

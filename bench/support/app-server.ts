// The built app served by a server of its own, for the browser benches (journeys, Lighthouse): a
// temporary DATA_DIR, and players made through the API as the e2e helpers make them.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BENCH_PASSWORD = 'secret123';

/** Starts `apps/server/src/main.ts` on `port`; resolves once it answers its health check. */
export async function startAppServer(port: number, name: string) {
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `playon-${name}-`));
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };

  async function call(path: string, init: RequestInit & { cookie?: string; token?: string } = {}) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: baseUrl };
    if (init.cookie) headers.Cookie = init.cookie;
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  }

  /** A player with a complete profile (sign-up, the login check, every required field). */
  async function completePlayer(profile: { language?: string } = {}) {
    const id = randomUUID().slice(0, 8);
    const email = `bench.${id}@example.com`;
    const signUp = await call('/api/auth/sign-up/email', {
      method: 'POST',
      body: JSON.stringify({ email, password: BENCH_PASSWORD, name: '' }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const { token } = (await (await call('/api/auth/token', { cookie })).json()) as { token: string };
    const login = (await (await call('/api/auth/login', { token })).json()) as { payload: { uid: string } };
    const fields = {
      name: 'Bench Wanjiru',
      username: `bench_${id}`,
      dob: '1995-04-12',
      gender: 'FEMALE',
      phone: `0711${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`,
      ...profile,
    };
    for (const [field, value] of Object.entries(fields))
      await call(`/api/profile/${login.payload.uid}`, {
        method: 'PUT',
        token,
        body: JSON.stringify({ [field]: value }),
      });
    return { email, cookie };
  }

  try {
    for (let attempt = 0; ; attempt++) {
      if (attempt >= 720) throw new Error('The server did not become healthy within 3 minutes.');
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, call, completePlayer, stop };
}

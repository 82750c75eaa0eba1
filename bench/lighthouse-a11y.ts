// Lighthouse's accessibility score (issue 16: 100 on the welcome, login, dashboard and wallet screens)
// in English and Kiswahili, against the built app served by the server this starts (a temporary
// DATA_DIR; run `npm run build` first). Kiswahili: the browser's language is sw-KE (a first visit
// follows it) and the signed-in player's profile says 'sw' (which wins at sign-in). Prints each
// page's score and the audits that failed. Not a test: the e2e axe specs are what fail CI.
//
//   node bench/lighthouse-a11y.ts [port=3412] [languages=en,sw]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../playwright.config.ts';

const port = Number(process.argv[2] ?? 3412);
const languages = (process.argv[3] ?? 'en,sw').split(',');
const baseUrl = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'playon-lighthouse-a11y-'));
const pages = [
  { path: '/', isSignedIn: false },
  { path: '/login', isSignedIn: false },
  { path: '/dashboard', isSignedIn: true },
  { path: '/account/wallet', isSignedIn: true },
];

const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 720; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy within 3 minutes.');
}

async function call(path: string, init: RequestInit & { cookie?: string; token?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: baseUrl };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** A player with a complete profile in `language`; its session cookie. */
async function signedInCookie(language: string): Promise<string> {
  const id = randomUUID().slice(0, 8);
  const signUp = await call('/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email: `a11y.${id}@example.com`, password: 'secret123', name: '' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { token } = (await (await call('/api/auth/token', { cookie })).json()) as { token: string };
  const login = (await (await call('/api/auth/login', { token })).json()) as { payload: { uid: string } };
  const fields = {
    name: 'Light House',
    username: `a11y_${id}`,
    dob: '1995-04-12',
    gender: 'FEMALE',
    phone: `0711${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`,
    language,
  };
  for (const [field, value] of Object.entries(fields))
    await call(`/api/profile/${login.payload.uid}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ [field]: value }),
    });
  return cookie;
}

try {
  await waitForHealth();
  for (const language of languages) {
    const cookie = await signedInCookie(language);
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumLaunch.executablePath,
      chromeFlags: [
        '--headless=new',
        ...chromiumLaunch.args,
        `--lang=${language === 'sw' ? 'sw-KE' : 'en-KE'}`,
      ],
    });
    try {
      for (const { path, isSignedIn } of pages) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          ...(isSignedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { lhr } = result;
        const failed = Object.values(lhr.audits)
          .filter((audit) => audit.score === 0)
          .map((audit) => audit.id);
        const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
        console.log(
          `${language} ${path.padEnd(16)} accessibility ${score}${failed.length ? ` failed: ${failed.join(', ')}` : ''}`,
        );
      }
    } finally {
      chrome.kill();
    }
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}

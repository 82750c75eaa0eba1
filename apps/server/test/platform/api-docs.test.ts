import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { newVapidKeys } from '../support/vapid.ts';

// The whole API document, every /api/ops route included, answered 200 to anyone in production. It is
// now off there unless API_DOCS=on, and the console's routes are never in what is served.
const production = {
  NODE_ENV: 'production',
  SANDBOX: 'on',
  PUBLIC_URL: 'https://playon.example',
  // The test app is given its own database; this only satisfies production's list.
  DATABASE_URL: 'postgres://playon@127.0.0.1:1/unused',
  MPESA_CALLBACK_SECRET: 'mpesa-callback-secret-0123456789abcdef',
};

let laptop: TestApp;
let closed: TestApp;
let asked: TestApp;
beforeAll(async () => {
  [laptop, closed, asked] = await Promise.all([
    createTestApp(),
    createTestApp({ ...production, ...newVapidKeys() }),
    createTestApp({ ...production, ...newVapidKeys(), API_DOCS: 'on' }),
  ]);
}, 60_000);
afterAll(() => Promise.all([laptop?.close(), closed?.close(), asked?.close()]));

const documentOf = async (t: TestApp) => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  return Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
};
const consolePaths = (paths: string[]) => paths.filter((path) => path.startsWith('/api/ops'));

describe('the API document', () => {
  it('is not served in production unless asked for', async () => {
    expect(closed.config.apiDocs).toBe(false);
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const response = await closed.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('/api/ops');
    }
  });

  it('is served in production with API_DOCS=on, without the console', async () => {
    const paths = await documentOf(asked);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/wallets/balance']));
    expect(consolePaths(paths)).toEqual([]);
    const yaml = await asked.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).not.toContain('/api/ops');
  });

  it('is served on a laptop for the public, without the console, which the app still documents', async () => {
    const paths = await documentOf(laptop);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/tournaments']));
    expect(consolePaths(paths)).toEqual([]);
    const ui = await laptop.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    // The whole document stays in the process, where the attack suites read the console's routes.
    await laptop.app.ready();
    expect(consolePaths(Object.keys(laptop.app.swagger().paths ?? {}))).toContain('/api/ops/me');
  });
});

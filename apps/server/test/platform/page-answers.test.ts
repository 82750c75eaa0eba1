import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_SCREEN_DATA, PAGE_ANSWERS_ID, type PageAnswers } from '@playon/shared/first-screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { bearer, signUpPlayer, type TestPlayer } from '../support/players.ts';

// A signed-in player's first screens carry what they ask first, answered for that player (ADR 0064).
let web: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'playon-dist-'));
  mkdirSync(join(distDir, '.vite'), { recursive: true });
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><head><title>PlayOn</title></head><div id="root"></div>',
  );
  writeFileSync(
    join(distDir, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/dashboard': ['assets/dashboard-d1.js'],
      '/account/wallet': ['assets/wallet-w1.js'],
      '/account/payment/amount': ['assets/amount-a1.js'],
    }),
  );
  web = await createTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await web.close();
  rmSync(distDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string>) =>
  web.app.inject({ method: 'GET', url, headers });

/** The answers a page carries, read as the web app reads them; undefined when it carries none. */
function answersIn(html: string): PageAnswers | undefined {
  const pattern = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ID}">(.*?)</script>`);
  const json = pattern.exec(html)?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as PageAnswers);
}

const api = async (url: string, player: TestPlayer, language = 'en') =>
  (
    await web.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(player.token), 'accept-language': language },
    })
  ).json();

describe("a signed-in first screen's page", () => {
  it("carries the session's player's profile, session and screen data, and no one else's", async () => {
    const [amina, baraka] = await Promise.all([signUpPlayer(web.app), signUpPlayer(web.app)]);
    for (const path of ['/dashboard', '/account/wallet']) {
      const response = await page(path, { cookie: amina.cookie, 'accept-language': 'en' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toContain('Cookie');
      const answers = answersIn(response.body);
      expect(answers?.language).toBe('en');
      expect(answers?.session).toMatchObject({ status: 200, body: { user: { email: amina.email } } });
      expect(answers?.login).toMatchObject({ status: 200, body: { payload: { uid: amina.uid } } });
      expect(Object.keys(answers?.data ?? {}).sort()).toEqual([...(FIRST_SCREEN_DATA[path] ?? [])].sort());
      // Each is what the API answers that player's own token.
      for (const [dataPath, answer] of Object.entries(answers?.data ?? {})) {
        expect(answer.status, dataPath).toBe(200);
        expect(answer.body, dataPath).toEqual(await api(dataPath, amina));
      }
      expect(response.body).not.toContain(baraka.uid);
      expect(response.body).not.toContain(baraka.email);
    }
    const barakas = answersIn((await page('/account/wallet', { cookie: baraka.cookie })).body);
    expect(barakas?.login).toMatchObject({ body: { payload: { uid: baraka.uid } } });
    expect(JSON.stringify(barakas)).not.toContain(amina.uid);
  });

  it('asks in the language the app will speak', async () => {
    const player = await signUpPlayer(web.app);
    const answers = answersIn(
      (await page('/dashboard', { cookie: `${player.cookie}; playon_lang=sw` })).body,
    );
    expect(answers?.language).toBe('sw');
    expect(answers?.data['/api/events']?.body).toEqual(await api('/api/events', player, 'sw'));
  });

  it('keeps what a player wrote from closing the element that carries it', async () => {
    const player = await signUpPlayer(web.app);
    const name = '</script><script>alert(1)</script>';
    const update = await web.app.inject({
      method: 'PUT',
      url: `/api/profile/${player.uid}`,
      headers: bearer(player.token),
      payload: { name },
    });
    expect(update.statusCode, update.body).toBe(200);
    const { body } = await page('/dashboard', { cookie: player.cookie });
    expect(body).not.toContain('<script>alert(1)');
    expect(answersIn(body)?.login).toMatchObject({ body: { payload: { name } } });
  });

  it('carries nothing without a live session, nor on a screen with no first data', async () => {
    const player = await signUpPlayer(web.app);
    expect((await page('/dashboard', {})).body).not.toContain(PAGE_ANSWERS_ID);
    const forged = await page('/account/wallet', { cookie: 'better-auth.session_token=abc.def' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain(PAGE_ANSWERS_ID);
    expect(forged.headers['cache-control']).toBe('no-cache');
    // Signed out: the cookie the browser still sends names no session any more.
    const signOut = await web.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: player.cookie, origin: 'http://localhost:3000' },
    });
    expect(signOut.statusCode, signOut.body).toBe(200);
    const after = await page('/dashboard', { cookie: player.cookie });
    expect(after.body).not.toContain(PAGE_ANSWERS_ID);
    expect(after.body).not.toContain(player.uid);
    // The amount screen has its token (ADR 0040) but asks no first data.
    const other = await signUpPlayer(web.app);
    const amount = await page('/account/payment/amount', { cookie: other.cookie });
    expect(amount.body).toContain('playon-access-token');
    expect(amount.body).not.toContain(PAGE_ANSWERS_ID);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBanners } from '../../src/modules/content/schema.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { accessToken, signUpPlayer } from '../support/players.ts';

let t: TestApp;
let web: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'playon-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    '<!doctype html><head><title>PlayOn</title></head><div id="root"></div>',
  );
  mkdirSync(join(distDir, '.vite'));
  writeFileSync(
    join(distDir, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/dashboard': ['assets/router-r1.js', 'assets/dashboard-d1.js'],
      '/login': ['assets/login-l1.js'],
    }),
  );
  writeFileSync(
    join(distDir, '.vite', 'rendered-ahead.json'),
    JSON.stringify({
      '/': {
        en: '<!doctype html><div id="root" data-lang="en"><main>Play games.</main></div>',
        sw: '<!doctype html><div id="root" data-lang="sw"><main>Cheza michezo.</main></div>',
      },
      '/login': {
        en: '<!doctype html><div id="root" data-lang="en"><main>Welcome back!</main></div>',
        sw: '<!doctype html><div id="root" data-lang="sw"><main>Karibu tena!</main></div>',
      },
    }),
  );
  writeFileSync(join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{}');
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(distDir, 'picture.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  [t, web] = await Promise.all([createTestApp(), createTestApp({ WEB_DIST_DIR: distDir })]);
});
afterAll(async () => {
  await Promise.all([t.close(), web.close()]);
  rmSync(distDir, { recursive: true, force: true });
});

describe('operations', () => {
  it('reports the database up and the laptop sandbox on /api/health, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      statusMessage: 'OK',
      payload: { database: 'up', sandbox: 'on' },
    });
  });

  it('sends a Content-Security-Policy that forbids inline scripts and framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('describes every API route in the OpenAPI document and serves the docs page', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/auth/login',
        '/api/profile/{uid}',
        '/api/profile/device-token',
        '/api/upload',
        '/api/countries/list',
        '/api/currencies/list',
        '/api/referrals',
      ]),
    );
    expect(document.paths['/api/profile/{uid}'].put.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('unknown paths', () => {
  it('answers an unknown /api path with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await web.app.inject({ method, url: '/api/no-such-thing' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        statusMessage: 'The requested resource was not found.',
        payload: { code: 'NOT_FOUND' },
      });
    }
  });

  it("serves the web app at /, its welcome screen rendered ahead in the visitor's language", async () => {
    const home = (headers: Record<string, string> = {}) =>
      web.app.inject({ method: 'GET', url: '/', headers });
    const response = await home();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Accept-Language');
    expect(response.body).toBe('<!doctype html><div id="root" data-lang="en"><main>Play games.</main></div>');
    expect((await home({ 'accept-language': 'sw-KE' })).body).toContain('Cheza michezo.');
    // A session: the app sends the player home, so the welcome screen is not rendered ahead.
    const signedIn = await home({ cookie: 'better-auth.session_token=abc.def' });
    expect(signedIn.body).toContain('<div id="root"></div>');
  });

  it("serves the web app's index.html for any other path, never cached", async () => {
    const response = await web.app.inject({ method: 'GET', url: '/profile/country?from=account' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it("names a first screen's chunks in its HTML, so they come with the entry", async () => {
    const dashboard = await web.app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(dashboard.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/router-r1.js"><link rel="modulepreload" crossorigin href="/assets/dashboard-d1.js"></head>',
    );
    const other = await web.app.inject({ method: 'GET', url: '/account' });
    expect(other.body).not.toContain('modulepreload');
    expect(other.body).toContain('<div id="root">');
  });

  it('sends the login page rendered ahead to a visitor with no session, in their language', async () => {
    const login = (headers: Record<string, string> = {}) =>
      web.app.inject({ method: 'GET', url: '/login', headers });
    const english = await login({ 'accept-language': 'en-GB,en;q=0.9' });
    expect(english.body).toBe(
      '<!doctype html><div id="root" data-lang="en"><main>Welcome back!</main></div>',
    );
    expect(english.headers.vary).toContain('Cookie');
    // A browser that speaks Kiswahili among its languages, as the app decides on a first visit.
    expect((await login({ 'accept-language': 'en-US,sw;q=0.8' })).body).toContain('Karibu tena!');
    // The device's own choice wins over the browser's.
    expect((await login({ 'accept-language': 'sw', cookie: 'playon_lang=en' })).body).toContain(
      'Welcome back!',
    );
    // A session: the screen sends the player on, so no form shows first.
    const signedIn = await login({ cookie: 'playon_lang=en; better-auth.session_token=abc.def' });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).toContain('login-l1.js');
  });

  it("asks for the dashboard's first banner with a signed-in player's HTML, in their language", async () => {
    await web.database.db.insert(eventBanners).values([
      {
        title: 'First',
        description: 'Shown first.',
        eventBannerUrl: '/content/banners/first.svg',
        eventBannerUrlSw: '/content/banners/first-sw.svg',
        sortOrder: 0,
      },
      {
        title: 'Second',
        description: 'Shown next.',
        eventBannerUrl: '/content/banners/second.svg',
        sortOrder: 1,
      },
    ]);
    const dashboard = (headers: Record<string, string>) =>
      web.app.inject({ method: 'GET', url: '/dashboard', headers });
    const signedIn = await dashboard({
      cookie: 'better-auth.session_token=abc.def',
      'accept-language': 'en',
    });
    expect(signedIn.body).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/content/banners/first.svg"></head>',
    );
    expect(signedIn.body).not.toContain('second.svg');
    expect(signedIn.body).toContain('/assets/dashboard-d1.js');
    const kiswahili = await dashboard({ cookie: 'better-auth.session_token=abc.def; playon_lang=sw' });
    expect(kiswahili.body).toContain('href="/content/banners/first-sw.svg"');
    // No session: the dashboard sends the visitor to /login, which shows no banner.
    expect((await dashboard({})).body).not.toContain('as="image"');
  });

  it("puts a signed-in player's access token in their first screen's page, never stored (ADR 0040)", async () => {
    const player = await signUpPlayer(web.app);
    const page = (url: string, cookie: string) => web.app.inject({ method: 'GET', url, headers: { cookie } });
    const dashboard = await page('/dashboard', player.cookie);
    const token = /<meta name="playon-access-token" content="([^"]+)">/.exec(dashboard.body)?.[1];
    expect(token).toBeDefined();
    expect(dashboard.headers['cache-control']).toBe('no-store');
    // The token /api/auth/token gives: it opens the player's own API.
    const login = await web.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().payload.uid).toBe(player.uid);
    expect((await accessToken(web.app, player.cookie)).split('.')).toHaveLength(3);

    // A cookie that names no live session, and a page that is not a first screen, carry none.
    const forged = await page('/dashboard', 'better-auth.session_token=abc.def');
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('playon-access-token');
    expect(forged.headers['cache-control']).toBe('no-cache');
    expect((await page('/account/profile', player.cookie)).body).not.toContain('playon-access-token');
  });

  it('caches hashed assets for good', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("sends the build's scripts without the headers only a page reads; pages and the service worker keep them", async () => {
    const script = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    expect(script.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const manifest = await web.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-security-policy']).toBeUndefined();
    for (const url of ['/dashboard', '/', '/sw.js', '/picture.svg']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('does not pass a missing upload off as the web app', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/media/profile-pictures/none.png' });
    expect(response.statusCode).toBe(404);
  });

  it('explains how to build the web app when it is not built', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('npm run build');
  });
});

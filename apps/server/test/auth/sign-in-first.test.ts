import { messages } from '@playon/shared/messages';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSignIn } from '../../src/modules/auth/service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Player routes checked the token at preHandler, after the body was parsed and validated: an
// anonymous request with a bad body was told the body's rules (400) instead of 401. Every /api
// route now declares who may call it, and one hook checks it at onRequest (ADR 0073).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's URL with every parameter filled by something no route accepts. */
const malformedUrl = (url: string) =>
  `${url.replace(/:[A-Za-z]+/g, 'not%20an%20id').replace(/\*$/, 'x')}?page=-1&limit=many&from=yesterday`;

describe('who may call each /api route', () => {
  it('is declared by every one of them, the console as operators, and matches the API document', () => {
    const routes = t.app.signIns();
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((route) => route.signIn === undefined)).toEqual([]);
    const kind = (route: (typeof routes)[number]) =>
      typeof route.signIn === 'object' ? 'operator' : route.signIn;
    for (const route of routes) {
      const isConsole = route.url.startsWith('/api/ops/');
      expect(kind(route) === 'operator', `${route.method} ${route.url}`).toBe(isConsole);
    }
    // What the document says of an operation (`security: []`: anyone) is what the route declared.
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{(\w+)\}/g, ':$1');
        const route = routes.find((r) => r.url === url && r.method.split(',').includes(method.toUpperCase()));
        expect(route, `${method} ${path}`).toBeDefined();
        expect(route?.signIn === 'public', `${method} ${path}`).toBe(operation.security?.length === 0);
      }
    }
  });

  it('answers 401 to anyone without a token, whatever the body, parameters and query', async () => {
    const guarded = t.app.signIns().filter((route) => route.signIn !== 'public');
    let playerBodies = 0;
    for (const route of guarded) {
      for (const method of route.method.split(',')) {
        const hasBody = BODY_METHODS.has(method);
        if (hasBody && route.signIn === 'player') playerBodies++;
        const response = await t.app.inject({
          method: method as 'GET',
          url: malformedUrl(route.url),
          headers: {
            authorization: 'Bearer not-a-token',
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: '{"amount": "a lot", ' } : {}),
        });
        expect(response.statusCode, `${method} ${route.url}: ${response.body}`).toBe(401);
        if (method !== 'HEAD') expect(response.json().statusMessage).toBe(messages.notLoggedIn);
      }
    }
    // Not an empty loop: the player's own forms are among them (sign-up, wallet, chat, scores...).
    expect(playerBodies).toBeGreaterThan(15);
  });

  it('refuses to start an app with an /api route that declares nothing', async () => {
    const app = Fastify({ logger: false });
    registerSignIn(app, async () => {});
    app.get('/api/declared', { config: { signIn: 'public' } }, async () => 'ok');
    app.post('/api/forgotten', async () => 'ok');
    app.get('/elsewhere', async () => 'ok');
    await expect(app.ready()).rejects.toThrow(/POST \/api\/forgotten$/);
    await app.close();
  });
});

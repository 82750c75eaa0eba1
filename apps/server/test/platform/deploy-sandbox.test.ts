import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYSTACK_SECRET_KEY, type SandboxMode } from '../../src/platform/config.ts';
import { registerErrorHandler } from '../../src/platform/error-handler.ts';
import { PAYSTACK_SIGNATURE_HEADER, signWebhookBody } from '../../src/platform/paystack/webhook.ts';
import { registerSandboxGuard } from '../../src/sandbox/guard.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { newVapidKeys } from '../support/vapid.ts';

// A sandbox in production (ADR 0016): only when asked for, said loudly, and its pages (the outbox
// with every password-reset link, the M-Pesa prompts with players' phone numbers) closed to others.
const vapid = newVapidKeys();

let staging: TestApp;
beforeAll(async () => {
  staging = await createTestApp({
    NODE_ENV: 'production',
    SANDBOX: 'on',
    PUBLIC_URL: 'https://staging.playon.example',
    // The test's own database replaces it; production requires one to be named.
    DATABASE_URL: 'postgres://db.internal/playon',
    MPESA_CALLBACK_SECRET: 'staging-callback-secret-0123456789abcdef',
    ...vapid,
  });
});
afterAll(() => staging.close());

const sandboxPages = ['/sandbox/mail', '/sandbox/daraja', '/sandbox/paystack', '/sandbox/airtime'];

describe('a production server running the sandbox', () => {
  it('says so on /api/health', async () => {
    const health = (await staging.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.payload).toMatchObject({ database: 'up', sandbox: 'on' });
    expect(health.payload.warning).toMatch(/^SANDBOX MODE IN PRODUCTION: .*this machine only/);
  });

  it('refuses its pages to anyone on another machine', async () => {
    for (const url of sandboxPages) {
      const response = await staging.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(response.statusCode, url).toBe(403);
      // In each sandbox's own error shape (Daraja's, the gateway's...).
      expect(response.body).toContain('The sandbox is open to this machine only.');
    }
  });

  it('refuses them through a proxy on this machine too, whoever the proxy forwards for', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-forwarded-for': '127.0.0.1, 198.51.100.7' },
    ]) {
      const response = await staging.app.inject({ method: 'GET', url: '/sandbox/mail', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
  });

  it('trusts no card webhook signed with the sandbox key published in the repository', async () => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'forged-reference', status: 'success', amount: 100_000, currency: 'KES' },
    });
    const signedWith = (key: string) =>
      staging.app.inject({
        method: 'POST',
        url: '/api/payments/callbacks/card',
        headers: {
          'content-type': 'application/json',
          [PAYSTACK_SIGNATURE_HEADER]: signWebhookBody(body, key),
        },
        payload: body,
      });
    expect((await signedWith(SANDBOX_PAYSTACK_SECRET_KEY)).statusCode).toBe(401);
    // The card sandbox itself signs with the server's own derived key.
    expect((await signedWith(staging.config.paystack.secretKey)).statusCode).toBe(200);
  });

  it('shows them on this machine', async () => {
    for (const url of sandboxPages) {
      const response = await staging.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(response.statusCode, url).toBe(200);
    }
    const ipv6 = await staging.app.inject({ method: 'GET', url: '/sandbox/mail', remoteAddress: '::1' });
    expect(ipv6.statusCode).toBe(200);
  });
});

describe('the sandbox guard', () => {
  async function appWith(sandbox: SandboxMode) {
    const app = Fastify();
    registerErrorHandler(app);
    registerSandboxGuard(app, sandbox);
    app.get('/sandbox/mail', async () => 'outbox');
    app.get('/api/health', async () => 'ok');
    await app.ready();
    return app;
  }
  const remote = { remoteAddress: '203.0.113.9' };

  it('opens the pages to everybody with SANDBOX_PUBLIC=on', async () => {
    const app = await appWith({ on: true, public: true, warning: 'on' });
    expect((await app.inject({ method: 'GET', url: '/sandbox/mail', ...remote })).statusCode).toBe(200);
  });

  it('answers no sandbox route at all when the sandbox is off', async () => {
    const app = await appWith({ on: false, public: false, warning: undefined });
    const response = await app.inject({ method: 'GET', url: '/sandbox/mail', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(404);
  });

  it('leaves every other route alone, and is not fooled by an encoded path', async () => {
    const app = await appWith({ on: true, public: false, warning: 'on' });
    expect((await app.inject({ method: 'GET', url: '/api/health', ...remote })).statusCode).toBe(200);
    for (const url of ['/%73andbox/mail', '/sandbox/mail?x=1', '/sandbox/mail/']) {
      expect((await app.inject({ method: 'GET', url, ...remote })).statusCode, url).not.toBe(200);
    }
  });
});

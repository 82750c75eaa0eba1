import { afterEach, describe, expect, it } from 'vitest';
import { buildProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import { apiRequest } from './api-client';
import { fetchLoginProfile, forceRefreshToken, forgetAccessToken } from './auth-token';
import {
  adoptPageToken,
  dropEarly,
  sendEarly,
  sendEarlyLoginCheck,
  sendEarlyWithToken,
  takeEarlyWithToken,
} from './early-requests';
import { clearAllStorage, readProfile } from './session-store';

const profile = buildProfile();

function stubIdentity(token: string) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token } }),
    'GET /api/auth/login': () => ({
      status: 200,
      body: { statusCode: 200, statusMessage: 'OK', payload: profile },
    }),
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the login check a new tab asks at boot', () => {
  afterEach(() => {
    dropEarly();
    forgetAccessToken();
    clearAllStorage();
  });

  it('is sent with the early token before any screen asks, and taken by the screen instead of asking again', async () => {
    const token = fakeToken();
    const calls = stubIdentity(token);
    sendEarly('/api/auth/token');
    sendEarlyLoginCheck();
    // No screen has asked for anything yet: the entry's requests alone.
    for (let tick = 0; tick < 20 && calls.length < 2; tick++) await settle();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token', '/api/auth/login']);
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${token}`);

    // The guard's own steps, once its code has arrived.
    const answer = await fetchLoginProfile(await forceRefreshToken());
    expect(answer.payload.uid).toBe(profile.uid);
    expect(readProfile()?.uid).toBe(profile.uid);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token', '/api/auth/login']);
  });

  it("is not used for another session's token: the screen makes its own check", async () => {
    for (const other of [fakeToken(15, { sid: 's2' }), fakeToken(15, { sub: 'u2' })]) {
      const calls = stubIdentity(fakeToken());
      sendEarly('/api/auth/token');
      sendEarlyLoginCheck();
      await fetchLoginProfile(other);
      const checks = calls.filter((call) => call.path === '/api/auth/login');
      expect(checks).toHaveLength(2);
      expect(checks[1]?.headers.Authorization).toBe(`Bearer ${other}`);
      dropEarly();
      forgetAccessToken();
    }
  });

  it("is taken with a later token of the same session (the session check's answer carries one)", async () => {
    const calls = stubIdentity(fakeToken());
    sendEarly('/api/auth/token');
    sendEarlyLoginCheck();
    expect((await fetchLoginProfile(fakeToken(16))).payload.uid).toBe(profile.uid);
    expect(calls.filter((call) => call.path === '/api/auth/login')).toHaveLength(1);
  });

  it('is not sent when the cookie holds no session', async () => {
    const calls = stubFetch({ 'GET /api/auth/token': () => ({ status: 401, body: null }) });
    sendEarly('/api/auth/token');
    sendEarlyLoginCheck();
    expect(await forceRefreshToken()).toBeNull();
    for (let tick = 0; tick < 20; tick++) await settle();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token']);
  });
});

describe("a guarded screen's first data, asked at boot", () => {
  afterEach(() => {
    dropEarly();
    forgetAccessToken();
    clearAllStorage();
  });

  it('is sent with the early token before the screen asks, and taken by the screen instead of asking again', async () => {
    const token = fakeToken();
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token } }),
      'GET /api/auth/login': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'OK', payload: profile },
      }),
      'GET /api/wallets/balance': () => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'OK', payload: { balance: 250 } },
      }),
    });
    sendEarly('/api/auth/token');
    sendEarlyWithToken(['/api/wallets/balance']);
    for (let tick = 0; tick < 20 && calls.length < 2; tick++) await settle();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token', '/api/wallets/balance']);
    expect(calls[1]?.headers.Authorization).toBe(`Bearer ${token}`);

    // The wallet screen's own call, once its code has run: the answer sent at boot.
    const balanceCalls = () => calls.filter((call) => call.path === '/api/wallets/balance');
    expect((await apiRequest<{ balance: number }>('/wallets/balance')).payload.balance).toBe(250);
    expect(balanceCalls()).toHaveLength(1);
    // Taken once: a later visit to the screen asks the server again.
    await apiRequest('/wallets/balance');
    expect(balanceCalls()).toHaveLength(2);
  });

  it("is taken by a call made with a later token of the same session, not with another session's", async () => {
    const token = fakeToken();
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token } }),
      'GET /api/events': () => ({ status: 200, body: { statusCode: 200, statusMessage: 'OK', payload: [] } }),
    });
    sendEarly('/api/auth/token');
    sendEarlyWithToken(['/api/events']);
    for (let tick = 0; tick < 20 && calls.length < 2; tick++) await settle();
    const eventCalls = () => calls.filter((call) => call.path === '/api/events');
    expect(await takeEarlyWithToken('/api/events', fakeToken(16))).toBeDefined();
    expect(eventCalls()).toHaveLength(1);

    dropEarly();
    sendEarly('/api/auth/token');
    sendEarlyWithToken(['/api/events']);
    expect(await takeEarlyWithToken('/api/events', fakeToken(15, { sid: 's2' }))).toBeUndefined();
  });

  it('is not sent when the cookie holds no session', async () => {
    const calls = stubFetch({ 'GET /api/auth/token': () => ({ status: 401, body: null }) });
    sendEarly('/api/auth/token');
    sendEarlyWithToken(['/api/events']);
    expect(await forceRefreshToken()).toBeNull();
    for (let tick = 0; tick < 20; tick++) await settle();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token']);
  });
});

describe("the access token in a signed-in player's page (ADR 0040)", () => {
  afterEach(() => {
    dropEarly();
    forgetAccessToken();
    clearAllStorage();
    for (const meta of document.querySelectorAll('meta[name="playon-access-token"]')) meta.remove();
  });

  function pageToken(token: string) {
    const meta = document.createElement('meta');
    meta.name = 'playon-access-token';
    meta.content = token;
    document.head.append(meta);
  }

  it('sends the login check with it at once, without asking /api/auth/token, and leaves the page', async () => {
    const token = fakeToken();
    pageToken(token);
    const calls = stubIdentity(fakeToken(30));
    adoptPageToken();
    sendEarly('/api/auth/token');
    sendEarlyLoginCheck();
    for (let tick = 0; tick < 20 && calls.length < 1; tick++) await settle();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/login']);
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(document.querySelector('meta[name="playon-access-token"]')).toBeNull();

    // The screen's own steps take the page's token and the check made with it.
    expect(await forceRefreshToken()).toBe(token);
    expect((await fetchLoginProfile(token)).payload.uid).toBe(profile.uid);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/login']);
  });

  it('changes nothing in a page without one: the token is asked for', async () => {
    const token = fakeToken();
    const calls = stubIdentity(token);
    adoptPageToken();
    sendEarly('/api/auth/token');
    expect(await forceRefreshToken()).toBe(token);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token']);
  });
});

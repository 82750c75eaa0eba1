import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { API_TIMEOUT_MS, apiFetch } from './api-fetch';
import { forgetAccessToken } from './auth-token';
import { setLanguage } from './language';
import { readUser, storeProfile, storeUser } from './session-store';

const envelope = (statusCode: number, statusMessage: string, payload: unknown) => ({
  status: statusCode,
  body: { statusCode, statusMessage, payload },
});

describe('api client', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the Bearer token and JSON, and returns the envelope on 200', async () => {
    storeProfile(buildProfile());
    const token = fakeToken();
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token } }),
      'POST /api/referrals': () =>
        envelope(200, 'Referral code applied. Welcome to PlayOn!', { referrerUsername: 'otieno' }),
    });
    const response = await apiRequest('/referrals', { method: 'POST', json: { referralCode: 'OTIENO1' } });
    expect(response.statusMessage).toBe('Referral code applied. Welcome to PlayOn!');
    const call = calls.find((c) => c.path === '/api/referrals');
    expect(call?.headers.Authorization).toBe(`Bearer ${token}`);
    expect(call?.headers['Content-Type']).toBe('application/json');
    expect(call?.body).toEqual({ referralCode: 'OTIENO1' });
  });

  it("asks the server to answer in the player's language, the token's call included", async () => {
    storeProfile(buildProfile());
    forgetAccessToken();
    setLanguage('sw');
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/countries/list': () => envelope(200, '', []),
    });
    await apiRequest('/countries/list');
    setLanguage('en');
    expect(calls.map((call) => [call.path, call.headers['Accept-Language']])).toEqual([
      ['/api/auth/token', 'sw'],
      ['/api/countries/list', 'sw'],
    ]);
  });

  it('signs the player out of this tab when the identity service no longer knows the session', async () => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    const calls = stubFetch({ 'GET /api/auth/token': () => ({ status: 401, body: null }) });
    await expect(apiRequest('/countries/list')).rejects.toThrow('You are not logged in');
    expect(readUser()).toBeNull();
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/token']);
  });

  it('asks for a new token once when the server refuses the one it had, and sends the call again', async () => {
    storeProfile(buildProfile());
    const [refused, renewed] = [fakeToken(15), fakeToken(14)];
    forgetAccessToken();
    let tokens = [refused, renewed];
    const calls = stubFetch({
      'GET /api/auth/token': () => {
        const [token, ...rest] = tokens;
        tokens = rest;
        return { status: 200, body: { token } };
      },
      'GET /api/wallets/balance': (call) =>
        call.headers.Authorization === `Bearer ${renewed}`
          ? envelope(200, 'Wallet balance.', { balance: 12 })
          : envelope(401, 'You are not logged in.', { code: 'UNAUTHENTICATED' }),
    });
    await expect(apiRequest('/wallets/balance')).resolves.toMatchObject({ payload: { balance: 12 } });
    expect(calls.map((call) => call.path)).toEqual([
      '/api/auth/token',
      '/api/wallets/balance',
      '/api/auth/token',
      '/api/wallets/balance',
    ]);
  });

  it('signs the player out when the session behind a refused token has ended', async () => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
    forgetAccessToken();
    let asked = 0;
    stubFetch({
      'GET /api/auth/token': () =>
        asked++ === 0 ? { status: 200, body: { token: fakeToken() } } : { status: 401, body: null },
      'GET /api/wallets/balance': () => envelope(401, 'You are not logged in.', { code: 'UNAUTHENTICATED' }),
    });
    await expect(apiRequest('/wallets/balance')).rejects.toThrow('You are not logged in');
    expect(readUser()).toBeNull();
  });

  it("throws the envelope's statusMessage and payload code for anything but 200", async () => {
    stubFetch({
      'POST /api/referrals': () => envelope(404, 'That referral code does not exist.', { code: 'NOT_FOUND' }),
    });
    const failure = await apiFetch('/referrals', { method: 'POST', json: {}, token: 't' }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('That referral code does not exist.');
    expect((failure as ApiError).code).toBe('NOT_FOUND');
    expect((failure as ApiError).status).toBe(404);
  });

  it('accepts 201 only where the caller allows it (the profile fetch)', async () => {
    stubFetch({ 'GET /api/auth/login': () => envelope(201, 'Created', buildProfile()) });
    await expect(apiFetch('/auth/login', { token: 't' })).rejects.toBeInstanceOf(ApiError);
    await expect(apiFetch('/auth/login', { token: 't', okStatuses: [200, 201] })).resolves.toMatchObject({
      status: 201,
    });
  });

  it("gives a 'timeout' result after 20 seconds", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = apiFetch('/countries/list', { token: 't' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
    const failure = (await pending) as ApiError;
    expect(failure.kind).toBe('timeout');
  });
});

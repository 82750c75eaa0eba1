import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProfile } from '../test/factories';
import { fakeToken, stubFetch } from '../test/fetch-stub';

/**
 * A player who never chose a language (the profile's is null) reads their notifications and pushes in
 * the one their phone speaks: the app gives it to the profile when it is not the default English.
 */
describe('a profile with no language', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function signInWithBrowser(languages: string[]) {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    const calls = stubFetch({
      'PUT /api/profile/u1': ({ body }) => ({
        status: 200,
        body: { statusCode: 200, statusMessage: 'ok', payload: { ...buildProfile(), ...(body as object) } },
      }),
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    });
    const { storeProfile } = await import('./session-store');
    await import('./i18n');
    storeProfile({ ...buildProfile(), uid: 'u1', language: null });
    await vi
      .waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true), { timeout: 500 })
      .catch(() => undefined);
    return calls.filter((call) => call.method === 'PUT');
  }

  it("is given the browser's Kiswahili, which the app already speaks", async () => {
    const puts = await signInWithBrowser(['sw-KE', 'en']);
    expect(puts.map((call) => call.body)).toEqual([{ language: 'sw' }]);
  });

  it('stays unset on an English phone: English is what it gets anyway', async () => {
    const puts = await signInWithBrowser(['en-KE']);
    expect(puts).toEqual([]);
  });
});

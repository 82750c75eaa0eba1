import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';
import { newPlayer, registerPlayer, type TestPlayer } from './players.ts';

/** A complete player (name, username, phone...) made through the API, with their uid. */
export async function playerToFind(request: APIRequestContext): Promise<TestPlayer & { uid: string }> {
  const player = newPlayer('Wanjiku');
  const uid = await registerPlayer(request, player);
  return { ...player, uid };
}

/**
 * Signs the player in on a device of their own (a request context with its own cookies): the
 * session's cookie and an access token, as their app holds them.
 */
export async function playerDevice(player: { email: string; password: string }) {
  const device = await playwrightRequest.newContext({ baseURL });
  const signIn = await device.post('/api/auth/sign-in/email', {
    data: { email: player.email, password: player.password },
    headers: { Origin: baseURL },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const { token } = (await (await device.get('/api/auth/token')).json()) as { token: string };
  return {
    /** The player's next request, as the app sends it: its answer's status. */
    nextRequest: async () =>
      (await device.get('/api/auth/login', { headers: { Authorization: `Bearer ${token}` } })).status(),
    dispose: () => device.dispose(),
  };
}

/** What a sign-in of this player answers now (the disabled message when the account is disabled). */
export async function signInAnswer(player: { email: string; password: string }) {
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    const answer = await context.post('/api/auth/sign-in/email', {
      data: { email: player.email, password: player.password },
      headers: { Origin: baseURL },
    });
    return { status: answer.status(), body: await answer.text() };
  } finally {
    await context.dispose();
  }
}

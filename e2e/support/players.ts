import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config.ts';

export interface TestPlayer {
  email: string;
  password: string;
  firstName: string;
  username: string;
  /** The player's own phone, one the M-Pesa sandbox pays from (a phone has one prompt open at a time). */
  phone: string;
}

/** A phone of the player's own, 0711 000 000 to 0711 999 999: none of the sandbox's special numbers. */
export const ownPhone = () => `0711${String(randomInt(1_000_000)).padStart(6, '0')}`;

export function newPlayer(firstName = 'Amina'): TestPlayer {
  const id = randomUUID().slice(0, 8);
  return {
    email: `${firstName.toLowerCase()}.${id}@example.com`,
    password: 'secret123',
    firstName,
    username: `${firstName.toLowerCase()}_${id}`,
    phone: ownPhone(),
  };
}

async function expectOk(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return response;
}

/** The player signed in on `request` (a page's request carries the browser's cookies): their uid and bearer header. */
export async function signedInAs(
  request: APIRequestContext,
): Promise<{ uid: string; headers: { Authorization: string } }> {
  const { token } = (await (await expectOk(await request.get('/api/auth/token'), 'token')).json()) as {
    token: string;
  };
  const headers = { Authorization: `Bearer ${token}` };
  const loginResponse = await expectOk(await request.get('/api/auth/login', { headers }), 'login check');
  const login = (await loginResponse.json()) as { payload: { uid: string } };
  return { uid: login.payload.uid, headers };
}

/**
 * Fills every profile field a player must have, as the profile screen's dialogs would, for the player
 * signed in on `request`; answers their uid. `surname` and `dob` tell one spec's players from another's.
 */
export async function completeProfile(
  request: APIRequestContext,
  player: TestPlayer,
  { surname = 'Wanjiru', dob = '1995-04-12' }: { surname?: string; dob?: string } = {},
): Promise<string> {
  const { uid, headers } = await signedInAs(request);
  const fields = {
    name: `${player.firstName} ${surname}`,
    username: player.username,
    dob,
    gender: 'FEMALE',
    phone: player.phone,
  };
  for (const [field, value] of Object.entries(fields)) {
    await expectOk(await request.put(`/api/profile/${uid}`, { headers, data: { [field]: value } }), field);
  }
  return uid;
}

/** Signs a player up through the API (the test's request context, not the browser's cookies) and, when `complete`, fills every required profile field. */
export async function registerPlayer(
  request: APIRequestContext,
  player: TestPlayer,
  complete = true,
): Promise<string> {
  await expectOk(
    await request.post('/api/auth/sign-up/email', {
      data: { email: player.email, password: player.password, name: '' },
      // A second sign-up in one context carries the first one's cookie, which better-auth accepts only with an Origin.
      headers: { Origin: baseURL },
    }),
    'sign-up',
  );
  return complete ? completeProfile(request, player) : (await signedInAs(request)).uid;
}

/** The newest password reset link the sandbox outbox holds for an address. */
export async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const html = await (await request.get('/sandbox/mail')).text();
    const section = html.slice(Math.max(0, html.indexOf(email)));
    const match = /href="([^"]*reset-password[^"]*)"/.exec(section);
    if (html.includes(email) && match?.[1]) return match[1].replaceAll('&amp;', '&');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No reset mail for ${email}`);
}

export async function snap(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `e2e/screenshots/${name}.png` });
}

/** Signs in through the login screen, as a returning player does. */
export async function logInThroughUi(
  page: Page,
  player: TestPlayer,
  password = player.password,
): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
}

/**
 * A complete player, signed in and on the dashboard. The sign-in goes through the API into the
 * browser's own cookies (a returning player's session): the login screen has specs of its own
 * (first-visit, passwords), and the others need not type it again.
 */
export async function signedInPlayer(
  page: Page,
  request: APIRequestContext,
  firstName = 'Juma',
): Promise<TestPlayer & { uid: string }> {
  const player = newPlayer(firstName);
  const uid = await registerPlayer(request, player);
  await expectOk(
    await page.request.post('/api/auth/sign-in/email', {
      data: { email: player.email, password: player.password },
      headers: { Origin: baseURL },
    }),
    'sign-in',
  );
  await page.goto('/dashboard');
  await page.waitForURL('**/dashboard');
  return { ...player, uid };
}

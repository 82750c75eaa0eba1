import { networkInterfaces } from 'node:os';
import { expect, test } from '@playwright/test';
import { baseURL, chromiumLaunch } from '../playwright.config.ts';
import { logInThroughUi, newPlayer, registerPlayer, snap } from './support/players.ts';

// The server's PUBLIC_URL says localhost (playwright.config.ts); a player may open the laptop's
// sandbox at another of its addresses: 127.0.0.1, or the LAN address from a phone on the Wi-Fi.
const loopback = baseURL.replace('localhost', '127.0.0.1');
// playon.lan resolves to this machine, as a hosts file or a router's DNS would, but the server does
// not know the name as one of its own.
test.use({
  launchOptions: {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, '--host-resolver-rules=MAP playon.lan 127.0.0.1'],
  },
});

const lanAddress = Object.values(networkInterfaces())
  .flatMap((list) => list ?? [])
  .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;

test('at 127.0.0.1 a player logs in, logs out (the session really ends) and logs back in', async ({
  page,
  request,
}) => {
  const player = newPlayer('Achieng');
  await registerPlayer(request, player);

  await page.goto(`${loopback}/login`);
  await logInThroughUi(page, player);
  await expect(page).toHaveURL(`${loopback}/dashboard`);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${loopback}/login`);
  // Sign-out carries the session cookie: the call 'Invalid origin' used to refuse, leaving it alive.
  const session = await page.request.get(`${loopback}/api/auth/get-session`);
  expect(await session.json()).toBeNull();

  await logInThroughUi(page, player);
  await expect(page).toHaveURL(`${loopback}/dashboard`);
  await expect(page.getByRole('heading', { name: `Hi, ${player.firstName}` })).toBeVisible();
});

test("a phone on the laptop's Wi-Fi signs up with the sandbox Google and stays on the LAN address", async ({
  page,
}) => {
  test.skip(!lanAddress, 'this machine has no LAN address');
  const lan = baseURL.replace('localhost', lanAddress as string);
  const identity = newPlayer('Wafula');

  await page.goto(`${lan}/register`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(lan);
  await page.getByLabel('Name').fill('Wafula Simiyu');
  await page.getByLabel('Email').fill(identity.email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('You have been logged in.')).toBeVisible();
  await expect(page).toHaveURL(`${lan}/referral`);
  await expect(page.getByRole('heading', { name: 'Do you have a referral code?' })).toBeVisible();
  await snap(page, 'lan-referral');
});

test('at a name the server does not know as its own, a refused sign-in says where to open PlayOn', async ({
  page,
}) => {
  const foreign = baseURL.replace('localhost', 'playon.lan');
  const player = newPlayer('Kiptoo');
  await page.goto(`${foreign}/login`);
  // A cookie left by an earlier visit makes better-auth check where the call comes from.
  await page.context().addCookies([{ name: 'better-auth.session_token', value: 'stale', url: foreign }]);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(
    page.getByText(`Sign-in is not allowed at this address. Open PlayOn at ${baseURL}.`),
  ).toBeVisible();
  await expect(page.getByText('Something happened.')).toBeHidden();
  await snap(page, 'login-foreign-address');
});

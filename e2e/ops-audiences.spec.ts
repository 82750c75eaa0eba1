import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, waitForContent } from './support/axe.ts';
import { newOperator, openConsole, searchForOne } from './support/operators.ts';
import { signedInAs, signedInPlayer } from './support/players.ts';

const GAME = 'Savanna Snake';

/** The player signed in on `page` starts a session of `name`, as Play now does. */
async function play(page: Page, name: string) {
  const { headers } = await signedInAs(page.request);
  const list = (await (await page.request.get('/api/games/list', { headers })).json()) as {
    payload: { id: number; name: string }[];
  };
  const game = list.payload.find((item) => item.name === name);
  expect(game, `${name} in the catalogue`).toBeDefined();
  const started = await page.request.post(`/api/games/${game?.id}/play`, { headers, data: {} });
  expect(started.ok(), await started.text()).toBe(true);
}

test('a support operator saves an audience, sees its count, broadcasts to it, and a player in it reads it', async ({
  browser,
  page,
  request,
}) => {
  const player = await signedInPlayer(page, request, 'Zawadi');
  await play(page, GAME);

  const support = await newOperator(request, 'support');
  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ops = await consoleContext.newPage();
  await openConsole(ops, support, '/ops/community/audiences');
  await waitForContent(ops, ops.getByRole('heading', { name: 'Saved audiences' }));
  await expectNoAxeViolations(ops, 'audiences (1280)');

  const name = `Snake players ${randomUUID().slice(0, 6)}`;
  await ops.getByRole('button', { name: 'New audience' }).click();
  const dialog = ops.getByRole('dialog', { name: 'New audience' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel('Who is in it').selectOption({ label: "A game's players" });
  await dialog.getByLabel('Game').selectOption({ label: GAME });
  await expect(dialog.getByText(`players now (Players of ${GAME})`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'First players in the audience' })).toBeVisible();
  await expectNoAxeViolations(ops, 'new audience dialog (1280)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByText('Audience saved.').first()).toBeVisible();

  await searchForOne(ops, 'Search by name', name);
  const row = ops.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Count now: the players of ${name}` }).click();
  const counted = row.getByText(/players now/);
  await expect(counted).toBeVisible();
  const count = Number((await counted.locator('strong').textContent())?.replace(/,/g, ''));
  expect(count).toBeGreaterThanOrEqual(1);

  await row.getByRole('link', { name: `Send a broadcast to ${name}` }).click();
  await expect(ops.getByText(`Audience: ${name}`)).toBeVisible();
  const title = `We miss you ${randomUUID().slice(0, 6)}`;
  await ops.getByLabel(/^Title \(/).fill(title);
  await ops.getByLabel(/^Message \(/).fill('A new Savanna Snake cup starts tonight.');
  await ops.getByLabel(/^Title in Kiswahili/).fill(`Tunakukumbuka ${title.slice(-6)}`);
  await ops.getByRole('button', { name: 'Review and send' }).click();
  const send = ops.getByRole('dialog', { name: 'Send the broadcast' });
  await expect(send.getByRole('list', { name: 'First players in the audience' })).toBeVisible();
  await send.getByRole('button', { name: `Send to ${count.toLocaleString('en-GB')}` }).click();
  await expect(ops.getByText(`Sending to ${count.toLocaleString('en-GB')} players.`).first()).toBeVisible();

  // The player, in the audience, reads it in the app once the job has written it.
  await expect(async () => {
    await page.goto('/notifications');
    await expect(
      page.getByRole('article').or(page.getByRole('listitem')).filter({ hasText: title }).first(),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The data requests' register, with the Act's clock, on a laptop and on a phone.
  await ops.goto('/ops/players/data-requests');
  await waitForContent(ops, ops.getByRole('heading', { name: 'Data requests' }));
  await ops.getByRole('button', { name: 'Record a request' }).click();
  const record = ops.getByRole('dialog', { name: 'Record a data request' });
  await record.getByLabel("Player id (uid, from the player's page)").fill(player.uid);
  await record.getByLabel('How it arrived (e-mail, phone, letter…)').fill('e-mail from the account');
  await record.getByRole('button', { name: 'Record' }).click();
  await expect(ops.getByText('Data request recorded.').first()).toBeVisible();
  await searchForOne(ops, 'Search by player uid, channel or note', player.uid);
  await expect(ops.getByRole('row').filter({ hasText: player.username })).toContainText(/7 days left/);
  await expectNoAxeViolations(ops, 'data requests (1280)');

  await ops.setViewportSize({ width: 360, height: 740 });
  await expectNoAxeViolations(ops, 'data requests (360)');
  await ops.goto('/ops/community/audiences');
  await waitForContent(ops, ops.getByRole('heading', { name: 'Saved audiences' }));
  await expectNoAxeViolations(ops, 'audiences (360)');
  await consoleContext.close();
});

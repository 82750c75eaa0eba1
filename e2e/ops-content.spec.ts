import { randomUUID } from 'node:crypto';
import type { UserSubscription } from '@playon/shared/subscriptions';
import { expect, test } from '@playwright/test';
import { tinyPng } from './support/files.ts';
import { adminAtLaptop, chooseStartingWith, nairobiMinute } from './support/ops-content.ts';
import { signedInPlayer } from './support/players.ts';
import { asPlayer } from './support/wallet.ts';

test('an admin creates a tournament with prizes and a banner; a player sees the banner, plays and scores; the admin ends it now: prizes, hall of fame and the audit log', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const bannerTitle = `Jamhuri cup ${tag}`;
  const cupName = `Jamhuri Matatu Cup ${tag}`;
  const admin = await adminAtLaptop(browser, '/ops/content/banners');

  // The banner: an uploaded image, first in the slider, shown from now on.
  await admin.getByRole('button', { name: 'New banner' }).click();
  await admin
    .getByLabel('Image')
    .setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(admin.getByRole('dialog').locator('img')).toBeVisible();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Title', { exact: true }).fill(bannerTitle);
  await dialog
    .getByLabel('Description (shown when a player taps the banner)')
    .fill('Play Matatu Rush all week.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('row').filter({ hasText: bannerTitle })).toContainText('Now');

  // The tournament: Matatu Rush from this minute, a Platinum and a Gold day for the top two.
  await admin.getByRole('link', { name: 'Tournaments' }).click();
  await admin.getByRole('link', { name: 'New tournament' }).click();
  await admin.getByRole('button', { name: 'Create the tournament' }).click();
  await expect(admin.getByText('Please enter the name.')).toBeVisible();
  await admin.getByLabel('Name', { exact: true }).fill(cupName);
  await admin
    .getByLabel('Description', { exact: true })
    .fill('Two hours on the Thika road. The top two win a day pass.');
  await admin.getByLabel('Game').selectOption({ label: 'Matatu Rush' });
  const starts = nairobiMinute(0);
  await admin.getByLabel('Starts (Nairobi time)').fill(starts);
  await admin.getByLabel('Ends (Nairobi time)').fill(nairobiMinute(120));
  await chooseStartingWith(admin, '1st place (Gold)', 'Platinum');
  await chooseStartingWith(admin, '2nd place (Silver)', 'Gold');
  await admin.getByRole('button', { name: 'Create the tournament' }).click();
  await expect(admin).toHaveURL(/\/ops\/content\/tournaments\/\d+$/);
  const cupId = admin.url().split('/').at(-1);
  await expect(admin.getByText('Running')).toBeVisible();
  // Shown back as typed, in Nairobi time, on a laptop in New York.
  await expect(admin.getByLabel('Starts (Nairobi time)')).toHaveValue(starts);
  await expect(admin.getByText(`, ${starts.slice(11)} →`)).toBeVisible();

  // The banner now opens the tournament, chosen from a picker of those to come or running.
  await admin.getByRole('link', { name: 'Banners' }).click();
  await admin.getByRole('row').filter({ hasText: bannerTitle }).click();
  const editing = admin.getByRole('dialog', { name: 'Edit the banner' });
  const picker = editing.getByLabel('Opens the tournament (optional)');
  await expect(picker.locator('option', { hasText: cupName })).toHaveCount(1);
  await picker.selectOption({
    label: (await picker.locator('option', { hasText: cupName }).textContent()) ?? '',
  });
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('row').filter({ hasText: bannerTitle })).toContainText(`Tournament ${cupId}`);

  // Each package card has its own Edit.
  await admin.getByRole('link', { name: 'Packages' }).click();
  await admin.getByRole('button', { name: 'Edit Gold' }).click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  // The player taps the banner: it opens the tournament; then they play it and score.
  const player = await signedInPlayer(page, request, 'Wairimu');
  await page.getByRole('button', { name: bannerTitle }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/leaderboard/${cupId}$`));
  await expect(page.getByRole('heading', { name: cupName })).toBeVisible();
  await page.goto('/tournaments');
  const cup = page.getByRole('article').filter({ hasText: cupName });
  await cup
    .getByRole('button', { name: 'Play' })
    .or(cup.getByRole('link', { name: 'Play' }))
    .click();
  await page.getByRole('button', { name: 'Play now' }).click();
  await expect(page).toHaveURL(new RegExp(`/play/matatu-rush/\\?.*tournamentId=${cupId}`));
  await page.getByTestId('start').click();
  await expect(page.getByTestId('final-score')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('score-status')).toContainText(/saved/i);

  // The admin ends it now, with the reason typed.
  await admin.goto(`/ops/content/tournaments/${cupId}`);
  await admin.getByRole('button', { name: 'End now and rank' }).click();
  await admin.getByLabel('Reason (kept in the audit log)').fill('e2e: the sponsor closes the cup early');
  await admin.getByRole('button', { name: 'End now', exact: true }).click();
  await expect(admin.getByText('Ranked', { exact: true })).toBeVisible();
  await expect(admin.getByText(`Gold (Platinum): ${player.uid}`)).toBeVisible();

  // The prize is the player's, and the hall of fame has them.
  const subscriptions = await asPlayer<UserSubscription[]>(page, '/api/subscriptions/list');
  expect(subscriptions.map((s) => [s.subscriptionPackage.name, s.expired])).toContainEqual([
    'Platinum',
    false,
  ]);
  await page.goto('/tournaments/hall-of-fame');
  const champions = page.getByRole('article').filter({ hasText: `${cupName} champions` });
  await expect(champions.getByText(player.username)).toBeVisible();

  // Each step is in the audit log, with who did it and why.
  await admin.getByRole('link', { name: 'Audit log' }).click();
  await admin.getByLabel('Search by action, target, operator or reason').fill('content.');
  for (const [action, target] of [
    ['content.banner.add', 'banner'],
    ['content.tournament.create', `tournament ${cupId}`],
    ['content.tournament.end-now', `tournament ${cupId}`],
    ['content.tournament.rank', `tournament ${cupId}`],
  ]) {
    const row = admin.getByRole('row').filter({ hasText: action }).filter({ hasText: target }).first();
    await expect(row, action).toBeVisible();
    await expect(row).toContainText('admin@playon.test');
  }
  await expect(admin.getByRole('row').filter({ hasText: 'content.tournament.rank' }).first()).toContainText(
    'e2e: the sponsor closes the cup early',
  );
  await admin.context().close();
});

import type { InsightActivity, InsightMoney } from '@playon/shared/ops-insight';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, waitForContent } from './support/axe.ts';
import { adminToken, demoAdmin, openConsole } from './support/operators.ts';
import { payingPlayer } from './support/ops-money.ts';
import { answerPrompt, handPhone } from './support/wallet.ts';

/** Today in Nairobi (UTC+3 all year). */
const nairobiToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

test('the demo admin recounts Insight and sees the new player and the top-up the spec made', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const today = nairobiToday();
  const headers = { Authorization: `Bearer ${await adminToken()}` };
  const read = async <T>(report: string) =>
    (
      (await (
        await request.get(`/api/ops/insight/${report}?from=${today}&to=${today}`, { headers })
      ).json()) as {
        payload: T;
      }
    ).payload;
  // What was counted before, once the job has counted everything up to now.
  await request.post('/api/ops/insight/refresh', { headers });
  await expect
    .poll(async () => (await read<InsightMoney>('money')).foldedAt, { timeout: 30_000 })
    .not.toBeNull();
  const before = await read<InsightMoney>('money');

  // A new player tops up KES 345 by M-Pesa and pays on the phone.
  const player = await payingPlayer(request);
  const phone = handPhone();
  const payment = await player.topUp(345, phone);
  await answerPrompt(request, phone, 'pay');
  await expect
    .poll(async () => (await player.get<{ status: string }>(`/api/payments/${payment.id}`)).status, {
      timeout: 30_000,
    })
    .toBe('COMPLETED');

  await openConsole(page, demoAdmin(), `/ops/insight/activity?from=${today}&to=${today}`);
  await expect(page.getByRole('heading', { name: 'Insight', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Recount now' }).click();
  await expect(page.getByText(/Recounted\./)).toBeVisible({ timeout: 30_000 });
  // The job folds the new activity in; the screens read it on their next ask.
  await expect
    .poll(async () => (await read<InsightMoney>('money')).total, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(before.total + 345);
  const activity = await read<InsightActivity>('activity');
  await page.reload();
  // Other specs sign players up and pay at the same time: within the day the figures only grow.
  const figure = async (term: string | RegExp) => {
    const definition = page.getByRole('term').filter({ hasText: term }).locator('..').getByRole('definition');
    return Number((await definition.first().textContent())?.replace(/[^\d.]/g, ''));
  };
  expect(activity.newPlayers).toBeGreaterThanOrEqual(1);
  await expect.poll(() => figure('New players')).toBeGreaterThanOrEqual(activity.newPlayers);
  await expect(page.getByText(/Players who signed up in the period/)).toBeVisible();
  await waitForContent(page, page.getByRole('heading', { name: 'Active players per day' }));
  await expectNoAxeViolations(page, '/ops/insight/activity');

  await page.getByRole('link', { name: 'Money', exact: true }).click();
  await expect.poll(() => figure(/^Money in$/)).toBeGreaterThanOrEqual(before.total + 345);
  const success = page.getByRole('table', { name: 'Payments that succeed, by method' });
  await expect(success.getByRole('rowheader', { name: 'M-Pesa' })).toBeVisible();
  await waitForContent(page, success);
  await expectNoAxeViolations(page, '/ops/insight/money');

  for (const tab of ['Retention', 'Funnel', 'Games']) {
    await page.getByRole('link', { name: tab, exact: true }).click();
    await expect(page.getByRole('link', { name: tab, exact: true })).toHaveAttribute('aria-current', 'page');
    await waitForContent(page, page.getByRole('button', { name: 'Download CSV' }));
    await expectNoAxeViolations(page, `/ops/insight/${tab.toLowerCase()}`);
  }

  // The CSV of the money report, with today's row.
  await page.getByRole('link', { name: 'Money', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const row = readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${today},`));
  expect(Number(row?.split(',')[1])).toBeGreaterThanOrEqual(before.total + 345);

  // At a laptop's size too.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, '/ops/insight/money at 1280 x 800');
});

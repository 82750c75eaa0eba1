import { expect, test } from '@playwright/test';
import { demoAdmin, newOperator, openConsole } from './support/operators.ts';
import { signedInPlayer } from './support/players.ts';

test('a player is refused the console: 403 from /api/ops, the 404 page at /ops', async ({
  page,
  request,
}) => {
  await signedInPlayer(page, request);
  const token = await page.evaluate(
    async () => (await (await fetch('/api/auth/token')).json()).token as string,
  );
  const api = await page.request.get('/api/ops/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
  await page.goto('/ops');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByRole('link', { name: 'PlayOn console' })).toHaveCount(0);
});

test('the demo admin gives a support role; the audit log shows who, what and why', async ({
  page,
  request,
}) => {
  await openConsole(page, demoAdmin(), '/ops/operators');
  const support = await newOperator(request, 'support');
  await page.reload();
  await expect(page.getByText(support.email)).toBeVisible();
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Search by action, target, operator or reason').fill(support.email);
  const row = page.getByRole('row').filter({ hasText: `e2e: ${support.email} made support` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('operators.set-role');
  await expect(row).toContainText('admin@playon.test');
  // Narrowed by action and operator, the entry's target opens the player it names.
  await page.getByLabel('Action', { exact: true }).selectOption('operators.set-role');
  await page.getByLabel('Operator (e-mail)').fill('admin@playon.test');
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/ops\/players\/[^/]+$/);
  await expect(page.getByText(support.email).first()).toBeVisible();
});

test('a support operator sees only the areas of their role', async ({ page, request }) => {
  const support = await newOperator(request, 'support');
  await openConsole(page, support);
  await expect(page.getByRole('link', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  // An address of an area the role may not use: a page that says so, not a form failing to load.
  await page.goto('/ops/payments');
  await expect(page.getByRole('heading', { name: 'Not for your role' })).toBeVisible();
  await expect(page.getByText('Payments is for these roles: finance, admin.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/ops$/);
});

test('an admin invites a person by e-mail: the e-mail is checked before the reason, the role is described, then Sign out', async ({
  page,
}) => {
  await openConsole(page, demoAdmin(), '/ops/operators');
  // The chosen role is described under the form (support first), before anything is given.
  await expect(page.getByText(/Moves no money/).first()).toBeVisible();
  await page.getByLabel('Role').selectOption('finance');
  await expect(page.getByText(/Payments and money: refunds/).first()).toBeVisible();
  // A typo is caught before any reason is asked.
  await page.getByLabel('E-mail of the person').fill('not-an-email');
  await page.getByRole('button', { name: 'Give the role' }).click();
  await expect(page.getByText('Please enter an e-mail address.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const email = `invited-${Date.now()}@example.com`;
  await page.getByLabel('E-mail of the person').fill(email);
  await page.getByRole('button', { name: 'Give the role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite' });
  await expect(dialog).toContainText(`No account has ${email}`);
  await dialog.getByLabel(/Reason/).fill('New finance lead');
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(
    page.getByText(`Invitation sent: ${email} is mailed a link to choose a password.`),
  ).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('finance · never signed in to the console');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/ops\/sign-in/);
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await page.goto('/ops');
  await expect(page.getByRole('link', { name: 'PlayOn console' })).toHaveCount(0);
});

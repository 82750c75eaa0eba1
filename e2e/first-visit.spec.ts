import { expect, test } from '@playwright/test';
import { logInThroughUi, newPlayer, snap } from './support/players.ts';

test('a new player goes from welcome through sign-up, referral and profile to the dashboard, and comes back', async ({
  page,
}) => {
  const player = newPlayer('Amina');

  await page.goto('/');
  await snap(page, 'welcome');
  await page.getByRole('button', { name: 'Get Started' }).click();

  await expect(page.getByRole('heading', { name: 'Subscribe for a day of play' })).toBeVisible();
  await snap(page, 'onboarding-1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Free games, any time' })).toBeVisible();
  await snap(page, 'onboarding-2');
  await page.getByRole('button', { name: 'Go to slide 3' }).click();
  await expect(page.getByRole('heading', { name: 'Make it yours' })).toBeVisible();
  await snap(page, 'onboarding-3');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await snap(page, 'login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
  await snap(page, 'register');

  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('The password must be 6 characters long or more.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByText('You have been logged in.')).toBeVisible();
  await expect(page.getByText('Do you have a referral code?')).toBeVisible();
  await snap(page, 'referral');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('You need to update your profile details to proceed')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Email/ })).toContainText(player.email);
  await snap(page, 'profile-incomplete');

  const fill = async (label: string, set: (dialog: ReturnType<typeof page.getByRole>) => Promise<void>) => {
    await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${label}` });
    await set(dialog);
    await dialog.getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByText(`${label} was updated successfully.`)).toBeVisible();
    await expect(dialog).toBeHidden();
  };

  await page.getByRole('button', { name: /^Name/ }).click();
  const nameDialog = page.getByRole('dialog', { name: 'Edit Name' });
  await snap(page, 'profile-edit-dialog');
  await nameDialog.getByRole('button', { name: 'Okay' }).click();
  await expect(nameDialog.getByRole('alert')).toHaveText(/Enter your name/i);
  await nameDialog.getByRole('button', { name: 'Cancel' }).click();

  await fill('Name', (dialog) => dialog.getByLabel('Name').fill('Amina Wanjiru'));
  await fill('Username', (dialog) => dialog.getByLabel('Username').fill(player.username));
  await page.getByRole('button', { name: /^Date of birth/ }).click();
  const dobDialog = page.getByRole('dialog', { name: 'Edit Date of birth' });
  await dobDialog.getByLabel('Date of birth').fill('2012-06-01');
  await dobDialog.getByRole('button', { name: 'Okay' }).click();
  await expect(dobDialog.getByText('You must be 18 or older to use PlayOn.')).toBeVisible();
  await dobDialog.getByRole('button', { name: 'Cancel' }).click();
  await fill('Date of birth', (dialog) => dialog.getByLabel('Date of birth').fill('1996-03-14'));
  await fill('Gender', async (dialog) => {
    await dialog.getByLabel('Gender').selectOption('FEMALE');
  });
  await fill('Phone Number', (dialog) => dialog.getByLabel('Phone Number').fill('0712345678'));
  await snap(page, 'profile-complete');

  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hi, Amina' })).toBeVisible();
  await expect(page.getByText("You don't have recently played games at the moment.")).toBeVisible();
  // The catalogue's featured games (seeded from games/), each with its way in.
  const featured = page.getByRole('region', { name: 'Featured Games' });
  await expect(featured.getByText('Matatu Rush')).toBeVisible();
  await expect(featured.getByRole('link', { name: 'View game' }).first()).toBeVisible();
  await snap(page, 'dashboard');

  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByText('Version 2.0')).toBeVisible();
  await snap(page, 'side-menu');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
  await logInThroughUi(page, player);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Amina Wanjiru')).toBeVisible();
  await snap(page, 'account');
});

test('a referral code from a campaign link is prefilled and applied', async ({ page, request }) => {
  const referrer = newPlayer('Otieno');
  await request.post('/api/auth/sign-up/email', {
    data: { email: referrer.email, password: referrer.password, name: '' },
  });
  const { token } = (await (await request.get('/api/auth/token')).json()) as { token: string };
  const login = (await (
    await request.get('/api/auth/login', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { payload: { referralCode: string } };

  await page.goto(`/?utm_source=${login.payload.referralCode}`);
  await page.goto('/register');
  const player = newPlayer('Wanjiku');
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByPlaceholder('Enter referral code (optional)')).toHaveValue(
    login.payload.referralCode,
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Referral code applied. Welcome to PlayOn!')).toBeVisible();
  await expect(page).toHaveURL(/\/(dashboard|profile)$/);
});

import { type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, waitForContent } from './axe.ts';

/** The screens the axe walk scans, and how it knows each has loaded. */
export interface Screen {
  path: string;
  /** What the screen shows once loaded; the page's h1 when not said. */
  ready?: (page: Page) => Locator;
}

export const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first();
export const text = (value: string | RegExp) => (page: Page) => page.getByText(value).first();

export async function scan(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await waitForContent(page, (screen.ready ?? ((p: Page) => p.locator('h1')))(page));
  await expectNoAxeViolations(page, screen.path);
}

export async function scanAll(page: Page, screens: Screen[]) {
  for (const screen of screens) await test.step(screen.path, () => scan(page, screen));
}

export const signedOut: Screen[] = [
  { path: '/', ready: (page) => page.getByRole('button', { name: 'Get Started' }) },
  { path: '/login', ready: heading('Welcome back!') },
  { path: '/register', ready: heading('Create account') },
  { path: '/reset-password' },
  { path: '/privacy', ready: text('Last Update: 26 July 2019') },
  { path: '/terms' },
  { path: '/accessibility' },
  { path: '/no-internet', ready: text('Connection Lost') },
  { path: '/no-such-place', ready: text('Page Not Found') },
];

// Two halves, each a test of its own: a loaded machine scans one half well inside a test's time.
export const accountScreens: Screen[] = [
  { path: '/dashboard', ready: text('Featured Games') },
  { path: '/referral', ready: text('Do you have a referral code?') },
  { path: '/profile' },
  { path: '/profile/country' },
  { path: '/profile/currency' },
  { path: '/account', ready: heading('Account') },
  { path: '/notifications' },
  { path: '/account/change-password' },
  { path: '/account/wallet' },
];

export const playScreens: Screen[] = [
  { path: '/account/boost', ready: text('So, you want to boost your friend?') },
  { path: '/account/subscription', ready: text(/We have several plans/) },
  { path: '/account/feedback' },
  { path: '/games' },
  { path: '/tournaments' },
  { path: '/tournaments/leaderboard' },
  { path: '/tournaments/hall-of-fame' },
  { path: '/playon-tv' },
  { path: '/chat-room' },
];

export const consoleScreens: Screen[] = [
  '/ops',
  '/ops/audit',
  '/ops/operators',
  '/ops/players',
  '/ops/players/data-requests',
  '/ops/payments',
  '/ops/payments/open',
  '/ops/payments/stuck',
  '/ops/payments/unmatched',
  '/ops/reconciliation',
  '/ops/content/games',
  '/ops/content/tournaments',
  '/ops/content/banners',
  '/ops/content/tv',
  '/ops/content/packages',
  '/ops/content/support',
  '/ops/content/chat-rooms',
  '/ops/community/feedback',
  '/ops/community/moderation',
  '/ops/community/broadcasts',
  '/ops/community/audiences',
].map((path) => ({ path, ready: (page: Page) => page.locator('main h1, main h2').first() }));

import { FIRST_SCREEN_DATA } from '@playon/shared/first-screens';
import {
  adoptPageAnswers,
  adoptPageToken,
  sendEarly,
  sendEarlyLoginCheck,
  sendEarlyWithToken,
} from '../lib/early-requests';
import { setScreenLoads } from '../lib/screen-preload';

/**
 * The chunks of the screens a player opens first or next, named once: routes.tsx loads them lazily,
 * and the entry and the screen before start them early, so a screen's code comes in one
 * round trip alongside the router instead of after it, and the next screen's while the player reads,
 * types or waits for the server. Importing twice costs nothing: a module is fetched and run once.
 */
export const screens = {
  // The layout of every translated screen shows once the page's language is ready (i18n.ts).
  providers: () =>
    Promise.all([
      import('./providers-layout'),
      import('../lib/i18n').then((i18n) => i18n.languageReady),
    ]).then(([layout]) => layout),
  requireAuth: () => import('./require-auth'),
  requireCompleteProfile: () => import('./require-complete-profile'),
  login: () => import('../features/auth/routes/login'),
  referral: () => import('../features/referral/routes/referral'),
  dashboard: () => import('../features/dashboard/routes/dashboard'),
  wallet: () => import('../features/wallet/routes/wallet'),
  amount: () => import('../features/wallet/routes/amount'),
};

type Screen = keyof typeof screens;

const guarded: Screen[] = ['providers', 'requireAuth', 'requireCompleteProfile'];

/** Every chunk a path's screen needs beyond the router, layouts included. */
const chunksByPath: Record<string, Screen[]> = {
  '/login': ['providers', 'login'],
  '/register': ['providers', 'login'],
  '/referral': ['providers', 'requireAuth', 'referral'],
  '/dashboard': [...guarded, 'dashboard'],
  '/account/wallet': [...guarded, 'wallet'],
  '/account/payment/amount': [...guarded, 'amount'],
};
setScreenLoads(
  Object.fromEntries(
    Object.entries(chunksByPath).map(([path, names]) => [path, names.map((name) => screens[name])]),
  ),
);

export { preloadScreen } from '../lib/screen-preload';

/** Paths a visitor opens without signing in: no session or token is needed to show them. */
const PUBLIC_PATHS = new Set([
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/privacy',
  '/terms',
  '/no-internet',
]);

/**
 * At boot, the questions the first screen asks before it can show: the login screen whether the
 * cookie holds a session; a guarded screen that too (when this tab does not know the player yet),
 * the access token its data needs (the page's own when the server put one in it, ADR 0040), the login
 * check that gives the profile when this tab holds none, and the data it shows first (its largest
 * element waits on it), asked with the early token rather than once the screen has rendered. What
 * the server already answered in the page (ADR 0064) is not asked again.
 */
export function sendBootRequests(path: string, tab: { hasUser: boolean; hasProfile: boolean }): void {
  if (path === '/login' || path === '/register') {
    sendEarly('/api/auth/get-session');
    return;
  }
  if (PUBLIC_PATHS.has(path)) return;
  adoptPageToken();
  adoptPageAnswers();
  if (!tab.hasUser) sendEarly('/api/auth/get-session');
  sendEarly('/api/auth/token');
  if (!tab.hasProfile) sendEarlyLoginCheck();
  sendEarlyWithToken(FIRST_SCREEN_DATA[path] ?? []);
}

import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { ScreenSpinner } from '../components/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { screens } from './screens';
import { welcomeRedirect } from './welcome-redirect';

/** The route behind the login check: the operator console's routes join it when first opened. */
const SIGNED_IN_ROUTE = 'signed-in';
const OPS_ROUTE = 'ops';

/**
 * Every screen is a lazy chunk. The entry shows `/` before this router loads (main.tsx); the welcome
 * route is that same screen for a player who comes back to `/`, so it stays outside the providers
 * layout: neither TanStack Query nor the translator is needed to show it.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: ScreenSpinner,
    children: [
      { index: true, loader: welcomeRedirect, lazy: () => import('../features/welcome/routes/welcome') },
      {
        lazy: screens.providers,
        children: [
          { path: 'login', lazy: screens.login },
          { path: 'register', lazy: screens.login },
          // The console's own sign-in: before any session, outside the console's layout.
          { path: 'ops/sign-in', lazy: () => import('../features/ops/routes/sign-in') },
          { path: 'reset-password', lazy: () => import('../features/auth/routes/reset-password') },
          { path: 'privacy', lazy: () => import('../features/legal/routes/privacy') },
          { path: 'terms', lazy: () => import('../features/legal/routes/terms') },
          { path: 'accessibility', lazy: () => import('../features/legal/routes/accessibility') },
          { path: 'no-internet', lazy: () => import('../features/offline/routes/no-internet') },
          {
            id: SIGNED_IN_ROUTE,
            lazy: screens.requireAuth,
            children: [
              { path: 'referral', lazy: screens.referral },
              { path: 'profile', lazy: () => import('../features/profile/routes/profile') },
              { path: 'profile/country', lazy: () => import('../features/profile/routes/country-picker') },
              { path: 'profile/currency', lazy: () => import('../features/profile/routes/currency-picker') },
              {
                lazy: screens.requireCompleteProfile,
                children: [
                  { path: 'dashboard', lazy: screens.dashboard },
                  { path: 'account', lazy: () => import('../features/account/routes/account') },
                  {
                    path: 'notifications',
                    lazy: () => import('../features/notifications/routes/notifications'),
                  },
                  { path: 'account/language', lazy: () => import('../features/account/routes/language') },
                  {
                    path: 'account/change-password',
                    lazy: () => import('../features/account/routes/change-password'),
                  },
                  { path: 'account/wallet', lazy: screens.wallet },
                  { path: 'account/payment/amount', lazy: screens.amount },
                  { path: 'account/payment/review', lazy: () => import('../features/wallet/routes/review') },
                  { path: 'account/payment/pay', lazy: () => import('../features/wallet/routes/pay') },
                  {
                    path: 'account/payment/pay/airtime',
                    lazy: () => import('../features/wallet/routes/pay-airtime'),
                  },
                  {
                    path: 'account/payment/thank-you',
                    lazy: () => import('../features/wallet/routes/thank-you'),
                  },
                  { path: 'waiting', lazy: () => import('../features/wallet/routes/waiting') },
                  { path: 'account/boost', lazy: () => import('../features/boost/routes/boost') },
                  {
                    path: 'account/subscription',
                    lazy: () => import('../features/subscriptions/routes/subscriptions'),
                  },
                  { path: 'games', lazy: () => import('../features/games/routes/games') },
                  { path: 'challenges', lazy: () => import('../features/challenges/routes/challenges') },
                  {
                    path: 'challenges/new',
                    lazy: () => import('../features/challenges/routes/new-challenge'),
                  },
                  { path: 'challenges/:code', lazy: () => import('../features/challenges/routes/challenge') },
                  { path: 'games/:id', lazy: () => import('../features/games/routes/game-details') },
                  { path: 'tournaments', lazy: () => import('../features/tournaments/routes/tournaments') },
                  {
                    path: 'tournaments/leaderboard',
                    lazy: () => import('../features/tournaments/routes/leaderboard'),
                  },
                  {
                    path: 'tournaments/leaderboard/:id',
                    lazy: () => import('../features/tournaments/routes/leaderboard'),
                  },
                  {
                    path: 'tournaments/hall-of-fame',
                    lazy: () => import('../features/tournaments/routes/hall-of-fame'),
                  },
                  { path: 'playon-tv', lazy: () => import('../features/tv/routes/playon-tv') },
                  { path: 'playon-tv/:id', lazy: () => import('../features/tv/routes/playon-tv') },
                  { path: 'account/feedback', lazy: () => import('../features/feedback/routes/feedback') },
                  { path: 'chat-room', lazy: () => import('../features/chat/routes/chat-rooms') },
                  { path: 'chat-room/:id', lazy: () => import('../features/chat/routes/chat-room') },
                ],
              },
            ],
          },
          { path: '*', lazy: () => import('../features/not-found/routes/not-found') },
        ],
      },
    ],
  },
];

/**
 * The operator console's routes (features/ops/routes/ops-routes.ts) join the table the first time a
 * path under /ops opens: a player's router, on every first screen, carries none of their entries and
 * file lists, which grew with each console screen. The router asks here for any path it matches only
 * by the not-found route; once the console is in, its paths match it.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, matches, patch }) => {
  if (!/^\/ops(\/|$)/.test(path) || matches.some((match) => match.route.id === OPS_ROUTE)) return;
  const { opsRoutes } = await import('../features/ops/routes/ops-routes');
  patch(SIGNED_IN_ROUTE, opsRoutes);
};

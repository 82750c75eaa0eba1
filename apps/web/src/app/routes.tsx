import { type RouteObject, redirect } from 'react-router';
import { ScreenSpinner } from '../components/ui/spinner';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { screens } from './screens';
import { welcomeRedirect } from './welcome-redirect';

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
          { path: 'reset-password', lazy: () => import('../features/auth/routes/reset-password') },
          { path: 'privacy', lazy: () => import('../features/legal/routes/privacy') },
          { path: 'terms', lazy: () => import('../features/legal/routes/terms') },
          { path: 'accessibility', lazy: () => import('../features/legal/routes/accessibility') },
          { path: 'no-internet', lazy: () => import('../features/offline/routes/no-internet') },
          {
            lazy: screens.requireAuth,
            children: [
              { path: 'referral', lazy: screens.referral },
              { path: 'profile', lazy: () => import('../features/profile/routes/profile') },
              { path: 'profile/country', lazy: () => import('../features/profile/routes/country-picker') },
              { path: 'profile/currency', lazy: () => import('../features/profile/routes/currency-picker') },
              {
                // The operator console: its own lazy chunks, never loaded for a player.
                path: 'ops',
                lazy: () => import('../features/ops/routes/ops-layout'),
                children: [
                  { index: true, lazy: () => import('../features/ops/dashboard/routes/dashboard') },
                  {
                    path: 'insight',
                    lazy: () => import('../features/ops/insight/routes/insight-layout'),
                    children: [
                      {
                        index: true,
                        loader: ({ request }) =>
                          redirect(`/ops/insight/activity${new URL(request.url).search}`),
                      },
                      { path: 'activity', lazy: () => import('../features/ops/insight/routes/activity') },
                      { path: 'retention', lazy: () => import('../features/ops/insight/routes/retention') },
                      { path: 'funnel', lazy: () => import('../features/ops/insight/routes/funnel') },
                      { path: 'money', lazy: () => import('../features/ops/insight/routes/money') },
                      { path: 'games', lazy: () => import('../features/ops/insight/routes/games') },
                    ],
                  },
                  { path: 'audit', lazy: () => import('../features/ops/routes/audit') },
                  { path: 'operators', lazy: () => import('../features/ops/routes/operators') },
                  { path: 'players', lazy: () => import('../features/ops/players/routes/players') },
                  { path: 'players/:uid', lazy: () => import('../features/ops/players/routes/player') },
                  {
                    path: 'payments',
                    lazy: () => import('../features/ops/money/routes/payments-layout'),
                    children: [
                      { index: true, lazy: () => import('../features/ops/money/routes/payments') },
                      { path: 'stuck', lazy: () => import('../features/ops/money/routes/stuck') },
                      { path: 'unmatched', lazy: () => import('../features/ops/money/routes/unmatched') },
                    ],
                  },
                  { path: 'payments/:id', lazy: () => import('../features/ops/money/routes/payment') },
                  {
                    path: 'reconciliation',
                    lazy: () => import('../features/ops/money/routes/reconciliation'),
                  },
                  {
                    path: 'content',
                    lazy: () => import('../features/ops/content/routes/content-layout'),
                    children: [
                      { index: true, lazy: () => import('../features/ops/content/routes/games') },
                      { path: 'games', lazy: () => import('../features/ops/content/routes/games') },
                      {
                        path: 'tournaments',
                        lazy: () => import('../features/ops/content/routes/tournaments'),
                      },
                      {
                        path: 'tournaments/:id',
                        lazy: () => import('../features/ops/content/routes/tournament-form'),
                      },
                      { path: 'banners', lazy: () => import('../features/ops/content/routes/banners') },
                      { path: 'tv', lazy: () => import('../features/ops/content/routes/tv') },
                      { path: 'packages', lazy: () => import('../features/ops/content/routes/packages') },
                      { path: 'support', lazy: () => import('../features/ops/content/routes/support') },
                      { path: 'chat-rooms', lazy: () => import('../features/ops/content/routes/chat-rooms') },
                    ],
                  },
                  {
                    path: 'community',
                    lazy: () => import('../features/ops/community/routes/community-layout'),
                    children: [
                      { index: true, loader: () => redirect('/ops/community/feedback') },
                      { path: 'feedback', lazy: () => import('../features/ops/community/routes/feedback') },
                      {
                        path: 'feedback/:id',
                        lazy: () => import('../features/ops/community/routes/feedback-message'),
                      },
                      {
                        path: 'moderation',
                        lazy: () => import('../features/ops/community/routes/moderation'),
                      },
                      {
                        path: 'moderation/:chatRoomUid',
                        lazy: () => import('../features/ops/community/routes/moderation-room'),
                      },
                      {
                        path: 'broadcasts',
                        lazy: () => import('../features/ops/community/routes/broadcasts'),
                      },
                    ],
                  },
                ],
              },
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

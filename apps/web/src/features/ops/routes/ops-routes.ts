import { type RouteObject, redirect } from 'react-router';

/**
 * The operator console's screens, each a lazy chunk of its own: added to the app's routes under the
 * login check when a path under /ops is first opened (app/routes.tsx), never part of a player's router.
 */
export const opsRoutes: RouteObject[] = [
  {
    id: 'ops',
    path: 'ops',
    lazy: () => import('./ops-layout'),
    children: [
      { index: true, lazy: () => import('../dashboard/routes/dashboard') },
      { path: 'audit', lazy: () => import('./audit') },
      { path: 'operators', lazy: () => import('./operators') },
      { path: 'players', lazy: () => import('../players/routes/players') },
      { path: 'players/data-requests', lazy: () => import('../players/routes/data-requests') },
      { path: 'players/:uid', lazy: () => import('../players/routes/player') },
      {
        path: 'payments',
        lazy: () => import('../money/routes/payments-layout'),
        children: [
          { index: true, lazy: () => import('../money/routes/payments') },
          { path: 'open', lazy: () => import('../money/routes/open-payments') },
          { path: 'stuck', lazy: () => import('../money/routes/stuck') },
          { path: 'unmatched', lazy: () => import('../money/routes/unmatched') },
        ],
      },
      { path: 'payments/:id', lazy: () => import('../money/routes/payment') },
      {
        path: 'insight',
        lazy: () => import('../insight/routes/insight-layout'),
        children: [
          {
            index: true,
            loader: ({ request }) => redirect(`/ops/insight/activity${new URL(request.url).search}`),
          },
          { path: 'activity', lazy: () => import('../insight/routes/activity') },
          { path: 'retention', lazy: () => import('../insight/routes/retention') },
          { path: 'funnel', lazy: () => import('../insight/routes/funnel') },
          { path: 'money', lazy: () => import('../insight/routes/money') },
          { path: 'games', lazy: () => import('../insight/routes/games') },
        ],
      },
      {
        path: 'reconciliation',
        lazy: () => import('../money/routes/reconciliation'),
      },
      {
        path: 'content',
        lazy: () => import('../content/routes/content-layout'),
        children: [
          { index: true, lazy: () => import('../content/routes/games') },
          { path: 'games', lazy: () => import('../content/routes/games') },
          {
            path: 'tournaments',
            lazy: () => import('../content/routes/tournaments'),
          },
          {
            path: 'tournaments/:id',
            lazy: () => import('../content/routes/tournament-form'),
          },
          { path: 'banners', lazy: () => import('../content/routes/banners') },
          { path: 'tv', lazy: () => import('../content/routes/tv') },
          { path: 'packages', lazy: () => import('../content/routes/packages') },
          { path: 'support', lazy: () => import('../content/routes/support') },
          { path: 'chat-rooms', lazy: () => import('../content/routes/chat-rooms') },
        ],
      },
      {
        path: 'community',
        lazy: () => import('../community/routes/community-layout'),
        children: [
          { index: true, loader: () => redirect('/ops/community/feedback') },
          { path: 'feedback', lazy: () => import('../community/routes/feedback') },
          {
            path: 'feedback/:id',
            lazy: () => import('../community/routes/feedback-message'),
          },
          {
            path: 'moderation',
            lazy: () => import('../community/routes/moderation'),
          },
          {
            path: 'moderation/:chatRoomUid',
            lazy: () => import('../community/routes/moderation-room'),
          },
          {
            path: 'broadcasts',
            lazy: () => import('../community/routes/broadcasts'),
          },
          { path: 'audiences', lazy: () => import('../community/routes/audiences') },
        ],
      },
    ],
  },
];

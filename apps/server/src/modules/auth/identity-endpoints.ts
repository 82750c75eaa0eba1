/**
 * The better-auth endpoints PlayOn's web app and game SDK call, the only ones routed to it.
 * `checksCredentials`: it takes a password or a reset token, makes an account or sends mail, so it
 * is limited (credential-limits.ts).
 */
export const identityEndpoints = [
  { path: '/sign-up/email', methods: ['POST'], checksCredentials: true },
  { path: '/sign-in/email', methods: ['POST'], checksCredentials: true },
  { path: '/sign-in/social', methods: ['POST'], checksCredentials: false },
  { path: '/callback/:id', methods: ['GET', 'POST'], checksCredentials: false },
  { path: '/get-session', methods: ['GET'], checksCredentials: false },
  { path: '/sign-out', methods: ['POST'], checksCredentials: false },
  { path: '/request-password-reset', methods: ['POST'], checksCredentials: true },
  { path: '/reset-password/:token', methods: ['GET'], checksCredentials: false },
  { path: '/reset-password', methods: ['POST'], checksCredentials: true },
  { path: '/change-password', methods: ['POST'], checksCredentials: true },
  { path: '/token', methods: ['GET'], checksCredentials: false },
  { path: '/jwks', methods: ['GET'], checksCredentials: false },
  { path: '/error', methods: ['GET'], checksCredentials: false },
] as const satisfies readonly {
  path: string;
  methods: readonly ('GET' | 'POST')[];
  checksCredentials: boolean;
}[];

/**
 * What better-auth 1.7 also offers and PlayOn does not use, refused by better-auth itself too, so
 * a route added in front of it later cannot reopen them. `/update-user` let a player set any
 * `image`, which the login check copied into the profile picture (ADR 0019).
 */
export const unusedIdentityPaths = [
  '/update-user',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/verify-password',
  '/verify-email',
  '/send-verification-email',
  '/update-session',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/ok',
  // The admin plugin's own endpoints: the console's /api/ops does this work, with our role checks
  // and the audit log (ADR 0024); the plugin gives the identity its role and disabled flag.
  '/admin/set-role',
  '/admin/get-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/list-users',
  '/admin/list-user-sessions',
  '/admin/unban-user',
  '/admin/ban-user',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/remove-user',
  '/admin/set-user-password',
  '/admin/has-permission',
];

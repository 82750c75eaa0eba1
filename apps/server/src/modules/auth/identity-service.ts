import { MIN_PASSWORD_LENGTH } from '@playon/shared/password';

/** What a disabled player reads when they try to sign in. */
export const accountDisabledMessage =
  'This account has been disabled. Please contact PlayOn support if you think this is a mistake.';

import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { type JwtOptions, jwt, signJWT } from 'better-auth/plugins/jwt';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { languageOfMailRequest, passwordResetMail, profileLanguageOf } from '../../platform/i18n-mail.ts';
import type { Mailer } from '../../platform/mail.ts';
import { type HookContext, identityBaseUrl, sandboxSignInAtTheAddressInUse } from './identity-addresses.ts';
import { unusedIdentityPaths } from './identity-endpoints.ts';
import { type OAuthSettings, oauthProviders } from './oauth-providers.ts';
import { providerPicture } from './provider-picture.ts';
import type { RevokedSessions } from './revoked-sessions.ts';
import { authAccount, authJwks, authSession, authUser, authVerification } from './schema.ts';

/** What sign-in needs: its secret, token lifetime and issuers, the OAuth clients, Redis for revoked sessions. */
type AuthSettings = OAuthSettings &
  Pick<
    Config,
    | 'authSecret'
    | 'trustedOrigins'
    | 'ownOrigins'
    | 'accessTokenTtl'
    | 'jwksUrl'
    | 'redisUrl'
    | 'redisBusNamespace'
  >;

export interface IdentityServiceDeps {
  config: AuthSettings;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * Changing the password ends every other session of the player and keeps this one (better-auth's
 * own `revokeOtherSessions` would replace this one too, leaving its access token denied).
 */
const changePasswordKeepsOnlyThisSession = {
  before: createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/change-password') return;
    return { context: { body: { ...ctx.body, revokeOtherSessions: false } } };
  }),
  after: async (ctx: HookContext) => {
    if (ctx.path !== '/change-password' || isAPIError(ctx.context.returned)) return;
    const current = await getSessionFromCtx(ctx);
    if (!current) return;
    const sessions = await ctx.context.internalAdapter.listSessions(current.user.id);
    const others = sessions.filter((session) => session.id !== current.session.id);
    if (others.length > 0) {
      await ctx.context.internalAdapter.deleteSessions(others.map((session) => session.token));
    }
  },
};

const SIGNS_IN = new Set(['/sign-in/email', '/sign-up/email']);

/**
 * Signing in or up with a password answers with the access token too (the `set-auth-jwt` header
 * better-auth's get-session already sends), so the web app runs the login check at once instead of
 * asking /token one round trip later. Minted exactly as /token mints it.
 */
function accessTokenOnSignIn(jwtOptions: JwtOptions) {
  return async (ctx: HookContext) => {
    const issued = ctx.context.newSession;
    if (!SIGNS_IN.has(ctx.path) || !issued || isAPIError(ctx.context.returned)) return;
    const claims = (await jwtOptions.jwt?.definePayload?.(issued)) ?? {};
    const token = await signJWT(ctx, {
      options: jwtOptions,
      payload: { iat: Math.floor(Date.now() / 1000), ...claims, sub: issued.user.id },
    });
    ctx.setHeader('set-auth-jwt', token);
  };
}

/** better-auth, configured for PlayOn: email + password, Google and Facebook, and short-lived JWTs. */
export function createIdentityService(
  { config, db, mailer, log }: IdentityServiceDeps,
  revokedSessions: RevokedSessions,
) {
  const sandboxSignIn = sandboxSignInAtTheAddressInUse(config);
  const jwtOptions: JwtOptions = {
    jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
    jwt: {
      issuer: config.publicUrl,
      audience: config.publicUrl,
      expirationTime: config.accessTokenTtl,
      // sid: the session the token was minted for, checked against the revoked sessions.
      definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
    },
  };
  const signInAnswersWithToken = accessTokenOnSignIn(jwtOptions);
  return betterAuth({
    baseURL: identityBaseUrl(config),
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
    advanced: {
      // Secure cookies exactly when PUBLIC_URL is https, whichever of the laptop's addresses is in use.
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // better-auth skips the origin check when NODE_ENV is test: tests check the real rule.
      disableOriginCheck: false,
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUser,
        session: authSession,
        account: authAccount,
        verification: authVerification,
        jwks: authJwks,
      },
    }),
    // Our own per-address limits guard every endpoint that checks a password or a reset token (routes.ts).
    // Only the endpoints in identity-endpoints.ts are routed; the unused ones are refused here too.
    rateLimit: { enabled: false },
    disabledPaths: unusedIdentityPaths,
    hooks: {
      before: changePasswordKeepsOnlyThisSession.before,
      after: createAuthMiddleware(async (ctx) => {
        await changePasswordKeepsOnlyThisSession.after(ctx);
        await signInAnswersWithToken(ctx);
        return sandboxSignIn(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: { ...user, image: providerPicture(user.image) } }) },
        update: {
          before: async (user) =>
            user.image === undefined
              ? { data: user }
              : { data: { ...user, image: providerPicture(user.image) } },
        },
      },
      // Sign-out, a password reset or change: the access tokens of the ended session stop working.
      session: { delete: { after: async (session) => revokedSessions.revoke(session.id) } },
    },
    logger: {
      log: (level, message, ...args) => log[level === 'debug' ? 'debug' : level]({ args }, message),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        // The player's own request speaks their language; one an operator sends, their profile's.
        const language = request ? languageOfMailRequest(request) : await profileLanguageOf(db, user.id);
        await mailer.send({ to: user.email, ...passwordResetMail(language, user.name, url) });
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'facebook'] } },
    plugins: [
      jwt(jwtOptions),
      genericOAuth({ config: oauthProviders(config) }),
      // Roles and disabled accounts on the identity itself (ADR 0024). Its /admin endpoints are not
      // routed: the console's /api/ops does the operators' work, with its own role checks and audit.
      admin({ defaultRole: 'player', adminRoles: ['admin'], bannedUserMessage: accountDisabledMessage }),
    ],
  });
}

export type IdentityService = ReturnType<typeof createIdentityService>;

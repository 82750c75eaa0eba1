import { MIN_PASSWORD_LENGTH } from '@playon/shared/password';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { jwt } from 'better-auth/plugins/jwt';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/mail.ts';
import { oauthProviders } from './oauth-providers.ts';
import { authAccount, authJwks, authSession, authUser, authVerification } from './schema.ts';

export interface IdentityServiceDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** better-auth, configured for PlayOn: email + password, Google and Facebook, and short-lived JWTs. */
export function createIdentityService({ config, db, mailer, log }: IdentityServiceDeps) {
  return betterAuth({
    baseURL: `${config.publicUrl}/api/auth`,
    secret: config.authSecret,
    trustedOrigins: [config.publicUrl, ...config.trustedOrigins],
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
    // Our own per-address limits guard sign-in, sign-up and reset (Fastify, with an optional Redis store).
    rateLimit: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level === 'debug' ? 'debug' : level]({ args }, message),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'Reset your PlayOn password',
          text: `Hello${user.name ? ` ${user.name}` : ''},\n\nOpen this link to choose a new PlayOn password:\n${url}\n\nIf you did not ask for this, ignore this message.`,
        });
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'facebook'] } },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: config.accessTokenTtl,
          definePayload: ({ user }) => ({ email: user.email }),
        },
      }),
      genericOAuth({ config: oauthProviders(config) }),
    ],
  });
}

export type IdentityService = ReturnType<typeof createIdentityService>;

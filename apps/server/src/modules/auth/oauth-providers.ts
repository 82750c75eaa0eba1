import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { Config, OAuthClient } from '../../platform/config.ts';

type ProviderId = 'google' | 'facebook';

/** What sign-in with Google and Facebook needs: each real client, or the sandbox's at our address. */
export type OAuthSettings = Pick<Config, 'publicUrl' | 'google' | 'facebook' | 'sandboxOAuthClient'>;

interface Endpoints {
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

const realEndpoints: Record<ProviderId, Endpoints> = {
  google: {
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorizationUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email,picture.type(large)',
  },
};

/** Origins the sign-in form may post to, for the Content-Security-Policy's form-action. */
export function configuredProviderOrigins(config: Pick<Config, ProviderId>): string[] {
  const origins: string[] = [];
  if (config.google) origins.push(new URL(realEndpoints.google.authorizationUrl).origin);
  if (config.facebook) origins.push(new URL(realEndpoints.facebook.authorizationUrl).origin);
  return origins;
}

function sandboxEndpoints(publicUrl: string, provider: ProviderId): Endpoints {
  const base = `${publicUrl}/sandbox/oauth/${provider}`;
  return {
    authorizationUrl: `${base}/authorize`,
    tokenUrl: `${base}/token`,
    userInfoUrl: `${base}/userinfo`,
  };
}

function endpointsAndClient(config: OAuthSettings, provider: ProviderId): Endpoints & OAuthClient {
  const real = config[provider];
  if (real) return { ...realEndpoints[provider], ...real };
  return { ...sandboxEndpoints(config.publicUrl, provider), ...config.sandboxOAuthClient };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * Google and Facebook as plain OAuth 2.0 providers whose endpoints are configuration: the real ones
 * when a client id is set, otherwise the built-in sandbox speaking the same protocol.
 */
export function oauthProviders(config: OAuthSettings): GenericOAuthConfig[] {
  const google = endpointsAndClient(config, 'google');
  const facebook = endpointsAndClient(config, 'facebook');
  return [
    {
      providerId: 'google',
      ...google,
      scopes: ['openid', 'email', 'profile'],
      // Google OIDC userinfo: sub, email, email_verified, name, picture.
      accountSubject: ({ profile }) => String(profile.sub ?? profile.id ?? ''),
      mapProfileToUser: (profile) => ({
        email: text(profile.email),
        name: text(profile.name) ?? '',
        image: text(profile.picture),
        emailVerified: profile.email_verified === true,
      }),
    },
    {
      providerId: 'facebook',
      ...facebook,
      scopes: ['email', 'public_profile'],
      // Facebook Graph /me: id, name, email, picture.data.url.
      accountSubject: ({ profile }) => String(profile.id ?? ''),
      mapProfileToUser: (profile) => {
        const picture = profile.picture as { data?: { url?: unknown } } | string | undefined;
        return {
          email: text(profile.email),
          name: text(profile.name) ?? '',
          image: typeof picture === 'string' ? picture : text(picture?.data?.url),
        };
      },
    },
  ];
}

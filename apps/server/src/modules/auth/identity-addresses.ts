import type { BetterAuthOptions } from 'better-auth';
import { type createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Config } from '../../platform/config.ts';

type AddressSettings = Pick<Config, 'publicUrl' | 'ownOrigins'>;

/** What a better-auth hook receives. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Where the identity service says it is. In production, PUBLIC_URL alone. In the laptop sandbox,
 * the address a request came to when it is one of this machine's own (127.0.0.1, the LAN address a
 * phone on the Wi-Fi opens): that origin is trusted, and the OAuth redirect and the password-reset
 * link are built on it. Any other address falls back to PUBLIC_URL.
 */
export function identityBaseUrl(config: AddressSettings): NonNullable<BetterAuthOptions['baseURL']> {
  const publicHost = new URL(config.publicUrl).host;
  // PUBLIC_URL's own host takes the fallback, which keeps its scheme (https behind a tunnel).
  const allowedHosts = config.ownOrigins
    .map((origin) => new URL(origin).host)
    .filter((host) => host !== publicHost);
  if (allowedHosts.length === 0) return `${config.publicUrl}/api/auth`;
  // The server itself speaks plain HTTP: its own addresses are http.
  return { allowedHosts, protocol: 'http', fallback: config.publicUrl };
}

/**
 * The sandbox's Google and Facebook pages are this server's: send the player to them at the
 * address they are using. At PUBLIC_URL (localhost) a phone would reach itself, and a browser on
 * another of the laptop's addresses would come back without the state cookie.
 */
export function sandboxSignInAtTheAddressInUse(config: AddressSettings) {
  const sandboxPages = `${config.publicUrl}/sandbox/oauth/`;
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (ctx: HookContext) => {
    if (ctx.path !== '/sign-in/social') return;
    const returned = ctx.context.returned as { url?: unknown } | undefined;
    if (isAPIError(returned) || typeof returned?.url !== 'string') return;
    const inUse = new URL(ctx.context.baseURL).origin;
    if (inUse === publicOrigin || !returned.url.startsWith(sandboxPages)) return;
    const url = `${inUse}${returned.url.slice(config.publicUrl.length)}`;
    ctx.setHeader('Location', url);
    return ctx.json({ ...returned, url });
  };
}

/**
 * better-auth refuses a cookie-carrying call from an untrusted origin before any hook runs, with
 * 'Invalid origin', which tells a player nothing: the answer says which address works.
 */
export async function explainRefusedOrigin(response: Response, publicUrl: string): Promise<Response> {
  if (response.status !== 403) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (body?.code !== 'INVALID_ORIGIN') return response;
  // Short: it shows in a toast at the top of a phone's screen.
  const message = `Sign-in is not allowed at this address. Open PlayOn at ${publicUrl}.`;
  return Response.json({ ...body, message }, { status: 403, headers: response.headers });
}

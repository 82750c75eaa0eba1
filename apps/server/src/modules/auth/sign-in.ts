import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

/** A check that lets a request through or throws the AppError it is answered with. */
export type Door = (request: FastifyRequest) => Promise<void>;

/**
 * Who may call a route (ADR 0073), declared by every /api route as `config: { signIn }`:
 * `public` (anyone: sign-in itself, health, providers' callbacks that carry their own secret),
 * `player` (a valid access token, `requirePlayer`), or an operator's door (`opsArea(...).signIn`).
 */
export type SignIn = 'public' | 'player' | { operator: Door };

declare module 'fastify' {
  interface FastifyContextConfig {
    signIn?: SignIn;
  }
  interface FastifyInstance {
    /** What each /api route declared, as registered: the start-up check reads it, and so do tests. */
    signIns: () => { method: string; url: string; signIn: SignIn | undefined }[];
  }
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * The one place sign-in is checked. Registered before any route: every /api route must declare its
 * `signIn`, or the app refuses to start (checked once every route is in, at onReady, since a plugin's
 * own onRoute hook may declare its routes after this one has seen them). The declared check runs at
 * onRequest, before the body is read or validated: an anonymous caller learns nothing of a body's
 * rules, and a route's own hooks (limits per player) run after it and may read the player.
 */
export function registerSignIn(app: FastifyInstance, requirePlayer: Door) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) routes.push(route);
  });
  const signIns = () =>
    routes.map((route) => ({
      method: [route.method].flat().join(','),
      url: route.url,
      signIn: route.config?.signIn,
    }));
  app.decorate('signIns', signIns);
  app.addHook('onReady', async () => {
    const undeclared = signIns().filter((route) => route.signIn === undefined);
    if (undeclared.length > 0)
      throw new Error(
        `Every /api route declares who may call it (config.signIn); these do not: ${undeclared
          .map((route) => `${route.method} ${route.url}`)
          .join(', ')}`,
      );
  });
  app.addHook('onRequest', async (request) => {
    const signIn = request.routeOptions.config.signIn;
    if (signIn === undefined || signIn === 'public') return;
    await (signIn === 'player' ? requirePlayer(request) : signIn.operator(request));
  });
}

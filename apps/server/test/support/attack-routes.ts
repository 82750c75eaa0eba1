import type { FastifyInstance } from 'fastify';
import { documentedOperations } from './attack-openapi.ts';

/** One route of the app's own table: `POST /api/payments/callbacks/mpesa/:secret/stk`. */
export interface Route {
  key: string;
  method: string;
  path: string;
}

const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([^)]+)\))?$/;

/**
 * Every method and path the app answers, read from Fastify's own route table (`printRoutes`, whose
 * lines name each node's path below its parent's). HEAD is left out: Fastify serves it with GET's handler.
 */
export async function routeTable(app: FastifyInstance): Promise<Route[]> {
  await app.ready();
  const parents: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = match[2] ?? '';
    const path = depth === 0 && segment === '*' ? '/*' : `${parents[depth - 1] ?? ''}${segment}`;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push({ key: `${method} ${path}`, method, path });
    }
  }
  return routes;
}

/**
 * The routes anyone may call without a player's or operator's token: every route of the table but
 * the documented operations that declare a security requirement (attack-authz.test.ts holds those
 * to a 401 for anonymous). The hidden routes (callbacks, the browser's return, identity, sandboxes)
 * are all here.
 */
export async function routesWithoutSignIn(app: FastifyInstance): Promise<Route[]> {
  const signedIn = new Set(
    (await documentedOperations(app))
      .filter((operation) => !operation.isPublic)
      .map((operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  return (await routeTable(app)).filter((route) => !signedIn.has(route.key));
}

/** The route's path with every parameter (and a trailing wildcard) set to `value`. */
export const pathWith = (route: Route, value: string) =>
  route.path.replace(/:\w+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));

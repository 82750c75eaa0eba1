import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { sandboxAirtimeRoutes } from '../sandbox/airtime/routes.ts';
import type { SandboxClock } from '../sandbox/clock.ts';
import { sandboxDarajaRoutes } from '../sandbox/daraja/routes.ts';
import { registerSandboxGuard } from '../sandbox/guard.ts';
import { sandboxMailRoutes } from '../sandbox/mail/routes.ts';
import { sandboxOAuthRoutes } from '../sandbox/oauth/routes.ts';
import { sandboxPaystackRoutes } from '../sandbox/paystack/routes.ts';

/** A sandbox for each provider not configured, behind the guard that keeps them local unless public. */
export async function registerSandboxes(
  app: FastifyInstance,
  { config, db, clock }: { config: Config; db: Db; clock: SandboxClock | undefined },
) {
  registerSandboxGuard(app, config.sandbox);
  if (!config.google || !config.facebook) await app.register(sandboxOAuthRoutes(config, db));
  if (!config.smtpUrl) await app.register(sandboxMailRoutes(db));
  if (config.daraja.sandbox) await app.register(sandboxDarajaRoutes(config, db, { clock }));
  const { paystack, airtime } = config;
  if (paystack?.sandbox) await app.register(sandboxPaystackRoutes({ ...config, paystack }, db, { clock }));
  if (airtime?.sandbox) await app.register(sandboxAirtimeRoutes({ ...config, airtime }, db, { clock }));
}

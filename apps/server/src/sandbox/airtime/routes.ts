import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AIRTIME_MAX_AMOUNT, AIRTIME_MIN_AMOUNT } from '../../platform/airtime/client.ts';
import type { AirtimeConfig, Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { httpFetch } from '../../platform/http-fetch.ts';
import { type SandboxOptions, systemClock } from '../clock.ts';
import { keepDelivering } from '../delayed-tasks.ts';
import { invalid, outcomeColumns, safaricomApi, sendError } from '../safaricom.ts';
import { createResultDelivery } from './delivery.ts';
import { chargesCompletedBetween } from './listing.ts';
import { chargeId, outcomeFor } from './outcomes.ts';
import { sandboxAirtimePage } from './page.ts';
import { sandboxAirtimeCharges as charges, type SandboxAirtimeCharge } from './schema.ts';

export const SANDBOX_AIRTIME_PREFIX = '/sandbox/airtime';

const ChargeBody = z.object({
  msisdn: z.string().regex(/^254[17]\d{8}$/),
  amount: z.number().int().min(AIRTIME_MIN_AMOUNT).max(AIRTIME_MAX_AMOUNT),
  reference: z.string().trim().min(1).max(64),
  description: z.string().trim().min(1).max(100),
  callbackUrl: z.url({ protocol: /^https?$/ }),
});

/** A charge as GET /v1/charges answers it: PENDING until the subscriber has answered. */
function chargeView(row: SandboxAirtimeCharge, now: number) {
  const done = row.completesAt.getTime() <= now;
  return {
    chargeId: row.id,
    reference: row.reference,
    msisdn: row.msisdn,
    amount: row.amount,
    description: row.description,
    status: done ? (row.resultCode === 0 ? 'SUCCESS' : 'FAILED') : 'PENDING',
    resultCode: done ? row.resultCode : null,
    resultDesc: done ? row.resultDesc : 'Waiting for the subscriber to confirm',
    createdAt: row.createdAt.toISOString(),
    completedAt: done ? row.completesAt.toISOString() : null,
  };
}

/**
 * Safaricom airtime (carrier billing) under /sandbox/airtime: OAuth, charge requests, charge
 * look-ups, and the signed result after `sandboxPaymentDelayMs`, the outcome by the test number
 * table (outcomes.ts). The protocol is docs/airtime-sandbox.md. Subscribers answer on `options.clock`.
 */
export function sandboxAirtimeRoutes(
  config: Pick<Config, 'sandboxPaymentDelayMs' | 'publicUrl'> & { airtime: AirtimeConfig },
  db: Db,
  options: SandboxOptions = {},
) {
  const { send = httpFetch, clock = systemClock } = options;
  const settings = config.airtime;
  const delay = config.sandboxPaymentDelayMs;
  return async (app: FastifyInstance) => {
    const delivery = createResultDelivery({
      db,
      send,
      log: app.log,
      secret: settings.consumerSecret,
      clock,
    });
    await keepDelivering(app, delivery);

    const hide = { schema: { hide: true } };

    const authorised = safaricomApi(app, settings, {
      name: 'Airtime sandbox',
      prefix: SANDBOX_AIRTIME_PREFIX,
      purpose: 'airtime-sandbox',
    });

    async function byReference(reference: string) {
      const [row] = await db.select().from(charges).where(eq(charges.reference, reference));
      return row;
    }

    app.post(`${SANDBOX_AIRTIME_PREFIX}/v1/charges`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const parsed = ChargeBody.safeParse(request.body ?? {});
      if (!parsed.success) return invalid(reply, String(parsed.error.issues[0]?.path[0] ?? 'Request'));
      const body = parsed.data;
      const accepted = (row: SandboxAirtimeCharge) => ({
        chargeId: row.id,
        reference: row.reference,
        status: 'ACCEPTED',
      });
      // The same reference again: the same charge is acknowledged, never charged twice.
      const existing = async () => {
        const row = await byReference(body.reference);
        if (row && row.msisdn === body.msisdn && row.amount === body.amount)
          return reply.code(200).send(accepted(row));
        return sendError(reply, 409, '409.001.01', 'Duplicate reference');
      };
      if (await byReference(body.reference)) return existing();

      const outcome = outcomeFor(body.msisdn);
      const now = new Date(clock.now());
      let row: SandboxAirtimeCharge | undefined;
      try {
        [row] = await db
          .insert(charges)
          .values({
            id: chargeId(now),
            reference: body.reference,
            msisdn: body.msisdn,
            amount: body.amount,
            description: body.description,
            callbackUrl: body.callbackUrl,
            ...outcomeColumns(outcome, now, delay),
          })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) return existing();
        throw error;
      }
      if (!row) throw new Error('The airtime sandbox could not store the charge');
      delivery.resultWhenComplete(row);
      return reply.code(202).send(accepted(row));
    });

    app.get<{ Params: { chargeId: string } }>(
      `${SANDBOX_AIRTIME_PREFIX}/v1/charges/:chargeId`,
      hide,
      async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const [row] = await db.select().from(charges).where(eq(charges.id, request.params.chargeId));
        if (!row) return sendError(reply, 404, '404.002.01', 'Charge not found');
        return chargeView(row, clock.now());
      },
    );

    app.get(`${SANDBOX_AIRTIME_PREFIX}/v1/charges`, hide, async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const query = request.query as Record<string, string | undefined>;
      const { reference } = query;
      if (!reference && (query.from || query.to)) {
        const listed = await chargesCompletedBetween(db, query, new Date(clock.now()));
        if (!listed) return invalid(reply, 'from');
        const now = clock.now();
        return {
          charges: listed.rows.map((row) => chargeView(row, now)),
          page: listed.page,
          pageCount: listed.pageCount,
        };
      }
      if (!reference) return invalid(reply, 'reference');
      const row = await byReference(reference);
      if (!row) return sendError(reply, 404, '404.002.01', 'Charge not found');
      return chargeView(row, clock.now());
    });

    app.get(SANDBOX_AIRTIME_PREFIX, hide, async (_request, reply) => {
      const recent = await db.select().from(charges).orderBy(desc(charges.createdAt)).limit(50);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxAirtimePage(recent, config.publicUrl, clock.now()));
    });
  };
}

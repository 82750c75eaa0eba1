import { z } from 'zod';

/**
 * GET /api/ops/dashboard: the figures every operator opens the console on. Days are
 * Nairobi's (UTC+3, no daylight saving), the last one being today; amounts are KES.
 */
export const DASHBOARD_DAYS = 7;

const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const MethodTotalSchema = z.object({
  /** MPESA, CARD, SAFARICOM_CREDIT... */
  method: z.string(),
  amount: z.number(),
  count: z.number(),
});
export type MethodTotal = z.infer<typeof MethodTotalSchema>;

export const DashboardSchema = z.object({
  /** When the figures were read. */
  at: z.string(),
  signUps: z.object({
    today: z.number(),
    last7Days: z.number(),
    perDay: z.array(z.object({ day: DaySchema, count: z.number() })),
  }),
  money: z.object({
    /** Completed today: paid in by players (top-ups, boosts, subscriptions) and paid out (withdrawals). */
    inToday: z.array(MethodTotalSchema),
    outToday: z.array(MethodTotalSchema),
    perDay: z.array(z.object({ day: DaySchema, in: z.number(), out: z.number() })),
  }),
  payments: z.object({
    /** PENDING or IN_PROGRESS. */
    open: z.number(),
    /** Open past STK_UNKNOWN_GIVE_UP_MS: a person must look. */
    stuck: z.number(),
  }),
  feedback: z.object({ unanswered: z.number() }),
  tournaments: z.object({ running: z.number() }),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** The payment methods' names as operators read them. */
export const methodLabels: Record<string, string> = {
  MPESA: 'M-Pesa',
  CARD: 'Card',
  SAFARICOM_CREDIT: 'Airtime',
  WALLET: 'Wallet',
  PAYPAL: 'PayPal',
};

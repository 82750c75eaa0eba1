import { z } from 'zod';
import { ConfigError, type Env } from './env.ts';

/** One band of the withdrawal fee table: withdrawing `upTo` KES or less (and more than the band before) costs `fee` KES. */
export interface FeeBand {
  upTo: number;
  fee: number;
}

export interface PaymentLimits {
  /** Whole KES, inclusive. */
  stk: { min: number; max: number };
  b2c: { min: number; max: number };
}

export const PAYMENT_LIMITS: PaymentLimits = {
  stk: { min: 1, max: 250_000 },
  b2c: { min: 10, max: 250_000 },
};

/** Safaricom-like tiered B2C charges (KES) until WITHDRAWAL_FEES says otherwise. */
export const DEFAULT_WITHDRAWAL_FEES: FeeBand[] = [
  { upTo: 100, fee: 0 },
  { upTo: 1_500, fee: 5 },
  { upTo: 5_000, fee: 9 },
  { upTo: 20_000, fee: 11 },
  { upTo: 250_000, fee: 13 },
];

const FeeTableSchema = z
  .array(z.object({ upTo: z.number().int().positive(), fee: z.number().int().min(0) }))
  .min(1)
  .refine(
    (bands) => bands.every((band, i) => i === 0 || band.upTo > (bands[i - 1]?.upTo ?? 0)),
    'bands must rise',
  );

/** WITHDRAWAL_FEES as a JSON list of rising bands, or the default table. */
export function withdrawalFees(e: Env): FeeBand[] {
  if (!e.WITHDRAWAL_FEES) return DEFAULT_WITHDRAWAL_FEES;
  let value: unknown;
  try {
    value = JSON.parse(e.WITHDRAWAL_FEES);
  } catch {
    throw new ConfigError('Invalid configuration: WITHDRAWAL_FEES: not JSON');
  }
  const parsed = FeeTableSchema.safeParse(value);
  if (!parsed.success) {
    throw new ConfigError(
      'Invalid configuration: WITHDRAWAL_FEES: a rising list of {"upTo": KES, "fee": KES}, like [{"upTo":100,"fee":0},{"upTo":250000,"fee":13}]',
    );
  }
  return parsed.data;
}

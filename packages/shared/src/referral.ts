import { z } from 'zod';
import { messages } from './messages.ts';

export const ReferralCodeSchema = z
  .string({ error: messages.referral.empty })
  .trim()
  .min(1, messages.referral.empty)
  .max(32, messages.referral.unknown)
  .transform((code) => code.toUpperCase());

export const ReferralRequestSchema = z.object({ referralCode: ReferralCodeSchema });
export type ReferralRequest = z.infer<typeof ReferralRequestSchema>;

/** The answer of POST /api/referrals: who referred the player (null when they have no username). */
export const ReferralResultSchema = z.object({ referrerUsername: z.string().nullable() });
export type ReferralResult = z.infer<typeof ReferralResultSchema>;

import { z } from 'zod';
import { MpesaPhoneSchema } from './payments.ts';

/** GET /api/subscription-packages/list (docs/product.md, "Subscription package"). Prices are KES per day. */
export const SubscriptionPackageSchema = z.object({
  id: z.number().int(),
  name: z.enum(['Bronze', 'Silver', 'Gold', 'Platinum']),
  description: z.string(),
  amount: z.number().describe('KES per day'),
  currency: z.literal('KES'),
  duration: z.number().int().describe('Hours one purchase lasts'),
  popular: z.boolean(),
  oldId: z.number().int().nullable(),
});
export type SubscriptionPackage = z.infer<typeof SubscriptionPackageSchema>;

/** One of the player's subscriptions: GET /api/subscriptions/list. */
export const UserSubscriptionSchema = z.object({
  id: z.string(),
  expired: z.boolean(),
  startsAt: z.string(),
  expiresAt: z.string(),
  subscriptionPackage: SubscriptionPackageSchema,
});
export type UserSubscription = z.infer<typeof UserSubscriptionSchema>;

export const SUBSCRIPTION_HOURS = 24;

/** Only the Bronze package may be paid with Safaricom airtime (docs/product.md, "Safaricom airtime"). */
export const AIRTIME_PACKAGE_NAME = 'Bronze';
export const airtimeOnlyBronzeMessage =
  'Payment using Safaricom airtime is limited to the bronze package. Please choose another method.';

export const SubscribeRequestSchema = z.object({
  paymentMethodId: z.number({ error: 'Please choose a payment method.' }).int().positive(),
  subscriptionPackageId: z.number({ error: 'Please choose a package.' }).int().positive(),
  /** The M-Pesa or airtime phone; required for those methods. */
  mpesaPhoneNumber: MpesaPhoneSchema.optional(),
});
export type SubscribeRequest = z.input<typeof SubscribeRequestSchema>;

/**
 * The plans a player holds now. The subscriptions screen marks a package 'Subscribed' while a
 * non-expired subscription to it exists.
 */
export const heldPlans = (subscriptions: readonly UserSubscription[]): UserSubscription[] =>
  subscriptions.filter((subscription) => !subscription.expired);

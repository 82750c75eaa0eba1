import { z } from 'zod';
import { MpesaPhoneSchema } from './payments.ts';

/** GET /api/subscription-packages/list (spec section 3). Prices are KES per day. */
export interface SubscriptionPackage {
  id: number;
  name: 'Bronze' | 'Silver' | 'Gold' | 'Platinum';
  description: string;
  /** KES per day. */
  amount: number;
  currency: 'KES';
  /** Hours one purchase lasts. */
  duration: number;
  popular: boolean;
  oldId: number | null;
}

/** One of the player's subscriptions: GET /api/subscriptions/list. */
export interface UserSubscription {
  id: string;
  expired: boolean;
  startsAt: string;
  expiresAt: string;
  subscriptionPackage: SubscriptionPackage;
}

export const SUBSCRIPTION_HOURS = 24;

/** Only the Bronze package may be paid with Safaricom airtime (spec section 5). */
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

/** The subscriptions screen marks a package 'Subscribed' while a non-expired subscription to it exists. */
export const isSubscribedTo = (subscriptions: UserSubscription[], packageId: number): boolean =>
  subscriptions.some(
    (subscription) => !subscription.expired && subscription.subscriptionPackage.id === packageId,
  );

import { z } from 'zod';

/** A browser PushSubscription as JSON: PlayOn pushes with Web Push (docs/api.md). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'The push subscription has no valid endpoint.' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1, 'The push subscription has no keys.'),
    auth: z.string().min(1, 'The push subscription has no keys.'),
  }),
});

export const DeviceTokenRequestSchema = z.object({
  deviceToken: z
    .string({ error: 'Please send a device token.' })
    .min(1, 'Please send a device token.')
    .max(4096, 'The device token is too long.')
    .refine((token) => {
      try {
        return PushSubscriptionSchema.safeParse(JSON.parse(token)).success;
      } catch {
        return false;
      }
    }, 'The device token must be a push subscription.'),
});
export type DeviceTokenRequest = z.infer<typeof DeviceTokenRequestSchema>;

/** The answer of POST /api/profile/device-token. */
export const DeviceTokenSavedSchema = z.object({ saved: z.literal(true) });

import { z } from 'zod';

/** Boost a friend: the username to look up (docs/product.md, "Boost a friend screen"). */
export const FriendUsernameSchema = z
  .string({ error: "Please enter your friend's username." })
  .trim()
  .min(1, "Please enter your friend's username.");

/** GET /api/users/by-username/{username} (docs/api.md): the friend's id (their uid). */
export const FriendLookupSchema = z.object({ id: z.string() });
export type FriendLookup = z.infer<typeof FriendLookupSchema>;

export const userMessages = {
  notFound: 'User not found',
  cannotBoostSelf: 'You cannot boost yourself. Top up your own wallet instead.',
} as const;

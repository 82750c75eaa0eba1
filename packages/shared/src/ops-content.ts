import { z } from 'zod';
import { pageOf, ReasonSchema } from './ops.ts';
import { kiswahili, OwnImageSchema, text } from './ops-content-fields.ts';
import { SupportSettingSchema } from './support.ts';

/**
 * The console's content area (admins only): what players see of games, tournaments,
 * banners, Playon TV, packages, support settings and chat rooms, set by an operator.
 * The games, tournaments, banners and TV each have their file; this one holds the rest
 * and is the one entry the apps import.
 */

export { contentMessages, OwnImageSchema } from './ops-content-fields.ts';
export * from './ops-content-games.ts';
export * from './ops-content-showcase.ts';
export * from './ops-content-tournaments.ts';

/** The body of an operator's action that must say why: cancelling a tournament, archiving a room. */
export const ReasonRequestSchema = z.object({ reason: ReasonSchema });

// ---- Subscription packages

export const OpsPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The description in Kiswahili; null: players read the English. */
  descriptionSw: z.string().nullable(),
  /** KES per day. */
  amount: z.number(),
  currency: z.string(),
  duration: z.number().int(),
  popular: z.boolean(),
});
export type OpsPackage = z.infer<typeof OpsPackageSchema>;

/** POST /api/ops/content/packages/{id}: a new price applies to purchases started from then on. */
export const PackageFormSchema = z.object({
  description: text('description', 500),
  descriptionSw: kiswahili('description', 500),
  amount: z
    .number({ error: 'Please enter the price per day.' })
    .min(1, 'The price is at least KES 1.')
    .max(250_000, 'The price is at most KES 250,000.')
    .refine((amount) => Number.isInteger(amount), 'M-Pesa takes whole shillings: enter a whole number.'),
  popular: z.boolean(),
  reason: ReasonSchema,
});
export type PackageForm = z.input<typeof PackageFormSchema>;

// ---- Support settings

export const supportSettingNames = SupportSettingSchema.shape.name.options;

/** GET /api/ops/content/support: every name the feedback footer knows, '' when unset. */
export const OpsSupportSettingSchema = z.object({ name: z.enum(supportSettingNames), value: z.string() });

export const SupportSettingFormSchema = z.object({
  name: z.enum(supportSettingNames, { error: 'Unknown setting.' }),
  /** Empty hides it from the footer. */
  value: z.string().trim().max(300, 'Keep the value under 300 characters.'),
});

// ---- Chat rooms

export const OpsChatRoomSchema = z.object({
  id: z.number().int(),
  chatRoomUid: z.string(),
  name: z.string(),
  /** The name players reading Kiswahili see; null: they read the English. */
  nameSw: z.string().nullable(),
  icon: z.string(),
  memberCount: z.number().int(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OpsChatRoom = z.infer<typeof OpsChatRoomSchema>;
export const OpsChatRoomPageSchema = pageOf(OpsChatRoomSchema);

export const ChatRoomFormSchema = z.object({
  name: text('name', 60),
  nameSw: kiswahili('name', 60),
  icon: OwnImageSchema,
});
export type ChatRoomForm = z.input<typeof ChatRoomFormSchema>;

// ---- Images

/** Banners, game icons and room icons: an image by its bytes, at most 2 MiB. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const ContentImageSchema = z.object({ url: z.string() });

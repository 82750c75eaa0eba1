import { z } from 'zod';
import { pageOf } from './ops.ts';
import { contentMessages, kiswahili, moment, text } from './ops-content-fields.ts';
import { awardNames, TournamentSchema } from './tournaments.ts';

/** The console's tournaments: a tournament as players see it, with what the operator follows of it. */

export { awardNames };

export const opsTournamentStates = ['UPCOMING', 'ONGOING', 'ENDED', 'RANKED', 'CANCELLED'] as const;
export type OpsTournamentState = (typeof opsTournamentStates)[number];

export const OpsPrizeSchema = z.object({
  position: z.number().int(),
  name: z.enum(awardNames),
  subscriptionPackageId: z.number().int(),
  packageName: z.string(),
  winnerId: z.string().nullable(),
});

export const OpsTournamentSchema = TournamentSchema.extend({
  /** The Kiswahili the operator wrote; null when players reading Kiswahili get the English. */
  nameSw: z.string().nullable(),
  descriptionSw: z.string().nullable(),
  gameName: z.string(),
  state: z.enum(opsTournamentStates),
  players: z.number().int(),
  prizes: z.array(OpsPrizeSchema),
  rankedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type OpsTournament = z.infer<typeof OpsTournamentSchema>;
export const OpsTournamentPageSchema = pageOf(OpsTournamentSchema);

/** POST /api/ops/content/tournaments (create) and /{id} (edit, before it starts). */
export const TournamentFormSchema = z
  .object({
    name: text('name', 100),
    description: text('description', 1000),
    nameSw: kiswahili('name', 100),
    descriptionSw: kiswahili('description', 1000),
    gameId: z.number({ error: 'Please choose the game.' }).int().positive('Please choose the game.'),
    starts: moment('start'),
    ends: moment('end'),
    /** The package each podium place wins (1 Gold, 2 Silver, 3 Bronze); a place may have none. */
    prizes: z
      .array(
        z.object({
          position: z.number().int().min(1).max(3),
          subscriptionPackageId: z.number({ error: 'Please choose a package.' }).int().positive(),
        }),
      )
      .max(3)
      .refine(
        (prizes) => new Set(prizes.map((prize) => prize.position)).size === prizes.length,
        'Each place has one prize.',
      ),
  })
  .refine((form) => Date.parse(form.ends) > Date.parse(form.starts), {
    message: contentMessages.endsBeforeStart,
    path: ['ends'],
  });
export type TournamentForm = z.input<typeof TournamentFormSchema>;

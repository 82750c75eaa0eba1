import { z } from 'zod';

/**
 * What every form of the console's content area is made of: its messages, and the fields the
 * game, tournament, banner, TV, package and chat-room forms share.
 */

export const contentMessages = {
  packageIdTaken: 'Another game has this package id.',
  gameNotFound: 'This game does not exist.',
  tournamentNotFound: 'This tournament does not exist.',
  tournamentStarted: 'This tournament has started: it can no longer be edited. End it now or cancel it.',
  tournamentCancelled: 'This tournament was cancelled.',
  tournamentRanked: 'This tournament has already been ranked.',
  tournamentNotStarted: 'This tournament has not started yet: cancel it instead.',
  startInPast: 'The start cannot be in the past.',
  endsBeforeStart: 'The end must be after the start.',
  outsideGameNoTournament:
    'An outside game cannot hold a tournament: PlayOn cannot replay its plays to check a score.',
  gameDisabled: 'This game is disabled: enable it first.',
  packageNotFound: 'This subscription package does not exist.',
  bannerNotFound: 'This banner does not exist.',
  bannerTournament: 'Choose a tournament that is not cancelled, or none.',
  tvItemNotFound: 'This video does not exist.',
  roomNotFound: 'This chat room does not exist.',
  roomArchived: 'This chat room is archived.',
  roomUidTaken: 'Another chat room has this name.',
} as const;

export const text = (label: string, max: number) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(max, `Keep the ${label} under ${max} characters.`);

/** A text's Kiswahili, optional: empty or left out, players asking in Kiswahili read the English. */
export const kiswahili = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep the Kiswahili ${label} under ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

export const order = z
  .number({ error: 'Please enter the order as a whole number.' })
  .int('Please enter the order as a whole number.')
  .min(0, 'The order is 0 or more.')
  .max(10_000, 'The order is at most 10,000.');

export const moment = (label: string) =>
  z.iso.datetime({ offset: true, error: `Please enter the ${label}.` });

/** An image this server stores (an upload under /media/, or a file it ships under /content/ or /play/). */
export const OwnImageSchema = z
  .string({ error: 'Please upload an image.' })
  .trim()
  .regex(/^\/(media|content|play)\/[\w./-]+$/, 'Please upload an image.')
  .refine((path) => !path.includes('..'), 'Please upload an image.');

import { z } from 'zod';
import { PageQuerySchema, pageOf, ReasonSchema } from './ops.ts';

/**
 * Data requests under Kenya's Data Protection Act (docs/operations.md): a player's request is
 * recorded when it arrives and answered within the Act's seven days, counted on Nairobi's calendar
 * (ADR 0068).
 */
export const DATA_REQUEST_DAYS = 7;

export const dataRequestKinds = ['access', 'erasure'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];
export const dataRequestStatuses = ['open', 'answered'] as const;
/** The list's filters: every open request, the open ones past their day, the answered ones, all. */
export const dataRequestFilters = ['open', 'overdue', 'answered', 'all'] as const;
export type DataRequestFilter = (typeof dataRequestFilters)[number];

export const dataRequestMessages = {
  kind: 'Choose what the player asks for: their data, or its erasure.',
  day: 'Choose the day the request arrived.',
  future: 'The request cannot arrive after today (Nairobi).',
  channel: 'Say how the request arrived (e-mail, phone, letter...).',
  channelTooLong: 'Keep the channel under 100 characters.',
  noteTooLong: 'Keep the note under 500 characters.',
  notFound: 'This data request does not exist.',
  answered: 'This data request has been answered already.',
  playerNotFound: 'No player has this id.',
} as const;

const NAIROBI_OFFSET_MS = 3 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The Nairobi calendar day of an instant (Kenya keeps UTC+3 all year). */
export const nairobiDayOf = (at: Date) =>
  new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
export const addDays = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);

/**
 * The Act's clock: a request received on a Nairobi day is due seven days later, to the end of that
 * day; `daysLeft` is 0 on that day and negative once it is over (-2: overdue by two days).
 */
export function dataRequestClock(receivedOn: string, now: Date) {
  const dueOn = addDays(receivedOn, DATA_REQUEST_DAYS);
  return { dueOn, daysLeft: dayNumber(dueOn) - dayNumber(nairobiDayOf(now)) };
}

const NairobiDaySchema = z
  .string({ error: dataRequestMessages.day })
  .regex(/^\d{4}-\d{2}-\d{2}$/, dataRequestMessages.day)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), dataRequestMessages.day);

export const DataRequestCreateSchema = z.object({
  uid: z
    .string()
    .trim()
    .min(1, dataRequestMessages.playerNotFound)
    .max(100, dataRequestMessages.playerNotFound),
  kind: z.enum(dataRequestKinds, { error: dataRequestMessages.kind }),
  receivedOn: NairobiDaySchema,
  channel: z
    .string({ error: dataRequestMessages.channel })
    .trim()
    .min(2, dataRequestMessages.channel)
    .max(100, dataRequestMessages.channelTooLong),
  note: z
    .string()
    .trim()
    .max(500, dataRequestMessages.noteTooLong)
    .nullish()
    .transform((value) => value || null),
});
export type DataRequestCreate = z.infer<typeof DataRequestCreateSchema>;

/** Answering a request: what was done (exported and sent, account deleted...). */
export const DataRequestAnswerSchema = z.object({ reason: ReasonSchema });

export const DataRequestQuerySchema = PageQuerySchema.extend({
  status: z.enum(dataRequestFilters, { error: 'Choose open, overdue, answered or all.' }).default('open'),
  /** One player's requests. */
  uid: z.string().trim().max(100).optional(),
});
export type DataRequestQuery = z.infer<typeof DataRequestQuerySchema>;

export const DataRequestSchema = z.object({
  id: z.number(),
  uid: z.string(),
  /** The player's username, or their e-mail without one; null when deleted. */
  player: z.string().nullable(),
  kind: z.enum(dataRequestKinds),
  receivedOn: z.string(),
  channel: z.string(),
  note: z.string().nullable(),
  status: z.enum(dataRequestStatuses),
  /** The last day of the Act's seven (Nairobi). */
  dueOn: z.string(),
  /** Days left on an open request (0: due today; negative: overdue by that many); null once answered. */
  daysLeft: z.number().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredByEmail: z.string().nullable(),
  byEmail: z.string(),
  createdAt: z.string(),
});
export type DataRequest = z.infer<typeof DataRequestSchema>;
export const DataRequestPageSchema = pageOf(DataRequestSchema).extend({
  /** Open requests past their day, whatever the filter: the number the screen warns about. */
  overdue: z.number(),
});
export type DataRequestPage = z.infer<typeof DataRequestPageSchema>;

import { z } from 'zod';
import { languages } from './i18n/language.ts';
import { messages } from './messages.ts';
import { profileFieldLabels as fieldLabels } from './profile-labels.ts';

export const genders = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof genders)[number];

/** The profile on the wire: what GET /api/auth/login, PUT /api/profile/{uid} and chat join/leave answer. */
export const ProfileSchema = z.object({
  id: z.string(),
  /** The identity service's user id; the path parameter of PUT /api/profile/{uid}. */
  uid: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  /** ISO date, yyyy-mm-dd. */
  dob: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  phone: z.string().nullable(),
  profilePic: z.string().nullable(),
  countryId: z.number().nullable(),
  currencyId: z.number().nullable(),
  chatRooms: z.array(z.string()),
  referralCode: z.string(),
  /** The language the player chose; null until they choose one. Notifications and e-mails follow it. */
  language: z.enum(languages).nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export { isProfileComplete, requiredProfileFields } from './profile-complete.ts';

/** The placeholder a row shows when empty counts as empty when submitted. */
const text = (emptyMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === messages.notSet ? '' : value),
    z.string({ error: emptyMessage }).trim().min(1, emptyMessage),
  );

export const NameSchema = text('Please enter your name.').pipe(
  z.string().max(80, 'A name has at most 80 characters.'),
);

export const UsernameSchema = text('Please enter a username.').pipe(
  z.string().regex(/^[A-Za-z0-9_.]{3,20}$/, 'A username has 3 to 20 letters, digits, dots or underscores.'),
);

export const ProfileEmailSchema = text('Please enter your email.').pipe(
  z.email('Please enter a valid email.').transform((email) => email.toLowerCase()),
);

export const PhoneSchema = text('Please enter your phone number.')
  .transform((phone) => phone.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{9,15}$/, 'Please enter a valid phone number.'));

export const GenderSchema = text('Please enter your gender.').pipe(
  z.enum(genders, { error: 'Allowed gender entries: MALE,FEMALE,OTHER' }),
);

export const MINIMUM_AGE = 18;

/** Whole years between an ISO date of birth and `now`, by the calendar (UTC). */
export function ageOn(dob: string, now: Date): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

function isRealDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}

export const DobSchema = text('Please enter your date of birth.')
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date of birth.')
      .refine(isRealDate, 'Please enter a valid date of birth.'),
  )
  .refine((dob) => ageOn(dob, new Date()) <= 120, 'Please enter a valid date of birth.')
  .refine((dob) => ageOn(dob, new Date()) >= MINIMUM_AGE, messages.underEighteen);

export const CountryIdSchema = z.coerce
  .number({ error: 'Please choose a country.' })
  .int('Please choose a country.')
  .positive('Please choose a country.');
export const CurrencyIdSchema = z.coerce
  .number({ error: 'Please choose a currency.' })
  .int('Please choose a currency.')
  .positive('Please choose a currency.');

export const profileFieldSchemas = {
  name: NameSchema,
  username: UsernameSchema,
  email: ProfileEmailSchema,
  dob: DobSchema,
  gender: GenderSchema,
  phone: PhoneSchema,
  countryId: CountryIdSchema,
  currencyId: CurrencyIdSchema,
} as const;
export type ProfileField = keyof typeof profileFieldSchemas;
export const profileFields = Object.keys(profileFieldSchemas) as ProfileField[];

/** The labels, checked here against the fields the schemas know. */
export const profileFieldLabels: Record<ProfileField, string> = fieldLabels;

const ONE_FIELD =
  'Send one profile field at a time: name, username, email, dob, gender, phone, countryId, currencyId or language.';

export const LANGUAGE_MESSAGE = "Please choose a language: 'en' (English) or 'sw' (Kiswahili).";
/** The player's language: 'en' or 'sw'; null forgets the choice (the device's language again). */
export const ProfileLanguageSchema = z.enum(languages, { error: LANGUAGE_MESSAGE }).nullable();

/** PUT /api/profile/{uid}: exactly one field per call. */
export const ProfileUpdateSchema = z
  .object(
    {
      name: NameSchema.optional(),
      username: UsernameSchema.optional(),
      email: ProfileEmailSchema.optional(),
      dob: DobSchema.optional(),
      gender: GenderSchema.optional(),
      phone: PhoneSchema.optional(),
      countryId: CountryIdSchema.optional(),
      currencyId: CurrencyIdSchema.optional(),
      language: ProfileLanguageSchema.optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? ONE_FIELD : undefined) },
  )
  .strict()
  .refine((update) => Object.values(update).filter((value) => value !== undefined).length === 1, ONE_FIELD);
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** Validates one field as the edit dialog does; returns the product's message or null. */
export function profileFieldError(field: ProfileField, value: unknown): string | null {
  const result = profileFieldSchemas[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

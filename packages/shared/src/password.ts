import { z } from 'zod';
import { messages } from './messages.ts';

export const MIN_PASSWORD_LENGTH = 6;
/** better-auth's own ceiling; longer inputs are refused before they reach the hash. */
export const MAX_PASSWORD_LENGTH = 128;

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, 'The password must be 128 characters or fewer.');

export const EmailSchema = z
  .string({ error: 'Please enter your email.' })
  .trim()
  .min(1, 'Please enter your email.')
  .pipe(z.email('Please enter a valid email.'))
  .transform((email) => email.toLowerCase());

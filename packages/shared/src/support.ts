import { z } from 'zod';

/** GET /api/playon-tv/list (docs/product.md, "TV item"). */
export const TvItemSchema = z.object({
  id: z.number().int(),
  /** A YouTube link (its 11-character id is embedded). */
  channelUrl: z.string(),
  /** What the TV page calls the video (set in the console); null shows its YouTube id. */
  title: z.string().nullable(),
  /**
   * Its picture in the list (set in the console): an upload on this server or YouTube's own
   * thumbnail (https://i.ytimg.com/vi/{id}/…); null shows a drawn poster.
   */
  thumbnailUrl: z.string().nullable(),
  /** The one shown embedded at the top of the TV page. */
  primary: z.boolean(),
  createdAt: z.string(),
});
export type TvItem = z.infer<typeof TvItemSchema>;

/** GET /api/contact-us/list (docs/product.md, "Support settings"). */
export const SupportSettingSchema = z.object({
  name: z.enum(['Email', 'Phone', 'Instagram', 'Twitter', 'Facebook', 'Whatsapp']),
  value: z.string(),
});
export type SupportSetting = z.infer<typeof SupportSettingSchema>;

export const tvMessages = {
  error: "Sorry, it seems we're having trouble connecting to the server. Please try again later.",
} as const;

/**
 * Feedback ('Drop us a line'), checked in the order of docs/product.md ("Feedback form"): email
 * required, email format, subject, message. The form shows the first failing message.
 */
export const feedbackMessages = {
  /** Under the field ('Enter your email', 'Invalid email address'); the toast says the sentence. */
  emailRequiredField: 'Enter your email',
  emailInvalidField: 'Invalid email address',
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email.',
  subjectRequired: 'Please enter a subject.',
  messageRequired: 'Please enter a message.',
  thanks: 'Thank you for your feedback. We will get back to you soon.',
  tooMany: 'You have sent a lot of feedback today. Please try again tomorrow.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const FeedbackRequestSchema = z.object({
  email: z
    .string({ error: feedbackMessages.emailRequired })
    .trim()
    .min(1, feedbackMessages.emailRequired)
    .max(254, feedbackMessages.emailInvalid)
    .regex(EMAIL_PATTERN, feedbackMessages.emailInvalid),
  subject: z
    .string({ error: feedbackMessages.subjectRequired })
    .trim()
    .min(1, feedbackMessages.subjectRequired)
    .max(200, 'A subject can be at most 200 characters.'),
  message: z
    .string({ error: feedbackMessages.messageRequired })
    .trim()
    .min(1, feedbackMessages.messageRequired)
    .max(5000, 'A message can be at most 5000 characters.'),
});
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;

/** The first message in the form's order, or null when the feedback is complete. */
export function firstFeedbackProblem(input: Partial<Record<keyof FeedbackRequest, string>>): string | null {
  const result = FeedbackRequestSchema.safeParse(input);
  if (result.success) return null;
  const order: Array<keyof FeedbackRequest> = ['email', 'subject', 'message'];
  for (const field of order) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) return issue.message;
  }
  return result.error.issues[0]?.message ?? null;
}

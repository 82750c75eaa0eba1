import {
  type FeedbackRequest,
  FeedbackRequestSchema,
  feedbackMessages,
  firstFeedbackProblem,
} from '@playon/shared/support';
import { formText } from '../../../lib/locales/form-text';

export type FeedbackField = keyof FeedbackRequest;
export type FeedbackValues = Record<FeedbackField, string>;

// Under the email field the text is shorter than in the toast (docs/product.md, "Feedback form").
const fieldTexts: Record<string, string> = {
  [feedbackMessages.emailRequired]: feedbackMessages.emailRequiredField,
  [feedbackMessages.emailInvalid]: feedbackMessages.emailInvalidField,
};

/**
 * The first problem in the form's order (docs/product.md, "Feedback form": email, its format,
 * subject, message): the field it is about, the text under that field and the sentence for the
 * toast. Null when the feedback can go.
 */
export function feedbackProblem(values: FeedbackValues) {
  const sentence = firstFeedbackProblem(values);
  if (!sentence) return null;
  const fields: FeedbackField[] = ['email', 'subject', 'message'];
  const field =
    fields.find((name) => !FeedbackRequestSchema.shape[name].safeParse(values[name]).success) ?? 'email';
  return { field, fieldText: formText(fieldTexts[sentence] ?? sentence), sentence: formText(sentence) };
}

import type { FeedbackRequest } from '@playon/shared/support';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/contact-us/feedback: answers the thanks to show; 400 in the form's order (docs/product.md,
 * "Feedback form"), 429 past the daily cap.
 */
export async function sendFeedback(feedback: FeedbackRequest): Promise<string> {
  return (await apiRequest<null>('/contact-us/feedback', { method: 'POST', json: feedback })).statusMessage;
}

import type { ReferralRequest, ReferralResult } from '@playon/shared/referral';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/referrals: succeeds only on 200; the envelope's message is shown to the player. */
export function submitReferral(body: ReferralRequest) {
  return apiRequest<ReferralResult>('/referrals', { method: 'POST', json: body });
}

export const submitReferralMutation = { mutationKey: ['referrals', 'submit'], mutationFn: submitReferral };

export function useSubmitReferral() {
  return useMutation(submitReferralMutation);
}

import type { Profile, ProfileUpdate } from '@playon/shared/profile';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeProfile } from '../../../lib/session-store';

export interface UpdateProfileInput {
  uid: string;
  update: ProfileUpdate;
}

/** PUT /api/profile/{uid} with one field; on 200 the stored profile is replaced (docs/product.md, "Profile field update"). */
export async function updateProfile({ uid, update }: UpdateProfileInput) {
  const response = await apiRequest<Profile>(`/profile/${encodeURIComponent(uid)}`, {
    method: 'PUT',
    json: update,
  });
  storeProfile(response.payload);
  return response;
}

export const updateProfileMutation = { mutationKey: ['profile', 'update'], mutationFn: updateProfile };

export function useUpdateProfile() {
  return useMutation(updateProfileMutation);
}

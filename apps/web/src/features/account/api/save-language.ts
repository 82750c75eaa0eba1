import type { Profile, ProfileUpdate } from '@playon/shared/profile';
import { apiRequest } from '../../../lib/api-client';
import type { Language } from '../../../lib/language';
import { storeProfile } from '../../../lib/session-store';

/** PUT /api/profile/{uid} with the language: the player's next sign-in, on any phone, reads it. */
export async function saveLanguage(uid: string, language: Language): Promise<void> {
  const response = await apiRequest<Profile>(`/profile/${encodeURIComponent(uid)}`, {
    method: 'PUT',
    json: { language } satisfies ProfileUpdate,
  });
  storeProfile(response.payload);
}

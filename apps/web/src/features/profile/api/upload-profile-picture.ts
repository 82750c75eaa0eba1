import type { UploadResult } from '@playon/shared/upload';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload';
import { readProfile, storeProfile } from '../../../lib/session-store';

export interface UploadProfilePictureInput {
  uid: string;
  file: File;
}

/** POST /api/upload (multipart: file, id, type PROFILE_PICTURE); the profile picture then points at payload.url. */
export async function uploadProfilePicture({ uid, file }: UploadProfilePictureInput) {
  const form = new FormData();
  form.append('id', uid);
  form.append('type', 'PROFILE_PICTURE');
  form.append('file', file);
  const response = await apiUpload<UploadResult>('/upload', { form });
  const profile = readProfile();
  if (profile) storeProfile({ ...profile, profilePic: response.payload.url });
  return response;
}

export const uploadProfilePictureMutation = {
  mutationKey: ['upload', 'profile-picture'],
  mutationFn: uploadProfilePicture,
};

export function useUploadProfilePicture() {
  return useMutation(uploadProfilePictureMutation);
}

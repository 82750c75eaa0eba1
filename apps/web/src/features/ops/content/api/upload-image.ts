import { apiUpload } from '../../../../lib/api-upload';

/** POST /api/ops/content/images: an image stored for a banner or an icon; `onProgress` from 0 to 1. */
export async function uploadImage(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  const answer = await apiUpload<{ url: string }>('/ops/content/images', { form, onProgress });
  return answer.payload.url;
}

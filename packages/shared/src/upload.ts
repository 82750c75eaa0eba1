import { z } from 'zod';

export const uploadTypes = ['PROFILE_PICTURE', 'CHAT_MEDIA'] as const;
export type UploadType = (typeof uploadTypes)[number];

/** Profile pictures: decoded by content, at most 5 MiB. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const profilePictureMediaTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Chat attachments (docs/api.md, POST /api/upload): one constant drives the check and its message, 15 MiB,
 * 'File size cannot exceed 15MB'. The upload's `id` is the chat room's id.
 */
export const CHAT_MEDIA_MAX_BYTES = 15 * 1024 * 1024;

export const UploadFieldsSchema = z.object({
  id: z.string().trim().min(1, 'Please say what the file is for.'),
  type: z.enum(uploadTypes, { error: 'Unknown upload type.' }).default('PROFILE_PICTURE'),
});

/** The answer of POST /api/upload: the stored file's address. */
export const UploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const uploadMessages = {
  noFile: 'Please choose a file to upload.',
  unreadableForm: 'The upload was cut off or malformed. Please try again.',
  notAnImage: 'Please choose an image (JPEG, PNG, WebP or GIF).',
  tooLarge: (limitBytes: number) => `File size cannot exceed ${Math.round(limitBytes / 1024 / 1024)}MB`,
} as const;

import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Where uploaded files live: local disk, or an S3-compatible bucket behind the same calls (ADR 0030). */
export interface Storage {
  /** Stores bytes under `folder` with a fresh random name; resolves to the public URL path. */
  put(folder: string, extension: string, bytes: Uint8Array, mediaType: string): Promise<string>;
  /** Removes a file this storage handed out; any other URL (an OAuth provider's picture) is left alone. */
  remove(url: string): Promise<void>;
  /**
   * Serves the stored files at their URLs under MEDIA_PREFIX (GET and HEAD, byte ranges, ETag):
   * players' browsers read uploads from PlayOn's origin whichever storage holds them.
   */
  serve(app: FastifyInstance, options: MediaServing): Promise<void>;
}

export interface MediaServing {
  /** Files whose name matches are sent as downloads (Content-Disposition: attachment), never opened inline. */
  attachment: RegExp;
}

export type StorageLocation =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Prepended to every key ('' or a folder path ending in /). */
      prefix: string;
      /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export const MEDIA_PREFIX = '/media/';

/** Both storages serve files as fastify-static does by default: revalidated with the ETag. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=0';

/** A fresh key `folder/random.ext`: never guessed, never reused. */
export function newMediaKey(folder: string, extension: string) {
  return `${folder}/${randomBytes(16).toString('base64url')}.${extension}`;
}

/**
 * The key behind a URL this storage handed out, or undefined for any other URL: one folder and one
 * name of letters, digits, _ and -, so no URL reaches outside the uploads (no `..`, no other bucket key).
 */
export function mediaKeyOf(url: string): string | undefined {
  if (!url.startsWith(MEDIA_PREFIX)) return undefined;
  const key = url.slice(MEDIA_PREFIX.length);
  return /^[\w-]+\/[\w-]+\.\w+$/.test(key) ? key : undefined;
}

import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Where uploaded files live; local disk now, object storage later behind the same calls. */
export interface Storage {
  /** Stores bytes under `folder` with a fresh random name; resolves to the public URL path. */
  put(folder: string, extension: string, bytes: Uint8Array): Promise<string>;
  /** Removes a file this storage handed out; any other URL (an OAuth provider's picture) is left alone. */
  remove(url: string): Promise<void>;
}

export const MEDIA_PREFIX = '/media/';

export function createLocalStorage(root: string): Storage {
  return {
    async put(folder, extension, bytes) {
      const key = `${folder}/${randomBytes(16).toString('base64url')}.${extension}`;
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
      return `${MEDIA_PREFIX}${key}`;
    },
    async remove(url) {
      const key = url.slice(MEDIA_PREFIX.length);
      if (!url.startsWith(MEDIA_PREFIX) || !/^[\w-]+\/[\w-]+\.\w+$/.test(key)) return;
      await rm(join(root, key), { force: true });
    },
  };
}

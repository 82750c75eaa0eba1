import { mkdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MEDIA_CACHE_CONTROL, MEDIA_PREFIX, mediaKeyOf, newMediaKey, type Storage } from './storage.ts';

/** Uploads on this machine's disk (DATA_DIR/uploads): the default, for one instance. */
export function createLocalStorage(root: string): Storage {
  mkdirSync(root, { recursive: true });
  return {
    async put(folder, extension, bytes) {
      const key = newMediaKey(folder, extension);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes, { flag: 'wx' });
      return `${MEDIA_PREFIX}${key}`;
    },
    async remove(url) {
      const key = mediaKeyOf(url);
      if (key) await rm(join(root, key), { force: true });
    },
    async serve(app, { attachment }) {
      // Stored names are random and carry the extension of the type judged from the bytes, so the
      // type served is right; helmet adds nosniff, so a browser never guesses another.
      await app.register(fastifyStatic, {
        root,
        prefix: MEDIA_PREFIX,
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('cache-control', MEDIA_CACHE_CONTROL);
          if (attachment.test(path)) reply.header('content-disposition', 'attachment');
        },
      });
    },
  };
}

import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * API answers compressed as the client accepts (Brotli, then gzip) when they are worth it (1 KB and
 * up): a list of games or a wallet's history shrinks five to ten times on a slow network. Brotli at a
 * low quality: per request, its speed matters more than the last percent. The web app's files come
 * precompressed (web-app.ts) and are passed through untouched.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

// After `vite build`: writes a Brotli (.br) and a gzip (.gz) twin of every text asset in dist/, which
// the server sends as the browser accepts (@fastify/static preCompressed), at the highest levels since
// this runs once per build. A twin that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|webmanifest|json|txt|xml)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const path of files(dist)) {
  const body = readFileSync(path);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
  count++;
  raw += body.length;
  br += Math.min(brotli.length, body.length);
}
console.log(
  `precompressed ${count} files: ${(raw / 1000).toFixed(1)} KB → ${(br / 1000).toFixed(1)} KB with Brotli`,
);

import { join } from 'node:path';
import type { StorageLocation } from '../storage.ts';
import { ConfigError, type Env } from './env.ts';

/** Any S3_ variable set means object storage was meant: then S3_BUCKET must be too. */
const S3_VARIABLES = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

/** Where uploads live: DATA_DIR/uploads, or the S3-compatible bucket S3_BUCKET names (ADR 0030). */
export function storageLocation(e: Env, dataDir: string): StorageLocation {
  if (!e.S3_BUCKET) {
    const given = S3_VARIABLES.filter((name) => e[name]);
    if (given.length) {
      throw new ConfigError(`Invalid configuration: S3_BUCKET must be set with ${given.join(', ')}`);
    }
    return { kind: 'local', dir: join(dataDir, 'uploads') };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds its own credentials)',
    );
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'on' : Boolean(e.S3_ENDPOINT),
    prefix: e.S3_PREFIX ?? '',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from '../../src/platform/config.ts';
import { redactedConfig } from '../../src/platform/config-redact.ts';

// S3_* and METRICS_TOKEN, as an operator sets them (ADR 0030).
const dataDir = mkdtempSync(join(tmpdir(), 'playon-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const bucket = {
  S3_BUCKET: 'playon-media',
  S3_ENDPOINT: 'https://minio.internal:9000',
  S3_ACCESS_KEY_ID: 'AKIA-media-writer-4471',
  S3_SECRET_ACCESS_KEY: 's3-secret-access-key-9f2b7c',
};

const refusal = (env: Record<string, string>) => {
  try {
    parseConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'started';
};

describe('object storage settings', () => {
  it('keeps uploads in the data directory unless S3_BUCKET is set', () => {
    expect(parseConfig({ DATA_DIR: dataDir }).storage).toEqual({
      kind: 'local',
      dir: join(dataDir, 'uploads'),
    });
  });

  it('takes a bucket on an S3-compatible service: path-style addresses, us-east-1 unless told', () => {
    expect(parseConfig({ DATA_DIR: dataDir, ...bucket, S3_PREFIX: 'playon/' }).storage).toEqual({
      kind: 's3',
      bucket: 'playon-media',
      region: 'us-east-1',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      prefix: 'playon/',
      credentials: { accessKeyId: bucket.S3_ACCESS_KEY_ID, secretAccessKey: bucket.S3_SECRET_ACCESS_KEY },
    });
  });

  it("takes AWS S3 with the SDK's own credentials (a role) when no key is given", () => {
    expect(
      parseConfig({ DATA_DIR: dataDir, S3_BUCKET: 'playon-media', S3_REGION: 'af-south-1' }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'playon-media',
      region: 'af-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: '',
      credentials: undefined,
    });
  });

  it('refuses S3 settings without a bucket, half a key pair and a prefix that is not a folder', () => {
    expect(refusal({ S3_ENDPOINT: bucket.S3_ENDPOINT, S3_REGION: 'eu-west-1' })).toBe(
      'Invalid configuration: S3_BUCKET must be set with S3_REGION, S3_ENDPOINT',
    );
    expect(refusal({ S3_BUCKET: 'playon-media', S3_ACCESS_KEY_ID: bucket.S3_ACCESS_KEY_ID })).toMatch(
      /set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
    );
    expect(refusal({ S3_BUCKET: 'playon-media', S3_PREFIX: '../other' })).toMatch(
      /^Invalid configuration: S3_PREFIX:/,
    );
    expect(refusal({ S3_BUCKET: 'playon-media', S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT/);
  });
});

describe('metrics settings', () => {
  it('asks for METRICS_TOKEN when set, is open on a laptop without one', () => {
    const token = 'metrics-token-0123456789abcdef-0123456789';
    expect(parseConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token }).metrics).toEqual({
      access: 'token',
      token,
    });
    expect(parseConfig({ DATA_DIR: dataDir }).metrics).toEqual({ access: 'open' });
  });

  it('refuses a short or odd token', () => {
    expect(refusal({ METRICS_TOKEN: 'short' })).toMatch(/^Invalid configuration: METRICS_TOKEN: at least 32/);
    expect(refusal({ METRICS_TOKEN: `${'x'.repeat(32)} space` })).toMatch(/METRICS_TOKEN: letters, digits/);
  });

  it('shows neither the token nor the bucket keys in the start-up log', () => {
    const token = 'metrics-token-0123456789abcdef-0123456789';
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...bucket,
      S3_ENDPOINT: 'https://writer:endpoint-password-55@minio.internal:9000',
      METRICS_TOKEN: token,
    });
    const logged = JSON.stringify(redactedConfig(config));
    for (const secret of [
      token,
      bucket.S3_ACCESS_KEY_ID,
      bucket.S3_SECRET_ACCESS_KEY,
      'endpoint-password-55',
    ]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('playon-media');
    expect(logged).toContain('minio.internal:9000');
  });
});

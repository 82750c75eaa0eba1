import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', BETTER_AUTH_SECRET: 'x' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', PUBLIC_URL: 'not a url', ACCESS_TOKEN_TTL: 'forever' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'PUBLIC_URL', 'ACCESS_TOKEN_TTL']) expect(message).toContain(name);
    }
  });

  it('runs on a laptop with no variables: port 3000, PGlite in the data directory, sandbox providers', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playon-config-'));
    try {
      const notes: string[] = [];
      const config = loadConfig({ DATA_DIR: dataDir }, notes);
      expect(config.port).toBe(3000);
      expect(config.publicUrl).toBe('http://localhost:3000');
      expect(config.database).toEqual({ kind: 'pglite', dir: join(dataDir, 'db') });
      expect(config.google).toBeUndefined();
      expect(config.accessTokenTtl).toBe('15m');
      expect(notes).toHaveLength(1);
      // The generated secret is kept, so sessions survive a restart.
      expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(config.authSecret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('finds the repository data directory from its own location, not the working directory', () => {
    const config = loadConfig({ BETTER_AUTH_SECRET: 's'.repeat(32), MPESA_CALLBACK_SECRET: 'm'.repeat(32) });
    expect(config.dataDir).toMatch(/[/\\]data$/);
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(join(config.dataDir, '..', 'apps', 'web', 'dist')).toBe(config.webDistDir);
  });

  it("reads a relative DATA_DIR from the operator's working directory", () => {
    // Both secrets given: nothing is written into the working directory.
    const config = loadConfig({
      BETTER_AUTH_SECRET: 's'.repeat(32),
      MPESA_CALLBACK_SECRET: 'm'.repeat(32),
      DATA_DIR: 'some-data',
    });
    expect(config.dataDir).toBe(join(process.cwd(), 'some-data'));
  });

  it('uses PostgreSQL and real providers when configured', () => {
    const config = loadConfig({
      BETTER_AUTH_SECRET: 's'.repeat(32),
      DATABASE_URL: 'postgres://db.internal/playon',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PORT: '8080',
      TRUSTED_ORIGINS: 'http://localhost:5173/, http://127.0.0.1:5173',
    });
    expect(config.trustedOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db.internal/playon' });
    expect(config.google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });
});

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
// Docker's own matching rules; a CommonJS module whose types describe an ES default export.
const dockerignore: typeof import('@balena/dockerignore').default = createRequire(import.meta.url)(
  '@balena/dockerignore',
);
const ignored = dockerignore({ ignorecase: false }).add(
  readFileSync(join(repo, '.dockerignore'), 'utf8').split('\n'),
);

/** The build context as the builder sends it: every file under the root that .dockerignore keeps. */
function buildContext(dir = ''): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (ignored.ignores(path)) return [];
    return entry.isDirectory() ? buildContext(path) : [path];
  });
}

const SECRET_LIKE =
  /(^|\/)(\.env(\..*)?|[^/]*\.env|\.npmrc|id_rsa[^/]*|id_ed25519[^/]*|[^/]*\.(pem|key|p12|pfx|crt))$/;

describe("the image's build context", () => {
  const context = buildContext();

  it('holds what the Dockerfile copies', () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      'apps/server/src/main.ts',
      'apps/server/src/migrate.ts',
      'apps/web/index.html',
      'packages/shared/package.json',
      'games/tile-merge/game.json',
    ]) {
      expect(context, path).toContain(path);
    }
    expect(context.some((path) => path.startsWith('apps/server/drizzle/'))).toBe(true);
  });

  it('leaves out settings, secrets and what the build makes again', () => {
    expect(context.filter((path) => SECRET_LIKE.test(path))).toEqual([]);
    expect(context.filter((path) => /(^|\/)(node_modules|dist|\.git)\//.test(path))).toEqual([]);
  });

  it('leaves out an env file or a key wherever an operator drops one', () => {
    for (const path of [
      '.env',
      'deploy/.env',
      'deploy/production.env',
      'deploy/staging.env',
      'apps/server/.env.local',
      'deploy/tls/playon.key',
      'deploy/tls/playon.pem',
      '.npmrc',
    ]) {
      expect(ignored.ignores(path), path).toBe(true);
    }
    expect(ignored.ignores('deploy/production.env.example')).toBe(false);
  });

  it('and git never takes them either', () => {
    const check = (path: string) => {
      try {
        execFileSync('git', ['check-ignore', '--quiet', '--no-index', path], { cwd: repo });
        return true;
      } catch {
        return false;
      }
    };
    expect(check('deploy/production.env')).toBe(true);
    expect(check('deploy/.env')).toBe(true);
    expect(check('apps/server/.env.local')).toBe(true);
    expect(check('deploy/production.env.example')).toBe(false);
  });
});

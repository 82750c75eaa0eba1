import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repo = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');
const dockerfile = read('deploy/Dockerfile');
const compose = parse(read('deploy/compose.yaml')) as {
  services: Record<
    'migrate' | 'nginx' | 'playon-a' | 'playon-b',
    { image?: string; command?: string[]; environment?: Record<string, string> }
  >;
  'x-playon': { stop_grace_period: string; environment: Record<string, string> };
};

/** The last stage of the Dockerfile: what the image is. */
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('the Dockerfile', () => {
  it('runs the Node package.json pins', () => {
    const pinned = JSON.parse(read('package.json')).devDependencies.node as string;
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_VERSION=${pinned.replaceAll('.', '\\.')}$`, 'm'));
    expect(dockerfile).toMatch(/^ARG NODE_SHA512=[0-9a-f]{128}$/m);
    expect(dockerfile).not.toMatch(/^FROM node:/m);
  });

  it('takes its base as a build argument and ends as a user that is not root, with a health check', () => {
    expect(dockerfile).toMatch(/^ARG BASE=/m);
    expect(finalStage).toMatch(/^FROM \$\{BASE\}$/m);
    expect(finalStage).toMatch(/^USER (?!root\b|0\b)\w+$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK .*\n.*\/api\/health/m);
  });
});

describe('compose.yaml', () => {
  it('lets the env file set TRUST_PROXY_HOPS: nothing under environment overrides it', () => {
    expect(Object.keys(compose['x-playon'].environment)).not.toContain('TRUST_PROXY_HOPS');
    for (const service of Object.values(compose.services)) {
      expect(Object.keys(service.environment ?? {})).not.toContain('TRUST_PROXY_HOPS');
    }
    expect(read('deploy/production.env.example')).toMatch(/^TRUST_PROXY_HOPS=\d$/m);
  });

  it('gives an instance longer to stop than its drain and its finish take', () => {
    const number = (match: RegExpExecArray | null) => Number(match?.[1]?.replaceAll('_', ''));
    const finishMs = number(/const FINISH_MS = ([\d_]+);/.exec(read('apps/server/src/main.ts')));
    const env = read('apps/server/src/platform/config/env.ts');
    const drainMs = number(/SHUTDOWN_DRAIN_MS: .*\.default\(([\d_]+)\)/.exec(env));
    const graceSeconds = Number(/^(\d+)s$/.exec(compose['x-playon'].stop_grace_period)?.[1]);
    expect(finishMs).toBeGreaterThan(0);
    expect(drainMs).toBeGreaterThan(0);
    expect(graceSeconds * 1000).toBeGreaterThan(drainMs + finishMs);
  });

  it('pins nginx to a release of a stable (even) branch, and migrates with the Node the image has', () => {
    const nginx = compose.services.nginx.image ?? '';
    const [, minor] = /^nginx:1\.(\d+)\.\d+$/.exec(nginx) ?? [];
    expect(Number(minor) % 2, nginx).toBe(0);
    expect(Number(minor)).toBeGreaterThanOrEqual(30);
    expect(compose.services.migrate.command?.[0]).toBe('node');
  });
});

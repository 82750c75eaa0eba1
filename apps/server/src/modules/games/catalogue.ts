import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const FileName = z.string().regex(/^[\w-]+\.[a-z0-9]+$/);

/** A demo game's `game.json`: what the catalogue needs to list it and judge its scores. */
const ManifestSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  packageId: z.string().min(1),
  description: z.string().min(1),
  /** The description in Kiswahili (docs/glossary.md); players asking in Kiswahili read it. */
  descriptionSw: z.string().min(1).nullable().default(null),
  featured: z.boolean(),
  access: z.enum(['FREE', 'SUBSCRIPTION']),
  maxPoints: z.number().int().positive(),
  maxPointsPerSecond: z.number().int().positive(),
  /** 'replay': the folder's simulation.js replays each reported play (ADR 0015); 'plausible': limits only. */
  scoring: z.enum(['replay', 'plausible']),
  /** A YouTube link, or a video file in the game's folder (recorded by scripts/record-trailers.ts). */
  trailerLink: z.union([z.url({ protocol: /^https$/ }), FileName]).nullable(),
  /** The served trailer's poster, a picture in the game's folder. */
  trailerPoster: FileName.nullable().default(null),
});

export interface GameSeed extends z.infer<typeof ManifestSchema> {
  gameUrl: string;
  gameIcon: string;
}

export const PLAY_PREFIX = '/play';

/**
 * A short hash of a shipped file's bytes, put in its address (`?v=`): the file is then cached for a
 * year, and a re-recorded trailer gets a new address instead of waiting for that year to pass.
 */
function contentVersion(file: string) {
  if (!existsSync(file)) throw new Error(`${file} is named in its game.json but missing`);
  return createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 10);
}

/** Reads every `games/<slug>/game.json`; a folder whose manifest is broken stops start-up, named. */
export function readGameManifests(gamesDir: string): GameSeed[] {
  if (!existsSync(gamesDir)) return [];
  return readdirSync(gamesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(gamesDir, entry.name, 'game.json')))
    .map((entry) => {
      const file = join(gamesDir, entry.name, 'game.json');
      const parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success || parsed.data.slug !== entry.name) {
        throw new Error(`games/${entry.name}/game.json is not a valid game manifest`);
      }
      const base = `${PLAY_PREFIX}/${entry.name}/`;
      const { trailerLink, trailerPoster } = parsed.data;
      const served = (name: string) => `${base}${name}?v=${contentVersion(join(gamesDir, entry.name, name))}`;
      return {
        ...parsed.data,
        gameUrl: base,
        gameIcon: `${base}icon.svg`,
        trailerLink: trailerLink && !trailerLink.startsWith('https:') ? served(trailerLink) : trailerLink,
        trailerPoster: trailerPoster && served(trailerPoster),
      };
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

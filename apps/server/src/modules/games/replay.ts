import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReplayLog } from '@playon/shared/games';

/**
 * A game's rules as the SDK's replay.js drives them (the `Simulation` of packages/game-sdk/src/replay.js).
 * The server runs the very files the browser runs: the SDK's driver and the game's simulation.js.
 */
export interface Simulation {
  inputs: readonly string[];
  start(random: () => number, setup: Record<string, number>): unknown;
  input(state: unknown, input: string, random: () => number): unknown;
  step(state: unknown, random: () => number): unknown;
  isOver(state: unknown): boolean;
  score(state: unknown): number;
}

export type ReplayOutcome =
  | { isValid: true; score: number; isOver: boolean }
  | { isValid: false; reason: string };

interface ReplayDriver {
  FRAME_MS: number;
  replayRun(simulation: Simulation, seed: number, log: ReplayLog): ReplayOutcome;
}

/** Held in a variable so TypeScript does not look for types of a JavaScript module; checked at load. */
const SDK_REPLAY = '@playon/game-sdk/replay';
export const SIMULATION_FILE = 'simulation.js';

const isFunction = (value: unknown) => typeof value === 'function';

function assertSimulation(value: unknown, slug: string): asserts value is Simulation {
  const candidate = value as Partial<Simulation> | undefined;
  const isValid =
    Array.isArray(candidate?.inputs) &&
    candidate.inputs.every((input) => typeof input === 'string') &&
    [candidate.start, candidate.input, candidate.step, candidate.isOver, candidate.score].every(isFunction);
  if (!isValid) throw new Error(`games/${slug}/${SIMULATION_FILE} does not export a valid simulation`);
}

/**
 * The replays of the games in `gamesDir`: each game's simulation.js is imported once, when first
 * needed or when `load` is called at start-up (a game marked "replay" without a valid one stops it).
 */
export function createReplays(gamesDir: string) {
  let driver: Promise<ReplayDriver> | undefined;
  const simulations = new Map<string, Promise<Simulation>>();

  const loadDriver = () => {
    driver ??= import(SDK_REPLAY).then((module: Partial<ReplayDriver>) => {
      if (!isFunction(module.replayRun) || typeof module.FRAME_MS !== 'number') {
        throw new Error(`${SDK_REPLAY} does not export replayRun and FRAME_MS`);
      }
      return module as ReplayDriver;
    });
    return driver;
  };

  function simulationOf(slug: string): Promise<Simulation> {
    let loaded = simulations.get(slug);
    if (!loaded) {
      const file = join(gamesDir, slug, SIMULATION_FILE);
      loaded = existsSync(file)
        ? import(pathToFileURL(file).href).then((module: { simulation?: unknown }) => {
            assertSimulation(module.simulation, slug);
            return module.simulation;
          })
        : Promise.reject(new Error(`games/${slug} is scored by replay but has no ${SIMULATION_FILE}`));
      simulations.set(slug, loaded);
    }
    return loaded;
  }

  return {
    /** Imports the driver and the simulations of these games now, so a broken one fails start-up. */
    async load(slugs: readonly string[]) {
      await loadDriver();
      await Promise.all(slugs.map(simulationOf));
    },
    /** How long `frames` frames of game time last, in milliseconds. */
    async durationMs(frames: number) {
      return frames * (await loadDriver()).FRAME_MS;
    },
    /** Replays a recorded play of the game `slug` from `seed`. */
    async replay(slug: string, seed: number, log: ReplayLog): Promise<ReplayOutcome> {
      const [{ replayRun }, simulation] = await Promise.all([loadDriver(), simulationOf(slug)]);
      return replayRun(simulation, seed, log);
    },
  };
}

export type Replays = ReturnType<typeof createReplays>;

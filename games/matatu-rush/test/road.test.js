// @ts-check
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  advance,
  createRun,
  FASTEST_GAP_S,
  hits,
  MAX_POINTS,
  MAX_SPEED,
  PASS_BONUS,
  PLAYER_Y,
  POINTS_PER_DISTANCE,
  rowLanes,
  scoreOf,
  steer,
} from '../road.js';
import { drive, FRAME_S, seededRandom } from './driver.js';

/** A car in the left lane, level with the player's matatu. */
const carBesidePlayer = () => ({
  id: 1,
  kind: /** @type {const} */ ('car'),
  lane: 0,
  y: PLAYER_Y,
  colour: 0,
  isPassed: false,
});

const seeds = Array.from({ length: 40 }, (_, i) => i + 1);

describe('a player who does nothing', () => {
  it('meets traffic in the starting lane and crashes within 15 seconds', () => {
    for (const seed of seeds) {
      const run = drive({ seed, seconds: 60, isDodging: false });
      expect(run.isCrashed).toBe(true);
      expect(run.time).toBeGreaterThan(3);
      expect(run.time).toBeLessThan(15);
    }
  });
});

describe('a careful player', () => {
  it('can dodge the traffic for a minute: some lane is always open', () => {
    for (const seed of seeds.slice(0, 20)) {
      expect(drive({ seed, seconds: 60, isDodging: true }).isCrashed).toBe(false);
    }
  });

  it('never gets a row of traffic across all three lanes', () => {
    const random = seededRandom(7);
    for (let time = 0; time < 300; time += 0.7) {
      const lanes = rowLanes({ ...createRun(), time, nextId: 2, lane: Math.floor(time) % 3 }, random);
      expect(new Set(lanes).size).toBe(lanes.length);
      expect(lanes.length).toBeGreaterThanOrEqual(1);
      expect(lanes.length).toBeLessThanOrEqual(2);
    }
  });

  it('is not thrown a vehicle in its own lane first', () => {
    for (const seed of seeds) expect(rowLanes(createRun(), seededRandom(seed))).not.toContain(1);
  });
});

describe('steering', () => {
  it('changes one lane per move and stops at the edge of the road', () => {
    const left = steer(steer(createRun(), -1), -1);
    expect(left.lane).toBe(0);
    expect(steer(left, 1).lane).toBe(1);
  });

  it('slides across, and can be hit on the way by traffic in either lane', () => {
    let run = steer(createRun(), -1);
    run = advance(run, 0.06, () => 0.5);
    expect(run.x).toBeGreaterThan(0);
    expect(run.x).toBeLessThan(1);
    const car = carBesidePlayer();
    expect(hits(car, 0.5)).toBe(true);
    expect(hits(car, 1)).toBe(false);
  });
});

describe('scoring', () => {
  it('counts about 10 points a second at the start', () => {
    let run = createRun();
    for (let frame = 0; frame < 60; frame++) run = advance(run, FRAME_S, Math.random);
    expect(scoreOf(run)).toBe(10);
  });

  it('adds a bonus for each vehicle passed', () => {
    const car = carBesidePlayer();
    const run = { ...createRun(), lane: 2, x: 2, vehicles: [car], nextRowAt: 99 };
    const later = advance(run, 0.5, Math.random);
    expect(later.points - run.points).toBeCloseTo(PASS_BONUS + 0.5 * 0.5 * POINTS_PER_DISTANCE, 0);
  });

  it('stops the meter at the declared maximum', () => {
    const run = { ...createRun(), points: MAX_POINTS - 1, nextRowAt: 99 };
    expect(advance(run, 1, Math.random).points).toBe(MAX_POINTS);
  });
});

describe('the catalogue entry', () => {
  const manifest = JSON.parse(readFileSync(new URL('../game.json', import.meta.url), 'utf8'));

  it('declares the meter maximum and a pace no play can beat', () => {
    expect(manifest.maxPoints).toBe(MAX_POINTS);
    const fastest = MAX_SPEED * POINTS_PER_DISTANCE + (2 / FASTEST_GAP_S) * PASS_BONUS;
    expect(manifest.maxPointsPerSecond).toBeGreaterThanOrEqual(fastest);
  });

  it('is never outpaced by a player who survives for minutes', () => {
    // The largest lead of the score over the declared pace, frame by frame (one expectation a frame is slow).
    let lead = Number.NEGATIVE_INFINITY;
    for (const seed of [1, 2, 3]) {
      drive({
        seed,
        seconds: 240,
        isDodging: true,
        onFrame: (run) => {
          lead = Math.max(lead, scoreOf(run) - run.time * manifest.maxPointsPerSecond);
        },
      });
    }
    expect(lead).toBeLessThanOrEqual(0);
  });
});

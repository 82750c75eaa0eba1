// @ts-check
import { LAUNCH_PARAMS as sharedLaunchParams } from '@playon/shared/games';
import { describe, expect, it } from 'vitest';
import { challengeUrlFor, LAUNCH_PARAMS, readLaunch, scoreEndpoint, withoutSession } from '../src/launch.js';

describe('a game launched by Play now', () => {
  it('reads the player, the tournament, the play session and the seed from its address', () => {
    const launch = readLaunch('?username=u-42&tournamentId=7&session=abc.def&seed=4294967295&lang=sw');
    expect(launch).toEqual({
      player: 'u-42',
      tournamentId: 7,
      session: 'abc.def',
      seed: 4294967295,
      language: 'sw',
      challenge: null,
      isFromPlayOn: true,
      backUrl: '/tournaments/leaderboard/7',
    });
  });

  it("reports a challenge's answer to the challenge and goes back to its page", () => {
    const code = 'AbCdEfGhIjKlMnOpQrStUv';
    const launch = readLaunch(`?username=u&session=s&seed=5&challenge=${code}`);
    expect(launch.challenge).toBe(code);
    expect(scoreEndpoint(launch)).toBe(`/api/challenges/${code}/answer`);
    expect(launch.backUrl).toBe(`/challenges/${code}`);
    expect(challengeUrlFor(launch)).toBeNull();
    // A code that is not one is ignored, and the play is a free one.
    expect(readLaunch('?session=s&challenge=../../api').challenge).toBeNull();
  });

  it('offers to challenge a friend with a saved run, by its spent session', () => {
    expect(challengeUrlFor(readLaunch('?username=u&session=abc.d%2Be'))).toBe(
      '/challenges/new?run=abc.d%2Be',
    );
    expect(challengeUrlFor(readLaunch(''))).toBeNull();
  });

  it('reports a tournament play to its leaderboard and any other play to the game scores', () => {
    expect(scoreEndpoint(readLaunch('?username=u&tournamentId=7&session=s'))).toBe(
      '/api/tournament-leaderboards/7',
    );
    expect(scoreEndpoint(readLaunch('?username=u&session=s'))).toBe('/api/games/score');
  });

  it('goes back to the dashboard when the play was not for a tournament', () => {
    expect(readLaunch('?username=u&session=s').backUrl).toBe('/dashboard');
  });

  it('ignores a tournament id that is not a positive whole number', () => {
    for (const bad of ['abc', '0', '-3', '1.5', '']) {
      expect(readLaunch(`?session=s&tournamentId=${bad}`).tournamentId).toBeNull();
    }
  });

  it('has no seed when the address gives none or one that is not a whole number below 2^32', () => {
    for (const bad of ['', 'seed=', 'seed=-1', 'seed=1.5', 'seed=4294967296', 'seed=12345678901', 'seed=x']) {
      expect(readLaunch(`?session=s&${bad}`).seed).toBeNull();
    }
    expect(readLaunch('?session=s&seed=0').seed).toBe(0);
  });

  it('uses the parameter names the server writes into the launch URL', () => {
    expect(LAUNCH_PARAMS).toEqual(sharedLaunchParams);
  });
});

describe('a game opened directly', () => {
  it('has no play session, so it can be played but cannot save a score', () => {
    const launch = readLaunch('');
    expect(launch.isFromPlayOn).toBe(false);
    expect(launch.session).toBeNull();
    expect(launch.backUrl).toBe('/dashboard');
  });
});

describe('after the score was sent', () => {
  it('drops only the spent session from the address', () => {
    expect(withoutSession('?username=u&tournamentId=7&session=s')).toBe('?username=u&tournamentId=7');
    expect(withoutSession('?session=s')).toBe('');
  });
});

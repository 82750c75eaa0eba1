// @vitest-environment jsdom
// @ts-check
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlayOn } from '../src/playon-sdk.js';
import {
  createScoreAnnouncer,
  GAME_OVER_ARM_MS,
  mountHeader,
  showGameOver,
  showStartPanel,
  uiText,
} from '../src/playon-ui.js';
import { reportMessages } from '../src/report.js';
import { envelope, fakePlayOnApi, tokenAnswer } from './fake-playon.js';

/** @param {string} search */
function playOnAt(search, answer = envelope(200, 'Saved', { points: 57.5, best: 80, rank: 3 })) {
  const api = fakePlayOnApi({
    'GET /api/auth/token': [tokenAnswer()],
    'POST /api/tournament-leaderboards/7': [answer],
    'POST /api/games/score': [answer],
  });
  const location = { pathname: '/play/matatu-rush/', search, hash: '' };
  const history = { state: null, replaceState: vi.fn() };
  return { playOn: createPlayOn({ location, history, fetch: api.fetch, wait: api.wait }), api, history };
}

const byTestId = (/** @type {string} */ id) => document.querySelector(`[data-testid="${id}"]`)?.textContent;

afterEach(() => {
  document.body.replaceChildren();
});

describe('the game-over panel of a tournament play', () => {
  it('shows the final score and the rank once the score is saved', async () => {
    const { playOn } = playOnAt('?username=u&tournamentId=7&session=s');
    const { saved } = showGameOver({ points: 57.5, onPlayAgain: () => {}, playOn });
    expect(byTestId('final-score')).toBe('57.5');
    expect(byTestId('score-status')).toBe(uiText.saving);
    await saved;
    expect(byTestId('score-status')).toBe('Score saved. You are #3.');
    expect(document.querySelector('a.po-button')?.getAttribute('href')).toBe('/tournaments/leaderboard/7');
    const challenge = document.querySelector('[data-testid="challenge-friend"]');
    expect(challenge?.textContent).toBe('Challenge a friend');
    expect(challenge?.getAttribute('href')).toBe('/challenges/new?run=s');
  });

  it('offers no challenge when the score was not saved', async () => {
    const { playOn } = playOnAt('?username=u&tournamentId=7&session=s', envelope(409, 'Used', null));
    await showGameOver({ points: 5, onPlayAgain: () => {}, playOn }).saved;
    expect(document.querySelector('[data-testid="challenge-friend"]')).toBeNull();
  });

  it('shows exactly the points it sends, rounded to two decimals', async () => {
    const { playOn, api } = playOnAt('?username=u&tournamentId=7&session=s');
    await showGameOver({ points: 57.456, onPlayAgain: () => {}, playOn }).saved;
    expect(byTestId('final-score')).toBe('57.46');
    expect(api.scoreReports()[0]?.body.points).toBe(57.46);
  });

  it('sends the recorded play with the score, for a game PlayOn replays', async () => {
    const { playOn, api } = playOnAt('?username=u&tournamentId=7&session=s&seed=9');
    const replay = {
      frames: 120,
      inputs: /** @type {Array<[number, string]>} */ ([[30, 'left']]),
      setup: {},
    };
    await showGameOver({ points: 21, replay, onPlayAgain: () => {}, playOn }).saved;
    expect(api.scoreReports()[0]?.body).toEqual({ session: 's', points: 21, replay });
  });

  it('plays the launch seed until the score is sent, then practice seeds', async () => {
    const { playOn } = playOnAt('?username=u&tournamentId=7&session=s&seed=9');
    expect(playOn.roundSeed()).toBe(9);
    expect(playOn.roundSeed()).toBe(9);
    await showGameOver({ points: 3, onPlayAgain: () => {}, playOn }).saved;
    const practice = [playOn.roundSeed(), playOn.roundSeed(), playOn.roundSeed()];
    expect(practice.every((seed) => Number.isInteger(seed) && seed >= 0 && seed <= 0xffffffff)).toBe(true);
    expect(new Set(practice).size).toBeGreaterThan(1);
  });

  it('drops the spent session from the address so a reload is a practice round', async () => {
    const { playOn, history } = playOnAt('?username=u&tournamentId=7&session=s');
    await showGameOver({ points: 3, onPlayAgain: () => {}, playOn }).saved;
    expect(history.replaceState).toHaveBeenCalledWith(
      null,
      '',
      '/play/matatu-rush/?username=u&tournamentId=7',
    );
  });

  it("shows the server's reason when the score is refused", async () => {
    const refused = envelope(409, 'This tournament is not running right now.');
    const { playOn } = playOnAt('?username=u&tournamentId=7&session=s', refused);
    await showGameOver({ points: 12, onPlayAgain: () => {}, playOn }).saved;
    expect(byTestId('score-status')).toBe('This tournament is not running right now.');
  });

  it('makes Play again a practice round that sends nothing', async () => {
    const { playOn, api } = playOnAt('?username=u&tournamentId=7&session=s');
    const onPlayAgain = vi.fn();
    await showGameOver({ points: 57.5, onPlayAgain, playOn, armMs: 0 }).saved;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.body.textContent).toContain(uiText.oneScorePerPlay);
    /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="play-again"]')).click();
    expect(onPlayAgain).toHaveBeenCalledOnce();
    expect(byTestId('final-score')).toBeUndefined();

    await showGameOver({ points: 99, onPlayAgain, playOn }).saved;
    expect(byTestId('final-score')).toBe('99');
    expect(byTestId('score-status')).toBe(uiText.practice);
    expect(api.scoreReports()).toHaveLength(1);
  });
});

describe('tapping fast when the run ends', () => {
  it('does not start a new round from a tap meant for the game', () => {
    vi.useFakeTimers();
    const onPlayAgain = vi.fn();
    showGameOver({ points: 12, onPlayAgain, playOn: playOnAt('').playOn });
    const again = /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="play-again"]'));
    again.click();
    expect(onPlayAgain).not.toHaveBeenCalled();
    vi.advanceTimersByTime(GAME_OVER_ARM_MS);
    again.click();
    expect(onPlayAgain).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });
});

describe('a game opened directly', () => {
  it('says to open it from PlayOn, in the header and on game over, and sends nothing', async () => {
    const { playOn, api } = playOnAt('');
    mountHeader('Matatu Rush', { playOn });
    expect(document.querySelector('h1')?.textContent).toBe('Matatu Rush');
    expect(document.querySelector('[data-testid="back-to-playon"]')?.getAttribute('href')).toBe('/dashboard');
    expect(document.querySelector('.po-notice')?.textContent).toBe(reportMessages.notLaunched);

    await showGameOver({ points: 40, onPlayAgain: () => {}, playOn }).saved;
    expect(byTestId('score-status')).toBe(reportMessages.notLaunched);
    expect(api.requests).toEqual([]);
  });

  it('has no such notice when PlayOn launched it', () => {
    mountHeader('Tile Merge', { playOn: playOnAt('?username=u&session=s').playOn });
    expect(document.querySelector('.po-notice')).toBeNull();
  });
});

describe('the start panel', () => {
  it('starts the game on Start and goes away', () => {
    const onStart = vi.fn();
    showStartPanel({ title: 'Matatu Rush', hint: 'Tap left or right.', onStart });
    /** @type {HTMLButtonElement} */ (document.querySelector('[data-testid="start"]')).click();
    expect(onStart).toHaveBeenCalledOnce();
    expect(document.querySelector('.po-overlay')).toBeNull();
  });
});

describe('a game PlayOn opened in Kiswahili', () => {
  it('speaks Kiswahili in the header and the panels, and asks the server to answer in it', async () => {
    const { playOn, api } = playOnAt('?username=u&tournamentId=7&session=s&lang=sw');
    mountHeader('Matatu Rush', { playOn });
    expect(document.querySelector('[data-testid="back-to-playon"]')?.textContent).toBe('Rudi PlayOn');

    showStartPanel({ title: 'Matatu Rush', hint: 'Kwepa magari.', onStart: () => {}, playOn });
    expect(byTestId('start')).toBe('Anza');
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-labelledby')).toBeTruthy();
    document.querySelector('.po-overlay')?.remove();

    const { saved } = showGameOver({ points: 57.5, onPlayAgain: () => {}, playOn });
    expect(document.querySelector('.po-panel h2')?.textContent).toBe('Mchezo umekwisha');
    expect(byTestId('play-again')).toBe('Cheza tena');
    expect(byTestId('score-status')).toBe('Tunahifadhi alama zako…');
    await saved;
    expect(byTestId('score-status')).toBe('Alama zimehifadhiwa. Uko nafasi ya 3.');
    expect(api.scoreReports()[0]?.headers['Accept-Language']).toBe('sw');
  });

  it('says in Kiswahili why a score opened directly is not saved', async () => {
    const { playOn } = playOnAt('?lang=sw');
    mountHeader('Tile Merge', { playOn });
    expect(document.querySelector('.po-notice')?.textContent).toBe(
      'Fungua mchezo huu kutoka PlayOn ili alama zako zihifadhiwe.',
    );
    await showGameOver({ points: 8, onPlayAgain: () => {}, playOn }).saved;
    expect(byTestId('score-status')).toBe('Fungua mchezo huu kutoka PlayOn ili alama zako zihifadhiwe.');
  });

  it('reads the score out politely when it changes, in the player language', () => {
    const announce = createScoreAnnouncer({ playOn: playOnAt('?lang=sw').playOn });
    announce(40);
    const region = document.querySelector('[data-testid="score-announcer"]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.textContent).toBe('Alama: 40');
  });
});

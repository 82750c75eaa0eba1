// @ts-check
// The screens every PlayOn game shares: header, start panel and game-over panel, in the player's language.

import { challengeUrlFor } from './launch.js';
import { element, openDialog } from './playon-dialog.js';
import { playOn as currentPlayOn, reportMessagesIn, toPoints } from './playon-sdk.js';
import { applyPlayOnStyles } from './playon-styles.js';
import { RunKept } from './report.js';
import { keptRuns, sendKeptRuns } from './run-queue.js';
import { uiTexts } from './ui-text.js';

if (typeof document !== 'undefined') {
  applyPlayOnStyles(document);
  document.documentElement.lang = currentPlayOn.language;
}

/** A player tapping fast to dodge must not hit 'Play again' the moment the panel appears. */
export const GAME_OVER_ARM_MS = 800;

/** The English texts of the shared screens (`uiTexts.sw` holds the Kiswahili). */
export const uiText = uiTexts.en;
export { uiTexts };

/**
 * The shared screens' texts for a launch's language.
 * @param {import('./playon-sdk.js').PlayOn} playOn
 */
export const textsFor = (playOn) => uiTexts[playOn.language];

/**
 * The text a player reads once a report succeeded.
 * @param {import('./report.js').ScoreResult} result
 * @param {import('./language.js').GameLanguage} [language]
 */
export function savedText(result, language = 'en') {
  const texts = uiTexts[language];
  return result.rank === null
    ? texts.savedBest.replace('{best}', String(result.best))
    : texts.savedRank.replace('{rank}', String(result.rank));
}

/**
 * Puts the game's name, 'Back to PlayOn' and, when the game was opened directly, why its score will
 * not be saved, at the top of the page. Answers the header's row, where mountPause puts its button.
 * @param {string} name
 * @param {{ playOn?: import('./playon-sdk.js').PlayOn, root?: HTMLElement }} [options]
 */
export function mountHeader(name, { playOn = currentPlayOn, root = document.body } = {}) {
  // The banner landmark holds the notice too: nothing a screen reader meets is outside a landmark.
  const banner = element('header');
  const header = element('div', { class: 'po-header' });
  header.append(
    element(
      'a',
      { class: 'po-back', href: playOn.launch.backUrl, 'data-testid': 'back-to-playon' },
      textsFor(playOn).back,
    ),
    element('h1', { class: 'po-title' }, name),
  );
  banner.append(header);
  if (!playOn.launch.isFromPlayOn) {
    const notice = reportMessagesIn[playOn.language].notLaunched;
    banner.append(element('p', { class: 'po-notice', role: 'note' }, notice));
  }
  root.prepend(banner);
  return header;
}

/**
 * A polite live region that reads the score out when it changes, for players using a screen reader.
 * Call it as often as the game likes: it speaks only when the text changes.
 * @param {{ playOn?: import('./playon-sdk.js').PlayOn, parent?: HTMLElement }} [options]
 * @returns {(score: number) => void}
 */
export function createScoreAnnouncer({ playOn = currentPlayOn, parent = document.body } = {}) {
  const region = element('p', {
    class: 'po-visually-hidden',
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'score-announcer',
  });
  parent.append(region);
  return (score) => {
    const text = textsFor(playOn).scoreIs.replace('{score}', String(score));
    if (region.textContent !== text) region.textContent = text;
  };
}

/**
 * A panel with the game's name, how to play, and a Start button (the game starts on its click).
 * @param {{ title: string, hint: string, onStart: () => void, parent?: HTMLElement, playOn?: import('./playon-sdk.js').PlayOn }} options
 */
export function showStartPanel({ title, hint, onStart, parent = document.body, playOn = currentPlayOn }) {
  const button = element(
    'button',
    { class: 'po-button', type: 'button', 'data-testid': 'start' },
    textsFor(playOn).start,
  );
  const layer = openDialog(parent, [
    element('h2', {}, title),
    element('p', { class: 'po-hint' }, hint),
    button,
  ]);
  button.addEventListener('click', () => {
    layer.remove();
    onStart();
  });
  button.focus();
  return { close: () => layer.remove() };
}

/**
 * Shows the final score, saves it when this launch still can, and says how that went.
 * @param {object} options
 * @param {number} options.points the score of the play that ended
 * @param {import('./replay.js').ReplayLog} [options.replay] the recorded run, for a game PlayOn replays
 * @param {() => void} options.onPlayAgain starts a new round (the panel is already gone)
 * @param {string} [options.title] 'Game over' in the player's language unless the game says otherwise
 * @param {import('./playon-sdk.js').PlayOn} [options.playOn]
 * @param {HTMLElement} [options.parent]
 * @param {number} [options.armMs] how long the buttons ignore taps after the panel appears
 * @returns {{ saved: Promise<import('./report.js').ScoreResult | null>, close: () => void }}
 */
export function showGameOver({
  points,
  replay,
  onPlayAgain,
  title,
  playOn = currentPlayOn,
  parent = document.body,
  armMs = GAME_OVER_ARM_MS,
}) {
  const texts = textsFor(playOn);
  const finalPoints = toPoints(points, reportMessagesIn[playOn.language]);
  const status = element('p', { class: 'po-status', role: 'status', 'data-testid': 'score-status' });
  const again = element(
    'button',
    { class: 'po-button', type: 'button', 'data-testid': 'play-again' },
    texts.playAgain,
  );
  const back = element('a', { class: 'po-button po-secondary', href: playOn.launch.backUrl }, texts.back);
  const actions = element('div', { class: 'po-actions' });
  actions.append(again, back);
  const children = [
    element('h2', {}, title ?? texts.gameOver),
    element('p', { class: 'po-label' }, texts.yourScore),
    element('p', { class: 'po-score', 'data-testid': 'final-score' }, String(finalPoints)),
    status,
    actions,
  ];
  if (playOn.launch.isFromPlayOn) children.push(element('p', { class: 'po-hint' }, texts.oneScorePerPlay));
  const layer = openDialog(parent, children);
  again.addEventListener('click', () => {
    layer.remove();
    onPlayAgain();
  });
  again.disabled = true;
  actions.classList.add('po-arming');
  setTimeout(() => {
    again.disabled = false;
    actions.classList.remove('po-arming');
    again.focus();
  }, armMs);
  const saved = save(playOn, finalPoints, replay, status).then((result) => {
    if (result) offerChallenge(playOn, actions);
    return result;
  });
  return { saved, close: () => layer.remove() };
}

/**
 * Once a run is saved: 'Challenge a friend' to send it from PlayOn, or, for a challenge's answer,
 * 'See the result' beside the challenger's.
 * @param {import('./playon-sdk.js').PlayOn} playOn
 * @param {HTMLElement} actions
 */
function offerChallenge(playOn, actions) {
  const texts = textsFor(playOn);
  const href = challengeUrlFor(playOn.launch);
  if (href) {
    actions.append(
      element(
        'a',
        { class: 'po-button po-secondary', href, 'data-testid': 'challenge-friend' },
        texts.challengeFriend,
      ),
    );
  } else if (playOn.launch.challenge !== null) {
    actions.append(
      element(
        'a',
        { class: 'po-button po-secondary', href: playOn.launch.backUrl, 'data-testid': 'challenge-result' },
        texts.seeResult,
      ),
    );
  }
}

/**
 * @param {import('./playon-sdk.js').PlayOn} playOn
 * @param {number} points
 * @param {import('./replay.js').ReplayLog | undefined} replay
 * @param {HTMLElement} status
 */
async function save(playOn, points, replay, status) {
  const texts = textsFor(playOn);
  const messages = reportMessagesIn[playOn.language];
  if (!playOn.launch.isFromPlayOn || !playOn.canReport()) {
    status.textContent = playOn.launch.isFromPlayOn ? texts.practice : messages.notLaunched;
    return null;
  }
  status.textContent = texts.saving;
  try {
    const result = await playOn.reportScore(points, replay);
    status.textContent = savedText(result, playOn.language);
    status.classList.add('po-ok');
    return result;
  } catch (error) {
    if (error instanceof RunKept) {
      status.textContent = texts.waiting;
      status.classList.add('po-waiting');
      return sendWhenOnline(playOn, error.session, status);
    }
    status.textContent = error instanceof Error ? error.message : messages.serverError;
    status.classList.add('po-error');
    return null;
  }
}

/**
 * A run kept on the device (ADR 0065) is sent when the network returns, with any other the player
 * left waiting; its panel then says how that went. The app sends them too (on start and on 'online'):
 * a run it sent first is gone from the device, and the panel says it was sent.
 * @param {import('./playon-sdk.js').PlayOn} playOn
 * @param {string} session
 * @param {HTMLElement} status
 * @returns {Promise<import('./report.js').ScoreResult | null>}
 */
function sendWhenOnline(playOn, session, status) {
  const texts = textsFor(playOn);
  return new Promise((resolve) => {
    const settle = (/** @type {string} */ text, /** @type {string} */ kind, result = null) => {
      globalThis.removeEventListener('online', trySend);
      status.textContent = text;
      status.classList.remove('po-waiting');
      status.classList.add(kind);
      resolve(result);
    };
    async function trySend() {
      /** @type {import('./report.js').ScoreResult | null} */
      let mine = null;
      await sendKeptRuns({
        player: playOn.launch.player,
        language: playOn.language,
        onSent: (run, result) => {
          if (run.session === session) mine = result;
        },
      });
      if (mine) return settle(savedText(mine, playOn.language), 'po-ok', mine);
      const run = keptRuns().find((kept) => kept.session === session);
      if (!run) return settle(texts.sent, 'po-ok');
      if (run.state === 'refused')
        return settle(texts.refused.replace('{reason}', run.reason ?? ''), 'po-error');
    }
    globalThis.addEventListener('online', trySend);
  });
}

// @ts-check
// The screens every PlayOn game shares: header, start panel and game-over panel.
import { playOn as currentPlayOn, reportMessages, toPoints } from './playon-sdk.js';
import { applyPlayOnStyles } from './playon-styles.js';

if (typeof document !== 'undefined') applyPlayOnStyles(document);

/** A player tapping fast to dodge must not hit 'Play again' the moment the panel appears. */
export const GAME_OVER_ARM_MS = 800;

export const uiText = Object.freeze({
  back: 'Back to PlayOn',
  start: 'Start',
  playAgain: 'Play again',
  yourScore: 'Your score',
  saving: 'Saving your score…',
  practice: 'Practice round: this score is not saved. Tap Play now in PlayOn to play for a saved score.',
  oneScorePerPlay:
    'PlayOn saves one score per play: Play again here is practice. For a new saved score, go back and tap Play now.',
});

/**
 * The text a player reads once a report succeeded.
 * @param {import('./report.js').ScoreResult} result
 */
export function savedText(result) {
  return result.rank === null
    ? `Score saved. Your best: ${result.best}.`
    : `Score saved. You are #${result.rank}.`;
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attributes]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Puts the game's name, 'Back to PlayOn' and, when the game was opened directly, why its score will
 * not be saved, at the top of the page.
 * @param {string} name
 * @param {{ playOn?: import('./playon-sdk.js').PlayOn, root?: HTMLElement }} [options]
 */
export function mountHeader(name, { playOn = currentPlayOn, root = document.body } = {}) {
  const header = element('header', { class: 'po-header' });
  header.append(
    element(
      'a',
      { class: 'po-back', href: playOn.launch.backUrl, 'data-testid': 'back-to-playon' },
      uiText.back,
    ),
    element('h1', { class: 'po-title' }, name),
  );
  const nodes = [header];
  if (!playOn.launch.isFromPlayOn) {
    nodes.push(element('p', { class: 'po-notice', role: 'note' }, reportMessages.notLaunched));
  }
  root.prepend(...nodes);
  return header;
}

/**
 * @param {HTMLElement} parent
 * @param {HTMLElement[]} children
 */
function overlay(parent, children) {
  const panel = element('div', { class: 'po-panel' });
  panel.append(...children);
  const layer = element('div', { class: 'po-overlay', role: 'dialog', 'aria-modal': 'true' });
  layer.append(panel);
  parent.append(layer);
  return layer;
}

/**
 * A panel with the game's name, how to play, and a Start button (the game starts on its click).
 * @param {{ title: string, hint: string, onStart: () => void, parent?: HTMLElement }} options
 */
export function showStartPanel({ title, hint, onStart, parent = document.body }) {
  const button = element(
    'button',
    { class: 'po-button', type: 'button', 'data-testid': 'start' },
    uiText.start,
  );
  const layer = overlay(parent, [element('h2', {}, title), element('p', { class: 'po-hint' }, hint), button]);
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
 * @param {string} [options.title]
 * @param {import('./playon-sdk.js').PlayOn} [options.playOn]
 * @param {HTMLElement} [options.parent]
 * @param {number} [options.armMs] how long the buttons ignore taps after the panel appears
 * @returns {{ saved: Promise<import('./report.js').ScoreResult | null>, close: () => void }}
 */
export function showGameOver({
  points,
  replay,
  onPlayAgain,
  title = 'Game over',
  playOn = currentPlayOn,
  parent = document.body,
  armMs = GAME_OVER_ARM_MS,
}) {
  const finalPoints = toPoints(points);
  const status = element('p', { class: 'po-status', role: 'status', 'data-testid': 'score-status' });
  const again = element(
    'button',
    { class: 'po-button', type: 'button', 'data-testid': 'play-again' },
    uiText.playAgain,
  );
  const back = element('a', { class: 'po-button po-secondary', href: playOn.launch.backUrl }, uiText.back);
  const actions = element('div', { class: 'po-actions' });
  actions.append(again, back);
  const children = [
    element('h2', {}, title),
    element('p', { class: 'po-label' }, uiText.yourScore),
    element('p', { class: 'po-score', 'data-testid': 'final-score' }, String(finalPoints)),
    status,
    actions,
  ];
  if (playOn.launch.isFromPlayOn) children.push(element('p', { class: 'po-hint' }, uiText.oneScorePerPlay));
  const layer = overlay(parent, children);
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
  return { saved: save(playOn, finalPoints, replay, status), close: () => layer.remove() };
}

/**
 * @param {import('./playon-sdk.js').PlayOn} playOn
 * @param {number} points
 * @param {import('./replay.js').ReplayLog | undefined} replay
 * @param {HTMLElement} status
 */
async function save(playOn, points, replay, status) {
  if (!playOn.launch.isFromPlayOn || !playOn.canReport()) {
    status.textContent = playOn.launch.isFromPlayOn ? uiText.practice : reportMessages.notLaunched;
    return null;
  }
  status.textContent = uiText.saving;
  try {
    const result = await playOn.reportScore(points, replay);
    status.textContent = savedText(result);
    status.classList.add('po-ok');
    return result;
  } catch (error) {
    status.textContent = error instanceof Error ? error.message : reportMessages.serverError;
    status.classList.add('po-error');
    return null;
  }
}

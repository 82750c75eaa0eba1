// @ts-check
// Pause for every game: a button in the header, P or Esc on the keyboard, and on its own when the
// player leaves the tab. The game's clock stops (see playon-loop.js) until the player resumes.
import { element, openDialog } from './playon-dialog.js';
import { playOn as currentPlayOn } from './playon-sdk.js';
import { textsFor } from './playon-ui.js';

const PAUSE_KEYS = new Set(['p', 'P', 'Escape']);

/**
 * @param {object} options
 * @param {import('./playon-loop.js').FrameLoop} options.loop the game's clock
 * @param {HTMLElement} options.header where the Pause button goes (mountHeader's answer)
 * @param {import('./playon-sdk.js').PlayOn} [options.playOn]
 * @param {HTMLElement} [options.parent] where the paused panel opens
 * @returns {{ pause: () => void, resume: () => void }}
 */
export function mountPause({ loop, header, playOn = currentPlayOn, parent = document.body }) {
  const texts = textsFor(playOn);
  const button = element('button', {
    class: 'po-pause',
    type: 'button',
    'aria-label': texts.pause,
    title: texts.pause,
    'data-testid': 'pause',
  });
  button.append(element('span', { class: 'po-pause-icon', 'aria-hidden': 'true' }));
  button.hidden = true;
  header.append(button);

  /** @type {HTMLElement | null} */
  let panel = null;
  /** @type {Element | null} */
  let focusBefore = null;

  const closePanel = () => {
    panel?.remove();
    panel = null;
  };
  const pause = () => {
    if (!loop.isRunning || loop.isPaused) return;
    focusBefore = document.activeElement;
    loop.pause();
  };
  const resume = () => {
    loop.resume();
  };
  const openPanel = () => {
    const resumeButton = element(
      'button',
      { class: 'po-button', type: 'button', 'data-testid': 'resume' },
      texts.resume,
    );
    resumeButton.addEventListener('click', resume);
    const back = element('a', { class: 'po-button po-secondary', href: playOn.launch.backUrl }, texts.back);
    const actions = element('div', { class: 'po-actions' });
    actions.append(resumeButton, back);
    panel = openDialog(parent, [
      element('h2', {}, texts.paused),
      element('p', { class: 'po-hint' }, texts.pausedHint),
      actions,
    ]);
    resumeButton.focus();
  };

  loop.onChange(() => {
    button.hidden = !loop.isRunning || loop.isPaused;
    if (loop.isPaused && !panel) openPanel();
    if (!loop.isPaused && panel) {
      closePanel();
      if (focusBefore instanceof HTMLElement && focusBefore.isConnected) focusBefore.focus();
      focusBefore = null;
    }
  });
  button.addEventListener('click', pause);
  window.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.repeat || !PAUSE_KEYS.has(event.key)) return;
    if (!loop.isRunning) return;
    event.preventDefault();
    if (loop.isPaused) resume();
    else pause();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') pause();
  });
  return { pause, resume };
}

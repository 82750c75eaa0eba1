// @ts-check
// PlayOn's look for games (dark page, amber accent) and the shared panels' styles. A style element
// rather than a stylesheet: the server serves only JavaScript from /play/sdk/, and the pages' CSP
// allows inline styles (style-src 'unsafe-inline') but no inline scripts.

export const PLAYON_CSS = `
:root {
  --po-bg: #0b1020;
  --po-surface: #151b30;
  --po-raised: #1f2740;
  --po-line: #2a3350;
  --po-text: #eef1f8;
  --po-muted: #a3acc6;
  --po-accent: #f59e0b;
  --po-accent-strong: #f97316;
  --po-ok: #4ade80;
  --po-danger: #f87171;
  color-scheme: dark;
  -webkit-tap-highlight-color: transparent;
  text-size-adjust: 100%;
}

* {
  box-sizing: border-box;
}

html,
body {
  margin: 0;
  height: 100%;
  overflow: hidden;
  overscroll-behavior: none;
}

body {
  display: flex;
  flex-direction: column;
  background: var(--po-bg);
  color: var(--po-text);
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  user-select: none;
  -webkit-user-select: none;
}

.po-header {
  display: flex;
  align-items: center;
  gap: 12px;
  min-height: 48px;
  padding: 4px 12px;
  background: var(--po-surface);
  border-bottom: 1px solid var(--po-line);
}

.po-back {
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  color: var(--po-accent);
  font-size: 14px;
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
}

.po-back::before {
  content: "‹";
  margin-right: 6px;
  font-size: 22px;
  line-height: 1;
}

.po-title {
  flex: 1;
  margin: 0;
  font-size: 17px;
  font-weight: 700;
  text-align: right;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
}

.po-pause {
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 1px solid var(--po-line);
  border-radius: 12px;
  background: var(--po-raised);
  color: var(--po-text);
  cursor: pointer;
}

.po-pause:focus-visible {
  outline-offset: 0;
}

.po-pause[hidden] {
  display: none;
}

/* Two bars, the pause sign every player knows; the button's name is its aria-label. */
.po-pause-icon {
  width: 14px;
  height: 16px;
  border-right: 5px solid currentcolor;
  border-left: 5px solid currentcolor;
}

.po-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
}

.po-notice {
  margin: 0;
  padding: 6px 12px;
  background: #3a2a08;
  color: #fcd34d;
  font-size: 13px;
  text-align: center;
}

.po-overlay {
  position: fixed;
  inset: 0;
  z-index: 10;
  display: grid;
  place-items: center;
  /* Text enlarged to 200% makes a panel taller than a phone: it scrolls, its top never cut off. */
  place-items: safe center;
  overflow-y: auto;
  padding: 20px;
  background: rgb(5 8 18 / 72%);
  touch-action: manipulation;
}

.po-panel {
  width: min(100%, 340px);
  padding: 24px 20px;
  border: 1px solid var(--po-line);
  border-radius: 18px;
  background: var(--po-surface);
  text-align: center;
  box-shadow: 0 18px 48px rgb(0 0 0 / 45%);
  animation: po-rise 180ms ease-out;
}

.po-panel h2 {
  margin: 0 0 8px;
  font-size: 24px;
}

.po-label {
  margin: 8px 0 0;
  color: var(--po-muted);
  font-size: 13px;
  text-transform: uppercase;
  letter-spacing: 0.08em;
}

.po-score {
  margin: 0;
  color: var(--po-accent);
  font-size: 48px;
  font-weight: 800;
  font-variant-numeric: tabular-nums;
}

.po-status {
  min-height: 40px;
  margin: 8px 0 16px;
  color: var(--po-muted);
  font-size: 15px;
}

.po-status.po-ok {
  color: var(--po-ok);
}

.po-status.po-error {
  color: var(--po-danger);
}

.po-status.po-waiting {
  color: var(--po-accent);
}

.po-hint {
  margin: 12px 0 16px;
  color: var(--po-muted);
  font-size: 13px;
  line-height: 1.45;
}

.po-actions {
  display: grid;
  gap: 10px;
}

.po-actions.po-arming {
  pointer-events: none;
}

.po-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 48px;
  padding: 0 20px;
  border: 0;
  border-radius: 12px;
  background: linear-gradient(135deg, var(--po-accent), var(--po-accent-strong));
  color: #1a1203;
  font: inherit;
  font-size: 17px;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
}

.po-button:disabled {
  opacity: 0.6;
}

.po-button.po-secondary {
  border: 1px solid var(--po-line);
  background: var(--po-raised);
  color: var(--po-text);
}

.po-button:focus-visible,
.po-back:focus-visible,
.po-pause:focus-visible {
  outline: 3px solid var(--po-accent);
  outline-offset: 2px;
}

@keyframes po-rise {
  from {
    transform: translateY(12px);
    opacity: 0;
  }
}

@media (prefers-reduced-motion: reduce) {
  .po-panel {
    animation: none;
  }
}
`;

/**
 * Adds the styles to the page once; importing playon-ui.js does it.
 * @param {Document} target
 */
export function applyPlayOnStyles(target = document) {
  if (target.getElementById('playon-styles')) return;
  const style = target.createElement('style');
  style.id = 'playon-styles';
  style.textContent = PLAYON_CSS;
  target.head.prepend(style);
}

// @ts-check
// The shared panels' building blocks: elements, and a modal dialog that keeps the keyboard inside.

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attributes]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

let dialogCount = 0;

/**
 * A modal panel over the game, named by its first heading. Tab and Shift+Tab go round its buttons
 * and links instead of wandering to the page behind it.
 * @param {HTMLElement} parent
 * @param {HTMLElement[]} children
 */
export function openDialog(parent, children) {
  const panel = element('div', { class: 'po-panel' });
  panel.append(...children);
  const layer = element('div', { class: 'po-overlay', role: 'dialog', 'aria-modal': 'true' });
  const heading = panel.querySelector('h2');
  if (heading) {
    heading.id = `po-dialog-title-${++dialogCount}`;
    layer.setAttribute('aria-labelledby', heading.id);
  }
  layer.append(panel);
  /** @param {KeyboardEvent} event */
  const keepFocusInside = (event) => {
    if (!layer.isConnected) {
      document.removeEventListener('keydown', keepFocusInside);
      return;
    }
    if (event.key !== 'Tab') return;
    /** @type {HTMLElement[]} */
    const stops = [...panel.querySelectorAll('a[href], button:not(:disabled)')].filter(
      (stop) => stop instanceof HTMLElement,
    );
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    const isLeaving = !panel.contains(active) || active === (event.shiftKey ? first : last);
    if (!isLeaving) return;
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  };
  document.addEventListener('keydown', keepFocusInside);
  parent.append(layer);
  return layer;
}

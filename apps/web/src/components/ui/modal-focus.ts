import { type RefObject, useEffect } from 'react';

/** What a keyboard can reach inside a container, in document order, skipping hidden and disabled. */
const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => !element.closest('[inert], [aria-hidden="true"], [hidden]'),
  );
}

/**
 * Keeps Tab and Shift+Tab inside `container`: past the last control focus wraps to the first and
 * back, so a keyboard or a screen reader's swipe never lands on the page behind a modal.
 */
export function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const controls = focusableIn(container);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  const isInside = active instanceof Node && container.contains(active);
  if (event.shiftKey && (active === first || active === container || !isInside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !isInside)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal's keyboard rules: focus moves to its first control (or the panel), Tab stays inside,
 * Escape calls `onClose`, and on close focus goes back to what opened it (when that is still there).
 */
export function useModalFocus(panel: RefObject<HTMLElement | null>, onClose: () => void): void {
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const container = panel.current;
    const first = container ? focusableIn(container)[0] : undefined;
    (first ?? container)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [panel]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (panel.current) trapTab(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, onClose]);
}

/** Loads the current address again; its own module so a test can see it asked (jsdom's location is locked). */
export function reloadPage(): void {
  window.location.reload();
}

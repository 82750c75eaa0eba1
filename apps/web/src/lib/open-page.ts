/** Leaves the app for another address in this window; its own module so a test can see where (a test's location is locked). */
export function openPage(url: string): void {
  window.location.assign(url);
}

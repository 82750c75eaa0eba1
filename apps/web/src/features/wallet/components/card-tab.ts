/**
 * A blank tab for a card's hosted checkout. Popup blockers allow a new tab only within the tap, and
 * the checkout address comes later with the server's answer: so the tab is opened empty now and sent
 * there when the answer arrives. Null when the browser blocked it anyway.
 */
export function openCheckoutTab(waitingText: string): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The checkout page must not be able to reach back into PlayOn through window.opener.
  tab.opener = null;
  tab.document.title = 'PlayOn';
  tab.document.body.textContent = waitingText;
  return tab;
}

import { useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from '../../lib/toast';
// With the router's layouts (first-screens): `/` shows without them, and a toast's code must be here
// when the network is not (a player who goes offline is told so by a toast).
import ToastViewport from './toast-viewport';

const none: ReturnType<typeof getToasts> = [];
const noToasts = () => none;

/**
 * Where toasts show, placed so they hide no title and no way back. On a screen whose header bar
 * holds its title (the shared Header), they sit just below that bar. Elsewhere (login, referral,
 * the dashboard, whose titles are in the page) they sit in the top band, right of the back or menu
 * button, over the logo; those screens start their heading below it. In the operator console they
 * sit below its header bar (the operator's e-mail and Sign out) and, on a phone, below its row of
 * areas too; on a laptop at the right, beside the areas' column: over the screen's own content,
 * never its way out. The live region is always
 * there, empty until a toast shows: screen readers announce what is added to a region they
 * already know, not a region that appears with its text.
 */
export function ToastRegion() {
  // A screen rendered ahead had none: hydrated so, then shown with what the page has since said.
  const hasToasts = useSyncExternalStore(subscribeToasts, getToasts, noToasts).length > 0;
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 mx-auto flex max-w-md flex-col gap-2 pt-2 pr-3 pl-14 [body:has(header_h1)_&]:top-14 [body:has(header_h1)_&]:pl-3 [body:has([data-console-header])_&]:top-[7.5rem] [body:has([data-console-header])_&]:pl-3 md:[body:has([data-console-header])_&]:top-14 md:[body:has([data-console-header])_&]:mr-4"
    >
      {hasToasts ? <ToastViewport /> : null}
    </div>
  );
}

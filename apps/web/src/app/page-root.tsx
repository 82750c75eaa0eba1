import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { dropEarlyInput, keepWhatIsTyped, releaseEarlyInput } from '../lib/early-input';

/** Puts a screen in the page: the first one hydrates what the page holds when it is that screen. */
export type ShowScreen = (screen: ReactNode, options?: { hydrates?: boolean }) => void;

/**
 * Around a hydrated screen: once it is the app's, the taps and typing it received before are its too,
 * given in a task of their own, where each is handled and rendered before the next as a player's is.
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    const release = setTimeout(releaseEarlyInput);
    return () => clearTimeout(release);
  }, []);
  return children;
}

/**
 * The page's one React root, made by the first screen shown: hydrated over the HTML rendered ahead
 * (ADR 0062) when that screen is the one the page holds, else created fresh, which replaces whatever
 * the page holds. Every later screen renders into it.
 */
export function pageRoot(container: HTMLElement): ShowScreen {
  let root: Root | undefined;
  return (screen, { hydrates = false } = {}) => {
    if (root) root.render(screen);
    else if (hydrates) {
      // Hydrating a field React controls may set it back to its state's value: what it holds is kept.
      keepWhatIsTyped();
      // As a transition, the first screen is hydrated in slices that yield to the browser between them
      // (a tap, a frame, a response) instead of one long task on a slow phone's main thread; the page
      // shows the HTML meanwhile, and a tap on it is kept and replayed (early-input.ts).
      startTransition(() => {
        root = hydrateRoot(container, <Hydrated>{screen}</Hydrated>);
      });
    } else {
      dropEarlyInput();
      const created = createRoot(container);
      root = created;
      startTransition(() => created.render(screen));
    }
  };
}

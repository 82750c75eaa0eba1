import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { LanguageSwitch } from './language-switch';
import { useWelcomeText } from './welcome-text';

// The slides load on Get Started: `/` itself carries only what its first screen shows.
const Onboarding = lazy(() => import('./onboarding'));

/**
 * The welcome page without the router: the entry shows it on `/` before the router is loaded, and the
 * welcome route shows it once the router runs. `goToLogin` is the one way out, whichever is driving.
 */
export function WelcomeScreen({
  goToLogin,
  prepareLogin,
}: {
  goToLogin: () => void;
  /** Called when the player shows they are heading for login: Get Started, or a touch on the link. */
  prepareLogin?: (() => void) | undefined;
}) {
  const { text } = useWelcomeText();
  const [isOnboarding, setOnboarding] = useState(false);
  // A plain click stays in the app, like a router link; a modified one opens /login as the browser does.
  const followInApp = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    goToLogin();
  };
  return (
    <main className="relative mx-auto flex min-h-dvh max-w-md flex-col bg-[radial-gradient(120%_60%_at_50%_0%,#2a1f66_0%,#0b0f1a_60%)] px-6 pt-4 pb-8">
      {isOnboarding ? (
        <Suspense
          fallback={
            <div className="flex flex-1 items-center justify-center">
              <Spinner />
            </div>
          }
        >
          <Onboarding goToLogin={goToLogin} />
        </Suspense>
      ) : (
        <>
          <LanguageSwitch />
          <div className="flex flex-1 flex-col items-center justify-center gap-6 text-center">
            <div className="flex items-center gap-3">
              <img src="/favicon.svg" alt="" width={56} height={56} className="size-14" />
              <span className="text-4xl font-black tracking-tight">
                Play<span className="text-accent">On</span>
              </span>
            </div>
            <h1 className="text-3xl leading-tight font-extrabold">{text.tagline}</h1>
            <p className="max-w-xs text-base text-muted">{text.intro}</p>
          </div>
          <button
            type="button"
            onClick={() => {
              prepareLogin?.();
              setOnboarding(true);
            }}
            className="h-12 w-full rounded-xl bg-brand text-base font-semibold text-white active:bg-brand-strong"
          >
            {text.getStarted}
          </button>
          <a
            href="/login"
            onClick={followInApp}
            onPointerDown={prepareLogin}
            className="mt-3 flex h-12 items-center justify-center text-sm font-medium text-accent"
          >
            {text.haveAccount}
          </a>
        </>
      )}
    </main>
  );
}

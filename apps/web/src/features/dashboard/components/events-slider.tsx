import { EVENT_SLIDE_MS, type EventBanner } from '@playon/shared/events';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';
import { usePageHidden } from './use-page-hidden';

// Banners are drawn at 12:5; the attributes reserve their box before the image arrives.
const BANNER_WIDTH = 720;
const BANNER_HEIGHT = 300;
const SWIPE_PX = 40;

const asksForLessMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** A keyboard's focus, not a tap's: a tapped dot leaves the slider moving. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * The dashboard's event banners: one at a time, the next every 5 s, dots to jump, a sideways swipe to
 * move; tapping a banner opens its tournament, or else its description. It stands still while the tab is hidden, a banner is
 * open or a mouse is over it; a visible button stops and starts it (WCAG 2.2.2), and it starts
 * stopped for a player whose phone asks for less motion. Keyboard focus coming in stops it until the
 * player starts it again (the carousel pattern of the ARIA practices).
 */
/** The height of the row under the banners (pause and dots), kept by their skeleton too. */
export const EVENTS_CONTROLS_ROW = 'mt-1 h-11';

export function EventsSlider({ events }: { events: EventBanner[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [opened, setOpened] = useState<EventBanner | null>(null);
  const [isStopped, setStopped] = useState(asksForLessMotion);
  const [isHovered, setHovered] = useState(false);
  const isHidden = usePageHidden();
  const swipeStart = useRef<number | null>(null);
  const hasSwiped = useRef(false);
  const count = events.length;
  const current = index % count;
  const isPaused = isHidden || opened !== null || isStopped || isHovered;

  // A fresh 5 s for each slide, so a slide chosen by hand stays its full time.
  useEffect(() => {
    if (count < 2 || isPaused) return;
    const timer = setTimeout(() => setIndex((current + 1) % count), EVENT_SLIDE_MS);
    return () => clearTimeout(timer);
  }, [current, count, isPaused]);

  function endSwipe(clientX: number) {
    if (swipeStart.current === null) return;
    const distance = clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(distance) < SWIPE_PX || count < 2) return;
    hasSwiped.current = true;
    setIndex((current + (distance < 0 ? 1 : count - 1)) % count);
  }

  function open(event: EventBanner) {
    // The click that ends a swipe is not a tap on the banner.
    if (hasSwiped.current) hasSwiped.current = false;
    // A banner an operator linked to a tournament opens its page; the others their description.
    else if (event.tournamentId !== null) navigate(`/tournaments/leaderboard/${event.tournamentId}`);
    else setOpened(event);
  }

  function stopOnKeyboardFocus(event: FocusEvent) {
    if (isKeyboardFocus(event.target)) setStopped(true);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('dashboard.events')}
      className="mt-6"
      onFocus={stopOnKeyboardFocus}
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
    >
      <div
        // Moving banners are not read aloud; once stopped, a banner chosen by dot or swipe is.
        aria-live={count > 1 && !isStopped ? 'off' : 'polite'}
        className="touch-pan-y overflow-hidden rounded-2xl ring-1 ring-line"
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
          hasSwiped.current = false;
        }}
        onPointerUp={(event) => endSwipe(event.clientX)}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${current * 100}%)` }}
        >
          {events.map((event, position) => (
            <button
              key={event.id}
              type="button"
              aria-hidden={position !== current}
              tabIndex={position === current ? 0 : -1}
              onClick={() => open(event)}
              className="relative w-full shrink-0 text-left"
            >
              <img
                src={event.eventBannerUrl}
                alt=""
                width={BANNER_WIDTH}
                height={BANNER_HEIGHT}
                draggable={false}
                // The first banner is the screen's largest picture (the page preloads it): drawn in the
                // same frame as the rest of the screen, not one decode later. The others show only when
                // the slider turns, so they wait behind the screen's code and data.
                decoding={position === 0 ? 'sync' : 'async'}
                fetchPriority={position === 0 ? 'high' : 'low'}
                className="aspect-[12/5] h-auto w-full bg-raised object-cover"
              />
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-6 pb-2.5 font-semibold">
                {event.title}
              </span>
            </button>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className={`${EVENTS_CONTROLS_ROW} flex items-center justify-center`}>
          <button
            type="button"
            aria-label={isStopped ? t('a11y.playEvents') : t('a11y.pauseEvents')}
            onClick={() => setStopped(!isStopped)}
            className="tap mr-auto flex items-center justify-center rounded-lg text-muted"
          >
            <Icon name={isStopped ? 'play' : 'pause'} className="size-5" />
          </button>
          {events.map((event, position) => (
            <button
              key={event.id}
              type="button"
              aria-label={t('dashboard.eventDot', { number: position + 1 })}
              aria-current={position === current}
              onClick={() => setIndex(position)}
              className="flex size-11 items-center justify-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${position === current ? 'w-5 bg-accent' : 'w-2 bg-line'}`}
              />
            </button>
          ))}
          {/* Balances the pause button, so the dots stay in the middle. */}
          <span aria-hidden="true" className="ml-auto w-11" />
        </div>
      ) : (
        // One banner, no controls: the row's height stays, so the screen does not move when the
        // banners replace their skeleton (dashboard.tsx), whatever their number.
        <div aria-hidden="true" className={EVENTS_CONTROLS_ROW} />
      )}
      {opened ? (
        <Dialog title={opened.title} onClose={() => setOpened(null)}>
          <p className="whitespace-pre-line text-muted">{opened.description}</p>
          <Button variant="secondary" onClick={() => setOpened(null)} className="mt-5 w-full">
            {t('common.close')}
          </Button>
        </Dialog>
      ) : null}
    </section>
  );
}

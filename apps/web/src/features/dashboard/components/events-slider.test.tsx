import { EVENT_SLIDE_MS, type EventBanner } from '@playon/shared/events';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { renderWithQuery } from '../../../test/render-with-query';
import { EVENTS_CONTROLS_ROW, EventsSlider } from './events-slider';

const banner = (id: number, title: string): EventBanner => ({
  id,
  title,
  description: `All about ${title}.`,
  eventBannerUrl: `/media/events/${id}.svg`,
  tournamentId: null,
  createdAt: '2026-11-21T06:00:00.000Z',
});
const events = [banner(1, 'Snake Cup'), banner(2, 'Double Points Friday'), banner(3, 'New: Tile Merge')];
const shownTitle = () => screen.getByRole('button', { name: /Cup|Friday|Tile/ }).textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function setTabHidden(isHidden: boolean) {
  Object.defineProperty(document, 'visibilityState', {
    value: isHidden ? 'hidden' : 'visible',
    configurable: true,
  });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('events slider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('moves to the next banner every 5 seconds and back to the first after the last', () => {
    renderWithQuery(<EventsSlider events={events} />);
    expect(shownTitle()).toBe('Snake Cup');
    wait(EVENT_SLIDE_MS - 1);
    expect(shownTitle()).toBe('Snake Cup');
    wait(1);
    expect(shownTitle()).toBe('Double Points Friday');
    wait(EVENT_SLIDE_MS);
    expect(shownTitle()).toBe('New: Tile Merge');
    wait(EVENT_SLIDE_MS);
    expect(shownTitle()).toBe('Snake Cup');
  });

  it('jumps to a banner from its dot', () => {
    renderWithQuery(<EventsSlider events={events} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show event 3' }));
    expect(shownTitle()).toBe('New: Tile Merge');
    expect(screen.getByRole('button', { name: 'Show event 3' }).getAttribute('aria-current')).toBe('true');
  });

  it('moves with a sideways swipe without opening the banner', () => {
    renderWithQuery(<EventsSlider events={events} />);
    const banner = screen.getByRole('button', { name: 'Snake Cup' });
    fireEvent.pointerDown(banner, { clientX: 300 });
    fireEvent.pointerUp(banner, { clientX: 120 });
    fireEvent.click(banner);
    expect(shownTitle()).toBe('Double Points Friday');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stands still while the tab is hidden', () => {
    renderWithQuery(<EventsSlider events={events} />);
    setTabHidden(true);
    wait(EVENT_SLIDE_MS * 3);
    expect(shownTitle()).toBe('Snake Cup');
    setTabHidden(false);
    wait(EVENT_SLIDE_MS);
    expect(shownTitle()).toBe('Double Points Friday');
  });

  it('opens a tapped banner in a dialog with its title and description, and stands still meanwhile', () => {
    renderWithQuery(<EventsSlider events={events} />);
    fireEvent.click(screen.getByRole('button', { name: 'Snake Cup' }));
    const dialog = screen.getByRole('dialog', { name: 'Snake Cup' });
    expect(within(dialog).getByText('All about Snake Cup.')).toBeTruthy();
    wait(EVENT_SLIDE_MS * 2);
    expect(shownTitle()).toBe('Snake Cup');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stops on Pause and moves again on Play', () => {
    renderWithQuery(<EventsSlider events={events} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause the events' }));
    wait(EVENT_SLIDE_MS * 3);
    expect(shownTitle()).toBe('Snake Cup');
    fireEvent.click(screen.getByRole('button', { name: 'Play the events' }));
    wait(EVENT_SLIDE_MS);
    expect(shownTitle()).toBe('Double Points Friday');
  });

  it('starts stopped for a player who asks for less motion, and stands still under a mouse', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    const { unmount } = renderWithQuery(<EventsSlider events={events} />);
    wait(EVENT_SLIDE_MS * 2);
    expect(shownTitle()).toBe('Snake Cup');
    expect(screen.getByRole('button', { name: 'Play the events' })).toBeTruthy();
    vi.unstubAllGlobals();
    unmount();

    renderWithQuery(<EventsSlider events={events} />);
    const slider = screen.getByRole('region', { name: 'Events' });
    fireEvent.pointerEnter(slider, { pointerType: 'mouse' });
    wait(EVENT_SLIDE_MS * 2);
    expect(shownTitle()).toBe('Snake Cup');
    fireEvent.pointerLeave(slider, { pointerType: 'mouse' });
    wait(EVENT_SLIDE_MS);
    expect(shownTitle()).toBe('Double Points Friday');
  });

  it('shows a single banner without dots, keeping their row as tall as the skeleton keeps it', () => {
    const { container } = renderWithQuery(<EventsSlider events={[events[0] as EventBanner]} />);
    expect(screen.queryByRole('button', { name: 'Show event 1' })).toBeNull();
    // The dashboard's skeleton reserves this row (EVENTS_CONTROLS_ROW): no layout shift either way.
    const section = container.querySelector('section') as HTMLElement;
    expect((section.lastElementChild as HTMLElement).className).toBe(EVENTS_CONTROLS_ROW);
    wait(EVENT_SLIDE_MS);
    expect(shownTitle()).toBe('Snake Cup');
  });
});

describe('a banner linked to a tournament', () => {
  it("opens the tournament's page instead of the description", () => {
    const { router } = renderRoute(
      () => (
        <EventsSlider events={[{ ...banner(4, 'Matatu Cup'), tournamentId: 9 }, banner(5, 'Free games')]} />
      ),
      { path: '/dashboard' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Matatu Cup' }));
    expect(router.state.location.pathname).toBe('/tournaments/leaderboard/9');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

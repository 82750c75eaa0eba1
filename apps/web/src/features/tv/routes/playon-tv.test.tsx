import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { PLAYER_ANSWER_MS } from '../components/use-player-answer';
import { Component as PlayonTv } from './playon-tv';

const token = () => ({ status: 200, body: { token: fakeToken() } });
const bunny = {
  id: 1,
  title: 'Big Buck Bunny',
  thumbnailUrl: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
  channelUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  primary: true,
  createdAt: '2026-11-01T08:00:00.000Z',
};
const demo = {
  id: 3,
  title: 'YouTube Developers Live: Embedded Web Player Customization',
  thumbnailUrl: 'https://i.ytimg.com/vi/M7lc1UVf-VE/hqdefault.jpg',
  channelUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  primary: false,
  createdAt: '2026-11-20T08:00:00.000Z',
};
const sintel = {
  id: 2,
  title: null,
  thumbnailUrl: null,
  channelUrl: 'https://youtu.be/eRsGyueVLvQ',
  primary: false,
  createdAt: '2026-11-10T08:00:00.000Z',
};
const stubTv = (list: () => { status: number; body: unknown }) =>
  stubFetch({ 'GET /api/auth/token': token, 'GET /api/playon-tv/list': list });
const PLAYER = 'https://www.youtube-nocookie.com';
const ready = JSON.stringify({ event: 'onReady', id: 1, channel: 'widget' });
const embedded = async () => (await screen.findByTitle('PlayOn TV video')) as HTMLIFrameElement;
const posterOf = (title: string) => screen.findByRole('button', { name: `Play ${title}` });
const cards = () => within(screen.getByRole('region', { name: 'More to watch' })).getAllByRole('article');
const watchNow = (card: HTMLElement) =>
  fireEvent.click(within(card).getByRole('button', { name: 'Watch now' }));

let fullscreenElement: Element | null = null;
Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });

/** The TV screen with two videos, each fullscreen request recorded (and granted): answers the recorder. */
async function openWithFullscreen() {
  const requestFullscreen = vi.fn(async function (this: HTMLElement) {
    fullscreenElement = this;
  });
  HTMLElement.prototype.requestFullscreen = requestFullscreen;
  stubTv(() => ok([bunny, demo]));
  renderRoute(PlayonTv, { path: '/playon-tv' });
  await posterOf('Big Buck Bunny');
  return requestFullscreen;
}

describe('Playon TV', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile());
  });
  afterEach(() => {
    // jsdom has no Fullscreen API: each test gives the browser's answer.
    delete (HTMLElement.prototype as Partial<HTMLElement>).requestFullscreen;
    fullscreenElement = null;
    for (const player of document.body.querySelectorAll(':scope > div:has(> iframe)')) player.remove();
  });

  it('shows the primary video on top as its picture and title, and the others with theirs', async () => {
    stubTv(() => ok([bunny, demo, sintel]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    const poster = await posterOf('Big Buck Bunny');
    expect(poster.querySelector('img')?.getAttribute('src')).toBe(bunny.thumbnailUrl);
    expect(poster.parentElement?.className).toContain('aspect-[853/480]');
    expect(screen.getByRole('heading', { level: 2, name: 'Big Buck Bunny' })).toBeTruthy();
    // Nothing of YouTube's loads before a tap.
    expect(document.querySelector('iframe')).toBeNull();
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'YouTube Developers Live: Embedded Web Player Customization',
      'YouTube video eRsGyueVLvQ',
    ]);
    expect(cards().map((card) => card.querySelector('img')?.getAttribute('src') ?? null)).toEqual([
      demo.thumbnailUrl,
      null,
    ]);
  });

  it('draws a poster where a thumbnail cannot load', async () => {
    stubTv(() => ok([bunny, demo]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    await posterOf('Big Buck Bunny');
    const picture = cards()[0]?.querySelector('img') as HTMLImageElement;
    fireEvent.error(picture);
    expect(picture.isConnected).toBe(false);
    expect(cards()[0]?.querySelector('img')).toBeNull();
  });

  it('plays on a tap in the same box, the picture giving way once YouTube answers', async () => {
    stubTv(() => ok([bunny, demo]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    const poster = await posterOf('Big Buck Bunny');
    const box = poster.parentElement as HTMLElement;
    fireEvent.click(poster);
    const player = await embedded();
    expect(player.parentElement).toBe(box);
    const src = new URL(player.getAttribute('src') as string);
    expect(src.origin + src.pathname).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      autoplay: '1',
      enablejsapi: '1',
      origin: window.location.origin,
    });
    expect([player.getAttribute('width'), player.getAttribute('height')]).toEqual(['853', '480']);
    // Still loading: the picture stays, with a spinner instead of the play mark.
    expect(screen.getByRole('button', { name: 'Play Big Buck Bunny' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe('Starting the video');

    // Another page's message is not YouTube's answer.
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'https://evil.example',
        data: ready,
        source: player.contentWindow,
      }),
    );
    expect(screen.queryByRole('button', { name: 'Play Big Buck Bunny' })).not.toBeNull();
    window.dispatchEvent(
      new MessageEvent('message', { origin: PLAYER, data: ready, source: player.contentWindow }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Play Big Buck Bunny' })).toBeNull());
    expect(player.isConnected).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the product's error in the player's place when YouTube does not answer, and plays again on Try again", async () => {
    stubTv(() => ok([bunny]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    const poster = await posterOf('Big Buck Bunny');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(poster);
      const blocked = screen.getByTitle('PlayOn TV video');
      // The browser's error page loaded in the frame; it never answers.
      fireEvent.load(blocked);
      act(() => vi.advanceTimersByTime(PLAYER_ANSWER_MS - 1));
      expect(screen.queryByRole('alert')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole('alert').textContent).toBe(
      "Sorry, it seems we're having trouble connecting to the server. Please try again later.",
    );
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Big Buck Bunny' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const again = await embedded();
    expect(screen.queryByRole('alert')).toBeNull();
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: PLAYER,
        data: JSON.stringify({ event: 'onError', info: 150 }),
        source: again.contentWindow,
      }),
    );
    // A video that may not be embedded says the same.
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again later.');
  });

  it('plays the video named in the address on top, the primary one then among the others', async () => {
    stubTv(() => ok([bunny, demo, sintel]));
    renderRoute(PlayonTv, { path: '/playon-tv/:id', url: '/playon-tv/2' });
    expect(await posterOf('YouTube video eRsGyueVLvQ')).toBeTruthy();
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Big Buck Bunny',
      'YouTube Developers Live: Embedded Web Player Customization',
    ]);
  });

  it('starts playing at once when sent from Watch now', async () => {
    stubTv(() => ok([bunny, sintel]));
    renderRoute(PlayonTv, { path: '/playon-tv/:id', url: '/playon-tv/2', state: { autoplay: true } });
    expect((await embedded()).getAttribute('src')).toContain('/embed/eRsGyueVLvQ?autoplay=1');
  });

  it('Watch now plays that video fullscreen, and leaving fullscreen ends it', async () => {
    const requestFullscreen = await openWithFullscreen();
    watchNow(cards()[0] as HTMLElement);
    const fullscreen = requestFullscreen.mock.contexts[0] as HTMLElement;
    expect(fullscreen.parentElement).toBe(document.body);
    expect(fullscreen.querySelector('iframe')?.getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/M7lc1UVf-VE\?autoplay=1&enablejsapi=1&origin=/,
    );
    expect(fullscreen.querySelector('iframe')?.getAttribute('allow')).toContain('autoplay');

    // The player's own exit button, Back or Escape.
    await Promise.resolve();
    fullscreenElement = null;
    document.dispatchEvent(new Event('fullscreenchange'));
    await waitFor(() => expect(fullscreen.isConnected).toBe(false));
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(await posterOf('Big Buck Bunny')).toBeTruthy();
  });

  it("shows the product's error fullscreen when that player cannot load, and loads it again on Try again", async () => {
    const requestFullscreen = await openWithFullscreen();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      watchNow(cards()[0] as HTMLElement);
      const fullscreen = requestFullscreen.mock.contexts[0] as HTMLElement;
      fireEvent.load(fullscreen.querySelector('iframe') as HTMLIFrameElement);
      act(() => vi.advanceTimersByTime(PLAYER_ANSWER_MS));
      expect(fullscreen.querySelector('iframe')).toBeNull();
      expect(within(fullscreen).getByRole('alert').textContent).toBe(
        "Sorry, it seems we're having trouble connecting to the server. Please try again later.",
      );
      fireEvent.click(within(fullscreen).getByRole('button', { name: 'Try again' }));
      expect(fullscreen.querySelector('iframe')?.getAttribute('src')).toContain('/embed/M7lc1UVf-VE?');
      expect(within(fullscreen).queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the video on its own page, playing, where the browser refuses fullscreen', async () => {
    HTMLElement.prototype.requestFullscreen = vi.fn(() => Promise.reject(new TypeError('not allowed')));
    stubTv(() => ok([bunny, demo]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    await posterOf('Big Buck Bunny');
    watchNow(cards()[0] as HTMLElement);
    expect((await screen.findByTestId('landed')).textContent).toBe('/playon-tv/3');
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({ autoplay: true });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('says the server cannot be reached, and loads the videos on Try again', async () => {
    let isDown = true;
    stubTv(() => (isDown ? failure(503, 'Something happened.', 'INTERNAL') : ok([bunny])));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Sorry, it seems we're having trouble connecting to the server. Please try again later.",
    );
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await posterOf('Big Buck Bunny')).toBeTruthy();
  });

  it('says so when there is nothing to watch', async () => {
    stubTv(() => ok([]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    expect(await screen.findByText('There are no videos on Playon TV yet. Check back later.')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as PlayonTv } from './playon-tv';

const token = () => ({ status: 200, body: { token: fakeToken() } });
const bunny = {
  id: 1,
  channelUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  primary: true,
  createdAt: '2026-11-01T08:00:00.000Z',
};
const demo = {
  id: 3,
  channelUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  primary: false,
  createdAt: '2026-11-20T08:00:00.000Z',
};
const sintel = {
  id: 2,
  channelUrl: 'https://youtu.be/eRsGyueVLvQ',
  primary: false,
  createdAt: '2026-11-10T08:00:00.000Z',
};
const stubTv = (list: () => { status: number; body: unknown }) =>
  stubFetch({ 'GET /api/auth/token': token, 'GET /api/playon-tv/list': list });
const embedded = () => screen.findByTitle('PlayOn TV video');
const cards = () => within(screen.getByRole('region', { name: 'More to watch' })).getAllByRole('article');
const watchNow = (card: HTMLElement) =>
  fireEvent.click(within(card).getByRole('button', { name: 'Watch now' }));

let fullscreenElement: Element | null = null;
Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });

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

  it('plays the primary video on top at 853 by 480 and lists the others, newest first', async () => {
    stubTv(() => ok([bunny, demo, sintel]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    const player = await embedded();
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect([player.getAttribute('width'), player.getAttribute('height')]).toEqual(['853', '480']);
    expect(player.className).toContain('aspect-[853/480]');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'YouTube video M7lc1UVf-VE',
      'YouTube video eRsGyueVLvQ',
    ]);
  });

  it('plays the video named in the address on top, the primary one then among the others', async () => {
    stubTv(() => ok([bunny, demo, sintel]));
    renderRoute(PlayonTv, { path: '/playon-tv/:id', url: '/playon-tv/2' });
    expect((await embedded()).getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/eRsGyueVLvQ');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'YouTube video aqz-KE-bpKQ',
      'YouTube video M7lc1UVf-VE',
    ]);
  });

  it('Watch now plays that video fullscreen, and leaving fullscreen ends it', async () => {
    const requestFullscreen = vi.fn(async function (this: HTMLElement) {
      fullscreenElement = this;
    });
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    stubTv(() => ok([bunny, demo]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    await embedded();
    watchNow(cards()[0] as HTMLElement);
    const fullscreen = requestFullscreen.mock.contexts[0] as HTMLElement;
    expect(fullscreen.parentElement).toBe(document.body);
    expect(fullscreen.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE?autoplay=1',
    );
    expect(fullscreen.querySelector('iframe')?.getAttribute('allow')).toContain('autoplay');

    // The player's own exit button, Back or Escape.
    await Promise.resolve();
    fullscreenElement = null;
    document.dispatchEvent(new Event('fullscreenchange'));
    await waitFor(() => expect(fullscreen.isConnected).toBe(false));
    expect(screen.queryByTestId('landed')).toBeNull();
    expect((await embedded()).getAttribute('src')).toContain('aqz-KE-bpKQ');
  });

  it('opens the video on its own page, playing, where the browser refuses fullscreen', async () => {
    HTMLElement.prototype.requestFullscreen = vi.fn(() => Promise.reject(new TypeError('not allowed')));
    stubTv(() => ok([bunny, demo]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    await embedded();
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
    expect((await embedded()).getAttribute('src')).toContain('aqz-KE-bpKQ');
  });

  it('says so when there is nothing to watch', async () => {
    stubTv(() => ok([]));
    renderRoute(PlayonTv, { path: '/playon-tv' });
    expect(await screen.findByText('There are no videos on Playon TV yet. Check back later.')).toBeTruthy();
  });
});

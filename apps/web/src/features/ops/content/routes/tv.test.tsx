import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as Tv } from './tv';

const video = {
  id: 4,
  title: 'Matatu Rush: how to dodge',
  titleSw: null,
  thumbnailUrl: null,
  channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
  primary: false,
  createdAt: '2026-11-24T09:30:00.000Z',
};

describe("the console's Playon TV", () => {
  it("gives a video YouTube's own picture, shown in the list once saved", async () => {
    storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
    let saved = video;
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/content/tv': () => ok({ items: [saved], total: 1, page: 1, pageSize: 25 }),
      'POST /api/ops/content/tv/4': ({ body }) => {
        saved = { ...video, ...(body as typeof video) };
        return ok(saved);
      },
    });
    renderRoute(Tv, { path: '/ops/content/tv' });
    fireEvent.click(await screen.findByText('Matatu Rush: how to dodge'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the video' });
    expect(dialog.querySelector('img')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: "Use YouTube's picture" }));
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe(
      'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
    );
    fireEvent.change(within(dialog).getByLabelText(/^Title in Kiswahili/), {
      target: { value: 'Matatu Rush: jinsi ya kukwepa' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Matatu Rush: how to dodge',
      titleSw: 'Matatu Rush: jinsi ya kukwepa',
      thumbnailUrl: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
      channelUrl: 'https://youtu.be/aqz-KE-bpKQ',
      primary: false,
    });
    await expect
      .poll(() => screen.getByRole('table').querySelector('img')?.getAttribute('src'))
      .toBe('https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg');
  });
});

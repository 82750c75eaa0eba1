import { IDEMPOTENCY_HEADER } from '@playon/shared/payments';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '../../../../lib/session-store';
import { ok } from '../../../../test/factories';
import { fakeToken, stubFetch } from '../../../../test/fetch-stub';
import { renderRoute } from '../../../../test/render-route';
import { Component as Broadcasts } from './broadcasts';

const sent = {
  id: 9,
  audience: 'all',
  targetId: null,
  audienceLabel: 'All players',
  title: 'Double points tonight',
  body: 'Every score counts twice from 8 pm.',
  titleSw: null,
  bodySw: null,
  url: null,
  recipientsCounted: 1250,
  recipientsWritten: null,
  byEmail: 'sam@example.com',
  createdAt: '2026-11-24T09:30:00.000Z',
  sentAt: null,
};

/** An operator on the broadcasts page, an audience of `recipients`, the server answering `answer` to a send. */
function openConsole(recipients: number, answer: object) {
  storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/ops/community/broadcasts/targets': () => ok({ tournaments: [], games: [] }),
    'GET /api/ops/community/broadcasts/count': () => ok({ recipients, audienceLabel: 'All players' }),
    'GET /api/ops/community/broadcasts': () => ok({ items: [], total: 0, page: 1, pageSize: 25 }),
    'POST /api/ops/community/broadcasts': () => ok(answer),
  });
}

describe('a broadcast', () => {
  it('is counted and previewed, and a double click on Send sends it with one key', async () => {
    const calls = openConsole(1250, sent);
    renderRoute(Broadcasts, { path: '/ops/community/broadcasts' });
    expect(await screen.findByText('1,250')).toBeTruthy();
    fireEvent.input(screen.getByLabelText(/^Title \(/), { target: { value: 'Double points tonight' } });
    fireEvent.input(screen.getByLabelText(/^Message \(/), {
      target: { value: 'Every score counts twice from 8 pm.' },
    });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByText('Double points tonight')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the broadcast' });
    const send = within(dialog).getByRole('button', { name: 'Send to 1,250' });
    fireEvent.click(send);
    fireEvent.click(send);
    await screen.findByText('No broadcast sent yet.');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(posts.map((call) => call.headers[IDEMPOTENCY_HEADER])).size).toBe(1);
    expect(posts[0]?.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[0]?.body).toEqual({
      audience: 'all',
      title: 'Double points tonight',
      body: 'Every score counts twice from 8 pm.',
      titleSw: null,
      bodySw: null,
      expectedRecipients: 1250,
    });
  });

  it('is written and previewed in Kiswahili too, the English standing in for a Kiswahili text left empty', async () => {
    const calls = openConsole(3, { ...sent, titleSw: 'Alama mara mbili leo usiku' });
    renderRoute(Broadcasts, { path: '/ops/community/broadcasts' });
    expect(await screen.findByText('3')).toBeTruthy();
    const type = (label: RegExp, value: string) =>
      fireEvent.input(screen.getByLabelText(label), { target: { value } });
    type(/^Title \(/, 'Double points tonight');
    type(/^Message \(/, 'Every score counts twice from 8 pm.');
    type(/^Title in Kiswahili \(0\/80, optional\)$/, 'Alama mara mbili leo usiku');
    expect(screen.getByLabelText(/^Title in Kiswahili/).getAttribute('lang')).toBe('sw');
    expect(screen.getByLabelText(/^Title in Kiswahili/).closest('label, div')?.textContent).toMatch(/26\/80/);

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByText('Double points tonight')).toHaveLength(2);
    fireEvent.click(within(preview).getByRole('button', { name: 'Kiswahili' }));
    expect(within(preview).getByRole('button', { name: 'Kiswahili' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(preview).getAllByText('Alama mara mbili leo usiku')).toHaveLength(2);
    expect(within(preview).getAllByText('Every score counts twice from 8 pm.')).toHaveLength(2);
    expect(within(preview).getByText(/No Kiswahili message written/)).toBeTruthy();

    type(/^Message in Kiswahili/, 'a'.repeat(301));
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByText('Keep the Kiswahili message under 300 characters.')).toBeTruthy();
    type(/^Message in Kiswahili/, 'Kila alama inahesabiwa mara mbili.');
    expect(within(preview).queryByText(/No Kiswahili/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the broadcast' });
    expect(within(dialog).getByText('Kila alama inahesabiwa mara mbili.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 3' }));
    await expect.poll(() => calls.filter((call) => call.method === 'POST').length).toBe(1);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      titleSw: 'Alama mara mbili leo usiku',
      bodySw: 'Kila alama inahesabiwa mara mbili.',
    });
  });

  it('goes to a saved audience: counted with its first players, sent once with one key', async () => {
    storeUser({ id: 'u1', email: 'sam@example.com', name: '' });
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'GET /api/ops/community/broadcasts/targets': () => ok({ tournaments: [], games: [] }),
      'GET /api/ops/community/broadcasts': () => ok({ items: [], total: 0, page: 1, pageSize: 25 }),
      'GET /api/ops/community/audiences': () =>
        ok({
          items: [{ id: 7, name: 'Lapsed a month', description: 'No play in the last 30 days' }],
          total: 1,
          page: 1,
          pageSize: 100,
        }),
      'GET /api/ops/community/audiences/7/size': () =>
        ok({
          count: 2,
          preview: ['amina', 'brian'],
          description: 'No play in the last 30 days',
          countedAt: '',
        }),
      'POST /api/ops/community/audiences/7/broadcast': () =>
        ok({ ...sent, audience: 'saved', targetId: 7, audienceLabel: 'Audience: Lapsed a month' }),
    });
    renderRoute(Broadcasts, {
      path: '/ops/community/broadcasts',
      url: '/ops/community/broadcasts?audience=7',
    });
    expect(await screen.findByText('2')).toBeTruthy();
    expect(screen.getByText(/Audience: Lapsed a month/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'First players in the audience' }).textContent).toBe(
      'aminabrian',
    );
    fireEvent.input(screen.getByLabelText(/^Title \(/), { target: { value: 'We miss you' } });
    fireEvent.input(screen.getByLabelText(/^Message \(/), {
      target: { value: 'Double points this weekend.' },
    });
    fireEvent.input(screen.getByLabelText(/^Title in Kiswahili/), { target: { value: 'Tunakukumbuka' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the broadcast' });
    expect(within(dialog).getByText('amina')).toBeTruthy();
    expect(within(dialog).getByText('Tunakukumbuka')).toBeTruthy();
    const send = within(dialog).getByRole('button', { name: 'Send to 2' });
    fireEvent.click(send);
    fireEvent.click(send);
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(new Set(posts.map((call) => call.headers[IDEMPOTENCY_HEADER])).size).toBe(1);
    expect(posts.every((call) => call.path === '/api/ops/community/audiences/7/broadcast')).toBe(true);
    expect(posts[0]?.body).toEqual({
      title: 'We miss you',
      body: 'Double points this weekend.',
      titleSw: 'Tunakukumbuka',
      bodySw: null,
      expectedRecipients: 2,
    });
  });
});

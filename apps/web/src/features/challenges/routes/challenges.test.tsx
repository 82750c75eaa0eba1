import type { ChallengeListItem } from '@playon/shared/challenges';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as Challenges } from './challenges';

const item = (overrides: Partial<ChallengeListItem> = {}): ChallengeListItem => ({
  code: 'AbCdEfGhIjKlMnOpQrStUv',
  direction: 'received',
  gameName: 'Matatu Rush',
  gameIcon: '/play/matatu-rush/icon.svg',
  opponent: 'brian',
  myPoints: null,
  opponentPoints: 142,
  status: 'open',
  createdAt: '2026-11-22T08:00:00.000Z',
  expiresAt: '2026-11-25T08:00:00.000Z',
  ...overrides,
});

function serve(answer: () => { status: number; body: unknown }) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'GET /api/challenges': answer,
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');

describe('challenges screen', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ username: 'amina' }));
  });

  it('says so on every tab when there are no challenges', async () => {
    serve(() => ok([]));
    renderRoute(Challenges, { path: '/challenges' });
    expect(
      await screen.findByText('No challenges from friends yet. Ask a friend to send you one.'),
    ).toBeTruthy();
    const empties: Array<[string, string]> = [
      ['Sent', 'You have not challenged anyone yet. Finish a game, then tap Challenge a friend.'],
      ['Won', 'No wins yet. Answer a challenge or send one to start.'],
      ['Lost', 'No lost challenges.'],
      ['Expired', 'No expired challenges.'],
    ];
    for (const [name, text] of empties) {
      fireEvent.click(tab(name));
      expect(tab(name).getAttribute('aria-selected')).toBe('true');
      expect(within(panel()).getByText(text)).toBeTruthy();
    }
  });

  it('files each challenge under its direction and its outcome, with both scores', async () => {
    serve(() =>
      ok([
        item(),
        item({
          code: 'BbCdEfGhIjKlMnOpQrStUv',
          direction: 'sent',
          opponent: 'chero',
          myPoints: 142,
          opponentPoints: 90.5,
          status: 'won',
        }),
        item({ code: 'CbCdEfGhIjKlMnOpQrStUv', direction: 'sent', opponent: null, myPoints: 60 }),
        item({ code: 'DbCdEfGhIjKlMnOpQrStUv', myPoints: 10, status: 'lost' }),
        item({ code: 'EbCdEfGhIjKlMnOpQrStUv', opponent: 'dan', status: 'expired' }),
      ]),
    );
    renderRoute(Challenges, { path: '/challenges' });
    const received = await screen.findAllByRole('article');
    expect(received).toHaveLength(3);
    expect(within(received[0] as HTMLElement).getByRole('link', { name: 'Against brian' })).toBeTruthy();
    expect(within(received[0] as HTMLElement).getByText('To beat: 142.00')).toBeTruthy();

    fireEvent.click(tab('Sent'));
    const sent = within(panel()).getAllByRole('article');
    expect(sent.map((card) => within(card).getByRole('link').textContent)).toEqual([
      'Against chero',
      'Shared link, no answer yet',
    ]);
    expect(within(sent[0] as HTMLElement).getByText('You 142.00, chero 90.50')).toBeTruthy();
    expect(within(sent[0] as HTMLElement).getByText('Won')).toBeTruthy();
    expect(
      within(sent[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/challenges/BbCdEfGhIjKlMnOpQrStUv');

    fireEvent.click(tab('Lost'));
    expect(within(panel()).getAllByRole('article')).toHaveLength(1);
    expect(within(panel()).getByText('You 10.00, brian 142.00')).toBeTruthy();
    fireEvent.click(tab('Expired'));
    expect(within(panel()).getByRole('link', { name: 'Against dan' })).toBeTruthy();
  });

  it('moves between tabs with the arrow keys', async () => {
    serve(() => ok([]));
    renderRoute(Challenges, { path: '/challenges' });
    await screen.findByText('No challenges from friends yet. Ask a friend to send you one.');
    fireEvent.keyDown(tab('Received'), { key: 'ArrowRight' });
    expect(tab('Sent').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Sent'), { key: 'ArrowLeft' });
    fireEvent.keyDown(tab('Received'), { key: 'ArrowLeft' });
    expect(tab('Expired').getAttribute('aria-selected')).toBe('true');
  });

  it('offers to try again when the list cannot be fetched', async () => {
    serve(() => failure(500, 'Something went wrong', 'INTERNAL'));
    renderRoute(Challenges, { path: '/challenges' });
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });
});

import type { ChallengeView } from '@playon/shared/challenges';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as NewChallenge } from './new-challenge';

const code = 'AbCdEfGhIjKlMnOpQrStUv';
const created: ChallengeView = {
  code,
  game: { id: 1, name: 'Matatu Rush', gameIcon: '/play/matatu-rush/icon.svg' },
  challenger: { username: 'amina', points: 142 },
  to: null,
  expiresAt: '2026-11-25T08:00:00.000Z',
  state: 'yours',
  results: [],
};

function serve(answer: () => { status: number; body: unknown }) {
  return stubFetch({
    'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
    'POST /api/challenges': answer,
  });
}

const open = (url = '/challenges/new?run=abc.def') =>
  renderRoute(NewChallenge, { path: '/challenges/new', url });

describe('challenge a friend', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ username: 'amina' }));
  });
  afterEach(() => {
    for (const toast of getToasts()) dismissToast(toast.id);
    vi.unstubAllGlobals();
  });

  it('sends the run to a friend by username and opens the challenge', async () => {
    const calls = serve(() => ok({ ...created, to: 'brian' }));
    open();
    fireEvent.input(screen.getByLabelText("Friend's username"), { target: { value: ' brian ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    expect((await screen.findByTestId('landed')).textContent).toBe(`/challenges/${code}`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      session: 'abc.def',
      username: 'brian',
    });
  });

  it('wants a username, and shows the server refusal under the field', async () => {
    serve(() => ({
      status: 404,
      body: {
        statusCode: 404,
        statusMessage: 'User not found',
        payload: { code: 'NOT_FOUND', fields: { username: 'User not found' } },
      },
    }));
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Please enter your friend's username.");
    fireEvent.input(screen.getByLabelText("Friend's username"), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send challenge' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('User not found'));
  });

  it('shares a link with the share sheet, or copies it where there is none', async () => {
    const calls = serve(() => ok(created));
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Share a link' }));
    expect((await screen.findByTestId('landed')).textContent).toBe(`/challenges/${code}`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ session: 'abc.def' });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/challenges/${code}`);
    expect(getToasts().map((toast) => toast.message)).toEqual(['Link copied. Paste it to your friend.']);
  });

  it('uses the share sheet with the username and score only', async () => {
    serve(() => ok(created));
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share });
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Share a link' }));
    await screen.findByTestId('landed');
    expect(share).toHaveBeenCalledWith({
      title: 'amina challenges you on PlayOn',
      text: 'amina scored 142.00 points in Matatu Rush. Can you beat it?',
      url: `${window.location.origin}/challenges/${code}`,
    });
  });

  it('says how to get a run when it was opened without one', () => {
    serve(() => failure(500, 'x', 'INTERNAL'));
    open('/challenges/new');
    expect(screen.getByText('Finish a game first, then tap Challenge a friend on its score.')).toBeTruthy();
  });
});

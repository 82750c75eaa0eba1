import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeProfile, storeUser } from '../../../lib/session-store';
import { buildProfile } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { landedState, renderRoute } from '../../../test/render-route';
import { Component as Boost } from './boost';

const token = () => ({ status: 200, body: { token: fakeToken() } });
const envelope = (status: number, statusMessage: string, payload: unknown) => ({
  status,
  body: { statusCode: status, statusMessage, payload },
});
const usernameField = () => screen.getByLabelText("Friend's username");
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

function lookUp(username: string) {
  fireEvent.input(usernameField(), { target: { value: username } });
  fireEvent.click(continueButton());
}

describe('boost a friend', () => {
  beforeEach(() => {
    storeUser({ id: 'u1', email: 'amina@example.com', name: '' });
    storeProfile(buildProfile({ username: 'amina' }));
  });

  it("asks the product's question and wants a username before looking anyone up", async () => {
    const calls = stubFetch({ 'GET /api/auth/token': token });
    renderRoute(Boost, { path: '/account/boost' });
    expect(screen.getByText('So, you want to boost your friend?')).toBeTruthy();
    lookUp('   ');
    expect((await screen.findByRole('alert')).textContent).toBe("Please enter your friend's username.");
    expect(calls.filter((call) => call.path.startsWith('/api/users'))).toHaveLength(0);
  });

  it("says 'User not found' for a username nobody has", async () => {
    const calls = stubFetch({
      'GET /api/auth/token': token,
      'GET /api/users/by-username/nobody': () => envelope(404, 'User not found', { code: 'NOT_FOUND' }),
    });
    renderRoute(Boost, { path: '/account/boost' });
    lookUp('nobody');
    expect((await screen.findByRole('alert')).textContent).toBe('User not found');
    expect(calls.some((call) => call.path === '/api/users/by-username/nobody')).toBe(true);
  });

  it('shows the server message when the lookup is refused', async () => {
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/users/by-username/Amina_2': () =>
        envelope(400, 'You cannot boost yourself. Top up your own wallet instead.', { code: 'BAD_REQUEST' }),
    });
    renderRoute(Boost, { path: '/account/boost' });
    lookUp('Amina_2');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot boost yourself. Top up your own wallet instead.',
    );
  });

  it('tells a player who types their own username that they cannot boost themself, without a lookup', async () => {
    const calls = stubFetch({ 'GET /api/auth/token': token });
    renderRoute(Boost, { path: '/account/boost' });
    lookUp(' AMINA ');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot boost yourself. Top up your own wallet instead.',
    );
    expect(calls.filter((call) => call.path.startsWith('/api/users'))).toHaveLength(0);
  });

  it("goes on to the amount as a BOOST for the friend's id", async () => {
    stubFetch({
      'GET /api/auth/token': token,
      'GET /api/users/by-username/otieno': () => envelope(200, '', { id: 'u2' }),
    });
    renderRoute(Boost, { path: '/account/boost' });
    lookUp(' otieno ');
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/account/payment/amount'));
    expect(landedState(screen.getByTestId('landed-state'))).toEqual({
      type: 'BOOST',
      userId: 'u2',
      friendUsername: 'otieno',
      flowStartPath: '/account/boost',
    });
  });
});

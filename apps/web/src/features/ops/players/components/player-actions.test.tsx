import type { OperatorRole } from '@playon/shared/ops';
import type { PlayerDetail } from '@playon/shared/ops-players';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../../test/render-with-query';
import { PlayerActions } from './player-actions';

const player: PlayerDetail = {
  uid: 'p1',
  identity: {
    email: 'amina@example.com',
    name: 'Amina',
    emailVerified: true,
    role: 'player',
    state: 'active',
    disabledReason: null,
    signInMethods: ['credential'],
    activeSessions: 1,
    createdAt: '2026-11-24T09:30:00.000Z',
  },
  profile: null,
  balance: 250,
};

const buttons = (role: OperatorRole) => {
  const { unmount } = renderWithQuery(<PlayerActions player={player} role={role} />);
  const names = screen.getAllByRole('button').map((button) => button.textContent);
  unmount();
  return names;
};

describe("a player's account actions in the console", () => {
  it('offers each role only what it may do: money moves by finance or an admin', () => {
    expect(buttons('support')).toEqual([
      'Disable',
      'Send password reset',
      'Export data (JSON)',
      'Delete account',
    ]);
    expect(buttons('finance')).toEqual(['Disable', 'Pay out balance']);
    expect(buttons('admin')).toEqual([
      'Disable',
      'Send password reset',
      'Export data (JSON)',
      'Pay out balance',
      'Delete account',
    ]);
  });
});

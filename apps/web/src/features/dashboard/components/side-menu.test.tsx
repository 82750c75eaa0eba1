import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeProfile } from '../../../lib/session-store';
import { buildProfile } from '../../../test/factories';
import { renderWithQuery } from '../../../test/render-with-query';
import { SideMenu } from './side-menu';

describe('side menu', () => {
  it("lists every screen in the product's order, then Logout and the version", () => {
    storeProfile(buildProfile());
    renderWithQuery(<SideMenu onClose={() => undefined} />);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    const entries = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Tournaments',
      'Playon TV',
      'Chat rooms',
      'Subscriptions',
      'Wallet',
      'Hall of fame',
      'Boost a friend',
      'Contact us',
      'Logout',
    ]);
    const href = (name: string) => within(menu).getByRole('link', { name }).getAttribute('href');
    expect(href('Tournaments')).toBe('/tournaments');
    expect(href('Playon TV')).toBe('/playon-tv');
    expect(href('Chat rooms')).toBe('/chat-room');
    expect(href('Subscriptions')).toBe('/account/subscription');
    expect(href('Wallet')).toBe('/account/wallet');
    expect(href('Hall of fame')).toBe('/tournaments/hall-of-fame');
    expect(href('Boost a friend')).toBe('/account/boost');
    expect(href('Contact us')).toBe('/account/feedback');
    expect(within(menu).getByText('Version 2.0')).toBeTruthy();
  });
});

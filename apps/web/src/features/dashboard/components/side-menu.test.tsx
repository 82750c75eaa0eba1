import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeProfile } from '../../../lib/session-store';
import { buildProfile } from '../../../test/factories';
import { renderWithQuery } from '../../../test/render-with-query';
import { SideMenu } from './side-menu';

describe('side menu', () => {
  it("lists the screens that exist in the spec's order, then Logout", () => {
    storeProfile(buildProfile());
    renderWithQuery(<SideMenu onClose={() => undefined} />);
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    const entries = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Tournaments',
      'Subscriptions',
      'Wallet',
      'Hall of fame',
      'Boost a friend',
      'Logout',
    ]);
    const href = (name: string) => within(menu).getByRole('link', { name }).getAttribute('href');
    expect(href('Tournaments')).toBe('/tournaments');
    expect(href('Hall of fame')).toBe('/tournaments/hall-of-fame');
    expect(href('Boost a friend')).toBe('/account/boost');
    expect(href('Subscriptions')).toBe('/account/subscription');
    expect(href('Wallet')).toBe('/account/wallet');
  });
});

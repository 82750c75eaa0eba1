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
    expect(entries).toEqual(['Subscriptions', 'Wallet', 'Boost a friend', 'Logout']);
    expect(within(menu).getByRole('link', { name: 'Boost a friend' }).getAttribute('href')).toBe(
      '/account/boost',
    );
    expect(within(menu).getByRole('link', { name: 'Subscriptions' }).getAttribute('href')).toBe(
      '/account/subscription',
    );
  });
});

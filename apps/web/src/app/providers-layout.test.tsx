import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { languageHeaders, setLanguage } from '../lib/language';
import { ok } from '../test/factories';
import { stubFetch } from '../test/fetch-stub';
import { Component as ProvidersLayout } from './providers-layout';

/** A screen showing what the server said, as the dashboard shows its banners. */
function Banner() {
  const { data } = useQuery({
    queryKey: ['events'],
    queryFn: async () =>
      ((await (await fetch('/api/events', { headers: languageHeaders() })).json()) as { payload: string })
        .payload,
    staleTime: 5 * 60_000,
  });
  return <p data-testid="banner">{data}</p>;
}

describe('the providers layout', () => {
  afterEach(() => setLanguage('en', { remember: false }));

  it('fetches again in the new language what the server said in the other one', async () => {
    const calls = stubFetch({
      'GET /api/events': ({ headers }) =>
        ok(headers['Accept-Language'] === 'sw' ? 'Kombe la Matatu Rush' : 'Matatu Rush Cup'),
    });
    const router = createMemoryRouter([
      { Component: ProvidersLayout, children: [{ path: '/', Component: Banner }] },
    ]);
    render(<RouterProvider router={router} />);
    await expect.poll(() => screen.getByTestId('banner').textContent).toBe('Matatu Rush Cup');

    setLanguage('sw', { remember: false });
    await expect.poll(() => screen.getByTestId('banner').textContent).toBe('Kombe la Matatu Rush');
    expect(calls.map((call) => call.headers['Accept-Language'])).toEqual(['en', 'sw']);
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../lib/i18n';
import { setLanguage } from '../../../lib/language';
import { renderRoute } from '../../../test/render-route';
import { LegalBody } from '../components/legal-body';
import type { LegalText } from '../content/legal-text';
import { privacy as privacyEn } from '../content/privacy-en';
import { privacy as privacySw } from '../content/privacy-sw';
import { terms as termsEn } from '../content/terms-en';
import { terms as termsSw } from '../content/terms-sw';
import { Component as Privacy } from './privacy';
import { Component as Terms } from './terms';

/** A page's shape: how many paragraphs each section has and which of them open in bold. */
const shapeOf = (text: LegalText) =>
  text.sections.map((section) =>
    section.paragraphs.map((paragraph) =>
      typeof paragraph === 'string' ? 0 : paragraph.filter((run) => typeof run !== 'string').length,
    ),
  );

describe('the legal pages', () => {
  afterEach(async () => {
    await act(() => chooseLanguage('en'));
    setLanguage('en');
  });

  it.each([
    ['privacy policy', privacyEn, privacySw],
    ['terms of service', termsEn, termsSw],
  ])('say the %s in Kiswahili section for section, paragraph for paragraph', (_, english, kiswahili) => {
    expect(shapeOf(kiswahili)).toEqual(shapeOf(english));
    expect(Boolean(kiswahili.updated)).toBe(Boolean(english.updated));
  });

  it('show the privacy policy in English with its date and its 14 sections', async () => {
    renderRoute(Privacy, { path: '/privacy' });
    expect(await screen.findByText('Last Update: 26 July 2019')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(14);
    expect(screen.getByText('Contract:')).toBeTruthy();
  });

  it('show a Kiswahili reader the terms in Kiswahili', async () => {
    await act(() => chooseLanguage('sw'));
    renderRoute(Terms, { path: '/terms' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Kukubali masharti haya' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Masharti ya Huduma' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(13);
    expect(screen.queryByText('Acceptance of these terms')).toBeNull();
  });

  it('follow the reader from English to Kiswahili while open', async () => {
    renderRoute(Privacy, { path: '/privacy' });
    expect(await screen.findByText('Last Update: 26 July 2019')).toBeTruthy();
    await act(() => chooseLanguage('sw'));
    expect(await screen.findByText('Ilisasishwa mwisho: 26 Julai 2019')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sera ya Faragha' })).toBeTruthy();
  });
});

describe('a legal page whose text cannot load', () => {
  it('says so with Try again, and shows the text once it comes', async () => {
    let attempts = 0;
    const loaders = {
      en: async () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return termsEn;
      },
      sw: async () => termsSw,
    };
    render(<LegalBody loaders={loaders} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load this. Check your connection and try again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Acceptance of these terms' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

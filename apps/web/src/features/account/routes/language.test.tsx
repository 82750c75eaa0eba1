import { LANGUAGE_STORAGE_KEY } from '@playon/shared/storage-keys';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import translator from '../../../lib/i18n';
import { currentLanguage, setLanguage } from '../../../lib/language';
import { readProfile, storeProfile, storeUser } from '../../../lib/session-store';
import { dismissToast, getToasts } from '../../../lib/toast';
import { buildProfile, failure, ok } from '../../../test/factories';
import { fakeToken, stubFetch } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { Component as LanguageScreen } from './language';

function signedIn() {
  storeUser({ id: 'u1', email: 'wanjiku@example.com', name: '' });
  const profile = buildProfile({ uid: 'u1' });
  storeProfile(profile);
  return profile;
}

describe('the Language screen in Account', () => {
  afterEach(async () => {
    for (const toast of getToasts()) dismissToast(toast.id);
    setLanguage('en');
    await translator.changeLanguage('en');
  });

  it('saves Kiswahili on the profile, then speaks it and says so', async () => {
    const profile = signedIn();
    const calls = stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'PUT /api/profile/u1': ({ body }) => ok({ ...profile, ...(body as object) }),
    });
    renderRoute(LanguageScreen, { path: '/account/language' });
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toEqual(['Lugha imebadilishwa']));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ language: 'sw' });
    expect(put?.headers['Accept-Language']).toBe('en');
    expect(currentLanguage()).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(readProfile()?.language).toBe('sw');
  });

  it('keeps the language as it was when the profile cannot be saved, and says why', async () => {
    signedIn();
    stubFetch({
      'GET /api/auth/token': () => ({ status: 200, body: { token: fakeToken() } }),
      'PUT /api/profile/u1': () => failure(500, 'Something happened.', 'INTERNAL'),
    });
    renderRoute(LanguageScreen, { path: '/account/language' });
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toEqual(['Something happened.']));
    expect(currentLanguage()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
